import { uiMessageText } from './i18n/messages';
import { RpcClientError } from './rpc/types';
import { activeLanguage, i18n } from './i18n';
import { errorText } from '../../../shared/error-text';

/**
 * Every date, time, number and duration the console shows, formatted with Intl for the active UI language (so
 * "3.5 s" reads "3.5秒" in Chinese). Callers pass `locale` only in tests; components re-render on a language change
 * because they translate through useTranslation.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

const unit = (locale: string, name: 'millisecond' | 'second' | 'minute' | 'hour', digits: number) =>
  cached(
    `unit:${locale}:${name}:${digits}`,
    () =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }),
  );

export function formatDuration(ms: number | undefined, locale: string = activeLanguage()): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return unit(locale, 'millisecond', 0).format(Math.round(ms));
  if (ms < 60_000) return unit(locale, 'second', ms < 10_000 ? 2 : 1).format(ms / 1000);
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  if (minutes < 60) return `${unit(locale, 'minute', 0).format(minutes)} ${unit(locale, 'second', 0).format(seconds)}`;
  return `${unit(locale, 'hour', 0).format(Math.floor(minutes / 60))} ${unit(locale, 'minute', 0).format(minutes % 60)}`;
}

/** A time of today as a time; an older one with its date. */
export function formatTime(iso: string | undefined, locale: string = activeLanguage(), now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === now.toDateString();
  const format = sameDay
    ? cached(`time:${locale}`, () => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }))
    : cached(`datetime:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }));
  return format.format(date);
}

export function formatNumber(value: number, locale: string = activeLanguage()): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** "in 3 minutes" / "3分钟后", "5 seconds ago" / "5秒钟前": `ms` from now, in the largest whole unit. */
export function formatRelative(ms: number, locale: string = activeLanguage()): string {
  const format = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const abs = Math.abs(ms);
  if (abs < 60_000) return format.format(Math.round(ms / 1000), 'second');
  if (abs < 3_600_000) return format.format(Math.round(ms / 60_000), 'minute');
  if (abs < 86_400_000) return format.format(Math.round(ms / 3_600_000), 'hour');
  return format.format(Math.round(ms / 86_400_000), 'day');
}

/** Pretty JSON for arguments and results; strings that hold JSON are unwrapped so they read well too. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** What went wrong, in the UI's language where main sent a code for it (RpcClientError.uiMessage). */
export function errorMessage(error: unknown): string {
  if (error instanceof RpcClientError && error.uiMessage) return uiMessageText(i18n, error.uiMessage);
  return errorText(error);
}

/** "512 bytes" / "512字节", "4 kB", "1.2 MB" (binary multiples, as the sizes servers report are). */
export function formatBytes(bytes: number, locale: string = activeLanguage()): string {
  if (bytes < 1024)
    return cached(
      `bytes:${locale}`,
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }),
    ).format(bytes);
  const [name, size] = bytes < 1024 * 1024 ? (['kilobyte', 1024] as const) : (['megabyte', 1024 * 1024] as const);
  return cached(
    `${name}:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }),
  ).format(bytes / size);
}
