import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatNumber, formatRelative, formatTime } from './format';
import { i18n } from './i18n';

// Intl separates some parts with narrow no-break spaces ("3:04:05 PM"); compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('format', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes durations in the largest units that read well, in each language', () => {
    expect(formatDuration(250, 'en')).toBe('250 ms');
    expect(formatDuration(3_500, 'en')).toBe('3.5 sec');
    expect(formatDuration(12_340, 'en')).toBe('12.3 sec');
    expect(plain(formatDuration(125_000, 'en'))).toBe('2 min 5 sec');
    expect(plain(formatDuration(3 * 3_600_000 + 7 * 60_000, 'en'))).toBe('3 hr 7 min');
    expect(formatDuration(250, 'zh-CN')).toBe('250毫秒');
    expect(formatDuration(3_500, 'zh-CN')).toBe('3.5秒');
    expect(plain(formatDuration(125_000, 'zh-CN'))).toBe('2分钟 5秒');
  });

  it('writes nothing for a duration that is missing or not a number', () => {
    expect(formatDuration(undefined, 'en')).toBe('');
    expect(formatDuration(Number.NaN, 'en')).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY, 'zh-CN')).toBe('');
  });

  it('shows a time of today as a time, and an older one with its date', () => {
    const now = new Date(2026, 0, 2, 18, 0, 0);
    const today = new Date(2026, 0, 2, 15, 4, 5).toISOString();
    const earlier = new Date(2025, 11, 30, 15, 4, 5).toISOString();
    expect(plain(formatTime(today, 'en', now))).toBe('3:04:05 PM');
    expect(plain(formatTime(today, 'zh-CN', now))).toBe('15:04:05');
    expect(plain(formatTime(earlier, 'en', now))).toBe('Dec 30, 2025, 3:04:05 PM');
    expect(plain(formatTime(earlier, 'zh-CN', now))).toBe('2025年12月30日 15:04:05');
  });

  it('keeps a time it cannot read as it came, and an absent one empty', () => {
    expect(formatTime('not a time', 'en')).toBe('not a time');
    expect(formatTime(undefined, 'zh-CN')).toBe('');
  });

  it('groups numbers by the locale', () => {
    expect(formatNumber(1_234_567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1_234_567.5, 'zh-CN')).toBe('1,234,567.5');
    expect(formatNumber(0, 'zh-CN')).toBe('0');
  });

  it('writes sizes in bytes, kB and MB', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(512, 'zh-CN')).toBe('512字节');
    expect(formatBytes(4 * 1024 + 40, 'en')).toBe('4 kB');
    expect(formatBytes(1.25 * 1024 * 1024, 'zh-CN')).toBe('1.3 MB');
  });

  it('writes relative times in the largest whole unit, past and future', () => {
    expect(formatRelative(3 * 60_000, 'en')).toBe('in 3 minutes');
    expect(formatRelative(-5_000, 'en')).toBe('5 seconds ago');
    expect(formatRelative(-2 * 3_600_000, 'en')).toBe('2 hours ago');
    expect(formatRelative(-86_400_000, 'en')).toBe('yesterday');
    expect(formatRelative(3 * 60_000, 'zh-CN')).toBe('3分钟后');
    expect(formatRelative(-5_000, 'zh-CN')).toBe('5秒钟前');
    expect(formatRelative(-86_400_000, 'zh-CN')).toBe('昨天');
  });

  it('follows the UI language when no locale is given', async () => {
    expect(formatDuration(3_500)).toBe('3.5 sec');
    await i18n.changeLanguage('zh-CN');
    expect(formatDuration(3_500)).toBe('3.5秒');
    expect(formatRelative(60_000)).toBe('1分钟后');
  });
});
