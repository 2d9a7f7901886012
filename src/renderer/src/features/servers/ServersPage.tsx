import { useState } from 'react';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { ImportServers } from './ImportServers';
import { ServerCard } from './ServerCard';
import { ServerForm } from './ServerForm';
import './servers.css';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

type Panel = { kind: 'add' } | { kind: 'edit'; name: string } | { kind: 'import' } | null;

/** Configured MCP servers in config order, each with its live status, and the forms to add, edit and import them. */
export function ServersPage() {
  const { t } = useTranslation('servers');
  const servers = useRpcQuery('servers.list', {});
  const rediscoverAll = useRpcMutation('servers.rediscover'); // catalog.changed follows every connection change
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = servers.data?.servers ?? [];
  const names = list.map((s) => s.name);
  const editing = panel?.kind === 'edit' ? list.find((s) => s.name === panel.name) : undefined;
  const done = (message: string) => {
    setPanel(null);
    setNotice(message);
  };

  return (
    <section aria-labelledby="servers-title" className="servers-page">
      <h1 id="servers-title">{t('serversPage.servers')}</h1>
      <div className="actions servers-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => setPanel({ kind: 'add' })}>
          {t('serversPage.addServer')}
        </button>
        <button type="button" className="btn" onClick={() => setPanel({ kind: 'import' })}>
          {t('serversPage.import')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={rediscoverAll.isPending || list.length === 0}
          onClick={() => rediscoverAll.mutate({})}
        >
          {rediscoverAll.isPending ? t('serversPage.rediscovering') : t('serversPage.rediscoverAll')}
        </button>
        <span className="muted small">{t('serversPage.serversConnectConcurrentlyA')}</span>
      </div>
      <ActionFailure action={rediscoverAll} say={(reason) => t('serversPage.rediscoverFailed', { message: reason })} />
      {notice && (
        <p role="status" className="ok-text">
          {notice}
        </p>
      )}
      {panel?.kind === 'add' && (
        <ServerForm
          existingNames={names}
          onDone={(name) => done(`Added ${name}; connecting…`)}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'edit' && editing && (
        <ServerForm
          key={editing.name}
          editing={editing.config}
          existingNames={names}
          onDone={(name) => done(`Saved ${name}.`)}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'import' && <ImportServers onClose={() => setPanel(null)} />}

      {servers.isPending ? (
        <Loading>{t('serversPage.loadingServers')}</Loading>
      ) : servers.isError ? (
        <LoadError what={t('serversPage.theServers')} error={servers.error} onRetry={() => void servers.refetch()} />
      ) : list.length === 0 ? (
        <Empty>{t('serversPage.noMcpServerIs')}</Empty>
      ) : (
        <div className="server-list">
          {list.map((server) => (
            <ServerCard
              key={server.name}
              server={server}
              onEdit={() => {
                setNotice(null);
                setPanel({ kind: 'edit', name: server.name });
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
