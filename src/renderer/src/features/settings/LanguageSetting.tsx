import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguageChoice } from '../../../../shared/contract';
import { resolveLanguage } from '../../lib/i18n';
import { shownText } from '../../lib/i18n/messages';
import { browserLanguages } from '../../lib/i18n/languages';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { ActionFailure } from '../../components/ActionFailure';

/** Each language is named in itself, so an operator who can't read the current one still finds theirs. */
const NATIVE_NAMES = { en: 'English', 'zh-CN': '简体中文' } as const;

/**
 * The console's language: Auto (the OS's in the desktop app, the browser's in the headless console) or one chosen
 * here. Main keeps the choice (preferences.json) and announces it; every window applies it at once.
 */
export function LanguageSetting() {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const preferences = useRpcQuery('preferences.get', {});
  const save = useRpcMutation('preferences.setLanguage'); // preferences.changed updates the query
  if (!preferences.data) return null;
  const auto = resolveLanguage('auto', preferences.data.systemLanguages, browserLanguages());
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="language-setting">
      <h2 id={`${id}-title`}>{t('language.title')}</h2>
      <label htmlFor={`${id}-choice`}>{t('language.label')}</label>{' '}
      <select
        id={`${id}-choice`}
        value={preferences.data.language}
        disabled={save.isPending || Boolean(preferences.data.problem)}
        onChange={(event) => save.mutate({ language: event.target.value as UiLanguageChoice })}
      >
        <option value="auto">{t('language.auto', { language: NATIVE_NAMES[auto] })}</option>
        <option value="en" lang="en">
          {NATIVE_NAMES.en}
        </option>
        <option value="zh-CN" lang="zh-CN">
          {NATIVE_NAMES['zh-CN']}
        </option>
      </select>
      <p className="muted small">{t('language.hint')}</p>
      {preferences.data.problem && (
        <p role="alert" className="field-error">
          {t('language.unreadable', {
            problem: shownText(i18n, preferences.data.problem, preferences.data.problemMessage),
          })}
        </p>
      )}
      <ActionFailure action={save} say={(reason) => t('language.notSaved', { errorMessage: reason })} />
    </section>
  );
}
