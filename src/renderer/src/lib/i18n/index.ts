import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';
import { addMessageFormats } from './messages';
import { browserLanguages, FALLBACK_LANGUAGE, matchLanguage, type UiLanguage } from './languages';

export { matchLanguage, resolveLanguage, UI_LANGUAGES, type UiLanguage } from './languages';

const LAST_LANGUAGE_KEY = 'switchboard.language';

/** The language shown before main answers: the one applied last time (a choice in Settings), else the browser's. */
function firstLanguage(): UiLanguage {
  try {
    const last = typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_LANGUAGE_KEY);
    if (last === 'en' || last === 'zh-CN') return last;
  } catch {
    // storage refused: the browser's languages
  }
  return matchLanguage(browserLanguages());
}

/**
 * One i18next instance for the renderer. Every resource is bundled (the CSP allows no fetch, and the console works
 * offline), so initialisation is synchronous and the first render is already translated.
 */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: firstLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: ['en', 'zh-CN'],
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnEmptyString: false,
});

addMessageFormats(i18n);

const setHtmlLang = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
setHtmlLang(i18n.language);
i18n.on('languageChanged', setHtmlLang);

/** Shows `language` now, everywhere (components re-render; nothing reloads), and remembers it for the next start. */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LAST_LANGUAGE_KEY, language);
  } catch {
    // nowhere to keep it: the next start shows the browser's language until main answers
  }
}

/** The active UI language, for Intl formatters outside React (lib/format.ts). */
export const activeLanguage = (): UiLanguage => (i18n.language === 'zh-CN' ? 'zh-CN' : 'en');
