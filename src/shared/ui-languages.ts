/** The languages the console's UI is written in; `en` is the fallback for anything else. */
export const UI_LANGUAGES = ['en', 'zh-CN'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/**
 * The UI language for a list of BCP 47 tags, most preferred first (the OS's or the browser's): the first tag we
 * have a translation for. Any Chinese (zh, zh-Hans, zh-TW…) reads the simplified resources, closer than English.
 * The console's default (lib/i18n) and the desktop's native dialogs shown without it (desktop/failures.ts) use it.
 */
export function matchLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en';
  }
  return FALLBACK_LANGUAGE;
}
