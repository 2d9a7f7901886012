import { useRpcQuery } from '../../lib/queries';
import { ProblemList } from './ProblemList';

export function SettingsPage() {
  const config = useRpcQuery('config.get', {});
  if (config.isPending) return <p role="status">Loading settings…</p>;
  if (config.isError) return <p role="alert">Could not load the config: {config.error.message}</p>;
  const snapshot = config.data;
  return (
    <section aria-labelledby="settings-title">
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
      <h2>Raw YAML</h2>
      <pre className="raw-yaml" data-testid="raw-yaml" tabIndex={0}>
        {snapshot.raw}
      </pre>
    </section>
  );
}
