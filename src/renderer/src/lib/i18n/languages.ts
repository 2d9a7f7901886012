import type { UiLanguageChoice } from '../../../../shared/contract';

/** The languages the console's UI is written in; `en` is the fallback for anything else. */
export const UI_LANGUAGES = ['en', 'zh-CN'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/**
 * The UI language for a list of BCP 47 tags, most preferred first (the OS's or the browser's): the first tag we
 * have a translation for. Any Chinese (zh, zh-Hans, zh-TW…) reads the simplified resources, closer than English.
 */
export function matchLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en';
  }
  return FALLBACK_LANGUAGE;
}

/** The language to show: the operator's choice, else the OS's (desktop), else the browser's. */
export function resolveLanguage(choice: UiLanguageChoice | undefined, systemLanguages: readonly string[], browserLanguages: readonly string[]): UiLanguage {
  if (choice && choice !== 'auto') return choice;
  return matchLanguage(systemLanguages.length ? systemLanguages : browserLanguages);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
