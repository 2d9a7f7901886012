import { useEffect } from 'react';
import { applyLanguage, resolveLanguage } from '../lib/i18n';
import { browserLanguages } from '../lib/i18n/languages';
import { useRpcQuery } from '../lib/queries';

/**
 * Applies the UI language: the operator's choice (Settings), else the OS's (desktop), else the browser's. A change
 * arrives as preferences.changed (lib/invalidation.ts) and is applied at once, in every window, without a reload.
 */
export function LocaleSync() {
  const preferences = useRpcQuery('preferences.get', {});
  const choice = preferences.data?.language;
  const system = preferences.data?.systemLanguages;
  useEffect(() => {
    if (!preferences.data) return; // until main answers, the language applied last time (or the browser's) stays
    void applyLanguage(resolveLanguage(choice, system ?? [], browserLanguages()));
  }, [preferences.data, choice, system]);
  return null;
}
