import { Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { ApiKeyForm } from './ApiKeyForm';
import { ConfigEditor } from './ConfigEditor';
import { LanguageSetting } from './LanguageSetting';
import { ThemeSetting } from './ThemeSetting';
import { DemoDataSetting } from './DemoDataSetting';
import { ModelSettingsForm } from './ModelSettingsForm';
import { providerNamed } from './model-form';
import { ProblemList } from './ProblemList';
import { TelemetrySettings } from './TelemetrySettings';
import './settings.css';
import { useTranslation } from 'react-i18next';

export function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const config = useRpcQuery('config.get', {});
  const settings = useRpcQuery('settings.get', {});
  if (config.isPending) return <Loading>{t('settingsPage.loadingSettings')}</Loading>;
  if (config.isError)
    return <LoadError what={t('settingsPage.theConfig')} error={config.error} onRetry={() => void config.refetch()} />;
  const snapshot = config.data;
  return (
    <section aria-labelledby="settings-title" className="settings-page">
      <h1 id="settings-title">{t('settingsPage.settings')}</h1>
      <dl className="facts">
        <dt>{t('settingsPage.dataDirectory')}</dt>
        <dd data-testid="data-dir">{snapshot.dataDir}</dd>
        <dt>{t('settingsPage.configFile')}</dt>
        <dd data-testid="config-path">{snapshot.path}</dd>
        <dt>{t('settingsPage.fileStatus')}</dt>
        <dd data-testid="config-status">
          {snapshot.fileOk ? t('common:shared.valid') : t('settingsPage.hasProblemsTheLast')}
        </dd>
      </dl>
      <LanguageSetting />
      <ThemeSetting />
      <h2>{t('settingsPage.validationProblems')}</h2>
      <ProblemList problems={snapshot.problems} />
      <div className="settings-columns">
        {settings.isPending ? (
          <Loading>{t('settingsPage.loadingModelSettings')}</Loading>
        ) : settings.isError ? (
          <LoadError
            what={t('settingsPage.theModelSettings')}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <>
            <ModelSettingsForm settings={settings.data} />
            <ApiKeyForm
              status={settings.data.apiKey}
              provider={providerNamed(settings.data, settings.data.model.provider)}
            />
          </>
        )}
      </div>
      <TelemetrySettings />
      <ConfigEditor snapshot={snapshot} />
      <DemoDataSetting />
    </section>
  );
}
