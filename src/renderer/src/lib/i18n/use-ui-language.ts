import { useSyncExternalStore } from 'react';
import { getI18n } from 'react-i18next';

// The instance lib/i18n initialised (initReactI18next registers it), reached without importing lib/i18n/index,
// which would make a cycle through its resources.
const subscribe = (onChange: () => void) => {
  const i18n = getI18n();
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => getI18n().language;

/**
 * The language shown, re-rendering when it changes: what useTranslation gives, without its per-mount copy of the
 * i18next instance (tens of milliseconds when a list mounts fifty rows).
 */
export function useUiLanguage(): string {
  return useSyncExternalStore(subscribe, currentLanguage);
}
