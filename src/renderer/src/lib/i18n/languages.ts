import type { UiLanguageChoice } from '../../../../shared/contract';
import { matchLanguage, type UiLanguage } from '../../../../shared/ui-languages';

export { FALLBACK_LANGUAGE, matchLanguage, UI_LANGUAGES, type UiLanguage } from '../../../../shared/ui-languages';

/** The language to show: the operator's choice, else the OS's (desktop), else the browser's. */
export function resolveLanguage(
  choice: UiLanguageChoice | undefined,
  systemLanguages: readonly string[],
  browserLanguages: readonly string[],
): UiLanguage {
  if (choice && choice !== 'auto') return choice;
  return matchLanguage(systemLanguages.length ? systemLanguages : browserLanguages);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
