import { useEffect } from 'react';
import type { UiThemeChoice } from '../../../shared/contract';
import { useRpcQuery } from '../lib/queries';

const THEME_KEY = 'switchboard.theme';

/** Sets the colour scheme on the document: styles.css picks its colours with light-dark() from it. */
export function applyTheme(theme: UiThemeChoice): void {
  document.documentElement.dataset.theme = theme;
}

/** The theme applied last in this browser, so the first paint is already in it (main's answer confirms it). */
export function applyRememberedTheme(): void {
  const remembered = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
  applyTheme(remembered === 'light' || remembered === 'dark' ? remembered : 'system');
}

/**
 * Applies the operator's theme (Settings: light, dark or system). A change arrives as preferences.changed and is
 * applied at once, in every window.
 */
export function ThemeSync() {
  const theme = useRpcQuery('preferences.get', {}).data?.theme;
  useEffect(() => {
    if (!theme) return;
    applyTheme(theme);
    localStorage.setItem(THEME_KEY, theme);
  }, [theme]);
  return null;
}
