import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiThemeChoice } from '../../../../shared/contract';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { ActionFailure } from '../../components/ActionFailure';

const THEMES = ['system', 'light', 'dark'] as const satisfies readonly UiThemeChoice[];

/** Light, dark, or the system's: main keeps the choice (preferences.json) and every window applies it at once. */
export function ThemeSetting() {
  const { t } = useTranslation('settings');
  const id = useId();
  const preferences = useRpcQuery('preferences.get', {});
  const save = useRpcMutation('preferences.setTheme'); // preferences.changed updates the query
  if (!preferences.data) return null;
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="theme-setting">
      <h2 id={`${id}-title`}>{t('theme.title')}</h2>
      <label htmlFor={`${id}-choice`}>{t('theme.label')}</label>{' '}
      <select
        id={`${id}-choice`}
        value={preferences.data.theme}
        disabled={save.isPending || Boolean(preferences.data.problem)}
        onChange={(event) => save.mutate({ theme: event.target.value as UiThemeChoice })}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`theme.choices.${theme}`)}
          </option>
        ))}
      </select>
      <ActionFailure action={save} say={(reason) => t('theme.notSaved', { errorMessage: reason })} />
    </section>
  );
}
