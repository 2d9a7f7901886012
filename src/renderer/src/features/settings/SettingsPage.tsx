import { Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { ApiKeyForm } from './ApiKeyForm';
import { ConfigEditor } from './ConfigEditor';
import { ModelSettingsForm } from './ModelSettingsForm';
import { ProblemList } from './ProblemList';
import './settings.css';

export function SettingsPage() {
  const config = useRpcQuery('config.get', {});
  const settings = useRpcQuery('settings.get', {});
  if (config.isPending) return <Loading>Loading settings…</Loading>;
  if (config.isError) return <LoadError what="the config" error={config.error} onRetry={() => void config.refetch()} />;
  const snapshot = config.data;
  return (
    <section aria-labelledby="settings-title" className="settings-page">
      <h1 id="settings-title">Settings</h1>
      <dl className="facts">
        <dt>Data directory</dt>
        <dd data-testid="data-dir">{snapshot.dataDir}</dd>
        <dt>Config file</dt>
        <dd data-testid="config-path">{snapshot.path}</dd>
        <dt>File status</dt>
        <dd data-testid="config-status">{snapshot.fileOk ? 'valid' : 'has problems: the last good config is in use'}</dd>
      </dl>
      <h2>Validation problems</h2>
      <ProblemList problems={snapshot.problems} />
      <div className="settings-columns">
        {settings.isPending ? (
          <Loading>Loading model settings…</Loading>
        ) : settings.isError ? (
          <LoadError what="the model settings" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <ModelSettingsForm settings={settings.data} />
            <ApiKeyForm status={settings.data.apiKey} provider={settings.data.model.provider} />
          </>
        )}
      </div>
      <ConfigEditor snapshot={snapshot} />
    </section>
  );
}
