import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type PreferenceRoutes = 'preferences.get' | 'preferences.setLanguage' | 'preferences.setTheme';

export function createPreferencesHandlers({ preferences }: AppServices): Pick<Handlers, PreferenceRoutes> {
  return {
    'preferences.get': () => preferences.view(),
    'preferences.setLanguage': ({ language }) => preferences.setLanguage(language),
    'preferences.setTheme': ({ theme }) => preferences.setTheme(theme),
  };
}
