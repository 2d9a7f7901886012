import { useState } from 'react';
import type { ServerView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { ListCacheFacts } from './ListCacheFacts';
import { useRpcMutation } from '../../lib/queries';
import { CapabilitiesFacts } from './CapabilitiesFacts';
import { ResourcesPromptsPanel } from './ResourcesPanel';
import { LaunchConfirmation } from './LaunchConfirmation';
import { ServerAuth } from './ServerAuth';
import { InstructionsHeld } from './InstructionsHeld';
import { ServerSkillsFacts } from './ServerSkillsFacts';
import { ServerLogPanel } from './ServerLogPanel';
import { ServerStatusBadge } from './ServerStatusBadge';
import { ServerIdentity } from './ServerIdentity';
import { DeprecatedMark } from '../../components/DeprecatedMark';
import { Trans, useTranslation } from 'react-i18next';
import { shownText } from '../../lib/i18n/messages';
import { ActionFailure } from '../../components/ActionFailure';

interface Props {
  server: ServerView;
  onEdit: () => void;
}

// Transport names stay as the MCP spec writes them; only "built-in" is a word (servers:serverCard.builtIn).
const KIND_LABEL = { http: 'Streamable HTTP', sse: 'SSE', stdio: 'stdio' } as const;

/** One configured server: its live status (and why it failed), what it offers, and its actions. */
export function ServerCard({ server, onEdit }: Props) {
  const [open, setOpen] = useState<'log' | 'resources' | null>(null);
  return (
    <article
      className={`server-card status-${server.status}`}
      aria-labelledby={`server-${server.name}`}
      data-testid="server-card"
      data-server={server.name}
      data-status={server.status}
    >
      <ServerHead server={server} />
      <LaunchConfirmation server={server} />
      <ServerErrorText server={server} />
      <InstructionsHeld server={server} />
      <ServerSkillsFacts server={server.name} />
      <ServerFacts server={server} />
      {server.auth && <ServerAuth server={server} />}
      <ServerActions server={server} open={open} onOpen={setOpen} onEdit={onEdit} />
      {open === 'log' && <ServerLogPanel name={server.name} />}
      {open === 'resources' && server.status === 'connected' && <ResourcesPromptsPanel server={server.name} />}
    </article>
  );
}

/** The name, live status, transport and who the server says it is; while a command installs, that it does. */
function ServerHead({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  return (
    <>
      <header className="server-head">
        <h2 id={`server-${server.name}`}>{server.name}</h2>
        <ServerStatusBadge status={server.status} />
        <span className="muted small">
          {server.kind === 'builtin' ? t('serverCard.builtIn') : KIND_LABEL[server.kind]}
        </span>
        {server.kind === 'sse' && <DeprecatedMark />}
        {server.serverInfo && <ServerIdentity info={server.serverInfo} />}
      </header>
      {server.status === 'connecting' && server.startup && (
        <p className="server-startup" role="status" data-testid="server-startup">
          <Trans
            t={t}
            i18nKey="serverCard.installingStartingTheFirst"
            values={{ runner: server.startup.runner, round: Math.round(server.startup.budgetMs / 1000) }}
            components={{ code: <code /> }}
          />
        </p>
      )}
    </>
  );
}

/** What is known of the server: where it runs, its tools, discovery, protocol, caches, capabilities, retries. */
function ServerFacts({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  return (
    <dl className="facts compact server-facts">
      <dt>
        {server.kind === 'stdio'
          ? t('serverCard.command')
          : server.kind === 'builtin'
            ? t('serverCard.runs')
            : t('serverCard.url')}
      </dt>
      <dd>
        <code>{server.endpoint}</code>
        {server.transport && <span className="muted"> · {server.transport}</span>}
      </dd>
      <dt>{t('serverCard.tools')}</dt>
      <dd data-testid="server-tool-count">
        {server.status === 'connected' ? (
          server.tools.length ? (
            <details>
              <summary>{t('serverCard.offered', { toolCount: server.toolCount })}</summary>
              <span className="tool-names">{server.tools.join(', ')}</span>
            </details>
          ) : (
            t('serverCard.noneOffered')
          )
        ) : (
          <span className="muted">
            {t('serverCard.unknownWhileNotConnected')}
            {server.toolCount ? t('serverCard.lastSeen', { toolCount: server.toolCount }) : ''}
          </span>
        )}
      </dd>
      <dt>{t('serverCard.lastDiscovery')}</dt>
      <dd>
        {server.discoveredAt ? formatTime(server.discoveredAt) : <span className="muted">{t('serverCard.never')}</span>}
      </dd>
      <dt>{t('serverCard.protocol')}</dt>
      <dd>{server.protocolVersion ?? <span className="muted">—</span>}</dd>
      <ListCacheFacts server={server} />
      <CapabilitiesFacts offered={server.offeredCapabilities} declared={server.declaredCapabilities} />
      <InstructionsFact server={server} />
      {server.connectedAt && (
        <>
          <dt>{t('serverCard.connected')}</dt>
          <dd>{formatTime(server.connectedAt)}</dd>
        </>
      )}
      {server.nextRetryAt && (
        <>
          <dt>{t('serverCard.nextRetry')}</dt>
          <dd>
            {t('serverCard.attemptAt', {
              number: server.reconnectAttempt + 1,
              nextRetryAt: formatTime(server.nextRetryAt),
            })}
          </dd>
        </>
      )}
    </dl>
  );
}

interface ActionsProps {
  server: ServerView;
  open: 'log' | 'resources' | null;
  onOpen: (panel: 'log' | 'resources' | null) => void;
  onEdit: () => void;
}

/** Edit, reconnect, rediscover, the log and resources panels, and remove (asked first); a failed action says why. */
function ServerActions({ server, open, onOpen, onEdit }: ActionsProps) {
  const { t } = useTranslation('servers');
  const reconnect = useRpcMutation('servers.reconnect');
  const rediscover = useRpcMutation('servers.rediscover');
  const remove = useRpcMutation('servers.remove');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const toggle = (panel: 'log' | 'resources') => onOpen(open === panel ? null : panel);
  const failed = [reconnect, rediscover, remove].find((m) => m.isError);
  const busy = reconnect.isPending || rediscover.isPending || remove.isPending;
  return (
    <>
      <div className="actions">
        <button type="button" className="btn btn-small" onClick={onEdit} disabled={busy}>
          {t('serverCard.edit')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || !server.enabled}
          title={server.enabled ? undefined : t('serverCard.enableTheServerFirst')}
          onClick={() => reconnect.mutate({ name: server.name })}
        >
          {reconnect.isPending ? t('serverCard.reconnecting') : t('serverCard.reconnect')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || server.status !== 'connected'}
          onClick={() => rediscover.mutate({ name: server.name })}
        >
          {rediscover.isPending ? t('serverCard.rediscovering') : t('serverCard.rediscover')}
        </button>
        <button type="button" className="btn btn-small" aria-expanded={open === 'log'} onClick={() => toggle('log')}>
          {t('serverCard.log')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={open === 'resources'}
          disabled={server.status !== 'connected'}
          onClick={() => toggle('resources')}
        >
          {t('serverCard.resourcesAmpPrompts')}
        </button>
        {confirmRemove ? (
          <span className="actions" role="group" aria-label={t('serverCard.confirmRemoving', { name: server.name })}>
            <span className="small">{t('serverCard.removeFromTheConfig', { name: server.name })}</span>
            <button
              type="button"
              className="btn btn-small btn-danger"
              disabled={busy}
              onClick={() => remove.mutate({ name: server.name }, { onSettled: () => setConfirmRemove(false) })}
            >
              {t('serverCard.remove')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setConfirmRemove(false)}>
              {t('serverCard.keep')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-small btn-danger-quiet"
            disabled={busy}
            onClick={() => setConfirmRemove(true)}
          >
            {t('serverCard.removeWithConfirm')}
          </button>
        )}
      </div>
      {failed && <ActionFailure action={failed} />}
    </>
  );
}

/**
 * Why the server is not connected, in one line. Everything longer (a stack trace in the message, the command's
 * stderr) sits behind Details: an operator reads the sentence first and the trace only when needed.
 */
function ServerErrorText({ server }: { server: ServerView }) {
  const { t, i18n } = useTranslation('servers');
  // Main's code translated, what the server or its command said inserted as it was.
  const [headline, ...rest] = shownText(i18n, server.error ?? '', server.errorMessage).split('\n');
  const more = rest.join('\n').trim();
  return (
    <>
      {server.status === 'failed' && server.error && (
        <p className="server-error" role="alert" data-testid="server-error">
          {headline}
        </p>
      )}
      {server.status !== 'failed' &&
        server.status !== 'needs-auth' &&
        server.status !== 'needs-confirmation' &&
        server.error && (
          <p className="muted small" data-testid="server-last-error">
            {t('serverCard.lastError', { headline })}
          </p>
        )}
      {(more || server.stderrTail) && (
        <details className="stderr-tail" data-testid="server-error-details">
          <summary className="small">
            {t('serverCard.details')}
            {server.stderrTail ? t('serverCard.theCommandSStderr') : ''}
          </summary>
          {more && <pre className="json-block">{more}</pre>}
          {server.stderrTail && <pre className="json-block">{server.stderrTail}</pre>}
        </details>
      )}
    </>
  );
}

/** The server's instructions from initialize, and whether the model receives them (useInstructions). */
function InstructionsFact({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  if (!server.instructions) return null;
  const sent = 'useInstructions' in server.config && server.config.useInstructions === true;
  return (
    <>
      <dt>{t('serverCard.instructions')}</dt>
      <dd data-testid="server-instructions">
        <details>
          <summary>{sent ? t('serverCard.sentToTheModel') : t('serverCard.notSentToThe')}</summary>
          <pre className="json-block instructions-text">{server.instructions}</pre>
        </details>
      </dd>
    </>
  );
}
