import zhMessages from '../../renderer/src/locales/zh-CN/messages.json';
import type { UiLanguageChoice } from '../../shared/contract/preferences';
import { formatMessage } from '../../shared/i18n-message';
import { MAIN_MESSAGES } from '../../shared/messages';
import type { Params } from '../../shared/messages/define';
import type { DESKTOP_MESSAGES } from '../../shared/messages/desktop-messages';
import type { UiLanguage } from '../../shared/ui-languages';

export type DesktopCode = keyof typeof DESKTOP_MESSAGES;

/** The dotted codes of a nested resource file, flat: { desktop: { copyLink } } -> 'desktop.copyLink'. */
function flatten(tree: object, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree))
    if (typeof value === 'string') into[`${prefix}${key}`] = value;
    else if (value && typeof value === 'object') flatten(value as object, `${prefix}${key}.`, into);
  return into;
}

let chinese: Record<string, string> | undefined;
/** zh-CN's templates, over the English ones (a code not yet translated shows in English, never as its code). */
const templatesOf = (language: UiLanguage): Readonly<Record<string, string>> =>
  language === 'zh-CN' ? (chinese ??= { ...MAIN_MESSAGES, ...flatten(zhMessages) }) : MAIN_MESSAGES;

/**
 * Main's own words over the window (native boxes, menu items), in one UI language: the message system's `desktop.*`
 * codes (shared/messages/desktop-messages.ts, zh-CN in messages.json like every other code), rendered here because
 * the renderer's i18next may not be there to do it.
 */
export function desktopText(language: UiLanguage) {
  const templates = templatesOf(language);
  return <C extends DesktopCode>(code: C, params?: Params<(typeof DESKTOP_MESSAGES)[C]>): string =>
    formatMessage(templates, params ? { code, params } : { code });
}

/** The operator's choice in Settings when it names a language; otherwise (auto, or not loaded yet) the OS's. */
export function chosenLanguage(choice: UiLanguageChoice | undefined, system: () => UiLanguage): UiLanguage {
  return choice === 'en' || choice === 'zh-CN' ? choice : system();
}
