import type { Handlers } from '../router';
import type { PreferencesStore } from '../../core/preferences/preferences-store';

export function createPreferencesHandlers(
  preferences: PreferencesStore,
): Pick<Handlers, 'preferences.get' | 'preferences.setLanguage' | 'preferences.setTheme'> {
  return {
    'preferences.get': () => preferences.view(),
    'preferences.setLanguage': ({ language }) => preferences.setLanguage(language),
    'preferences.setTheme': ({ theme }) => preferences.setTheme(theme),
  };
}
