import { useState } from 'react';
import type { ServerView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';
import { CapabilitiesFacts } from './CapabilitiesFacts';
import { ResourcesPromptsPanel } from './ResourcesPanel';
import { ServerAuth } from './ServerAuth';
import { ServerLogPanel } from './ServerLogPanel';
import { ServerStatusBadge } from './ServerStatusBadge';

interface Props {
  server: ServerView;
  onEdit: () => void;
}

const KIND_LABEL = { http: 'Streamable HTTP', sse: 'SSE', stdio: 'stdio', builtin: 'built-in' } as const;

/** One configured server: its live status (and why it failed), what it offers, and its actions. */
export function ServerCard({ server, onEdit }: Props) {
  const reconnect = useRpcMutation('servers.reconnect');
  const rediscover = useRpcMutation('servers.rediscover');
  const remove = useRpcMutation('servers.remove');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [open, setOpen] = useState<'log' | 'resources' | null>(null);
  const toggle = (panel: 'log' | 'resources') => setOpen(open === panel ? null : panel);
  const failed = [reconnect, rediscover, remove].find((m) => m.isError);
  const busy = reconnect.isPending || rediscover.isPending || remove.isPending;

  return (
    <article className={`server-card status-${server.status}`} aria-labelledby={`server-${server.name}`} data-testid="server-card" data-server={server.name} data-status={server.status}>
      <header className="server-head">
        <h2 id={`server-${server.name}`}>{server.name}</h2>
        <ServerStatusBadge status={server.status} />
        <span className="muted small">{KIND_LABEL[server.kind]}</span>
        {server.serverInfo && (
          <span className="muted small">
            {server.serverInfo.name} {server.serverInfo.version}
          </span>
        )}
      </header>
      {server.status === 'connecting' && server.startup && (
        <p className="server-startup" role="status" data-testid="server-startup">
          Installing / starting: the first start of <code>{server.startup.runner}</code> may download the package first. Waiting up to{' '}
          {Math.round(server.startup.budgetMs / 1000)} s (installTimeoutMs).
        </p>
      )}
      <ServerErrorText server={server} />
      <dl className="facts compact server-facts">
        <dt>{server.kind === 'stdio' ? 'Command' : server.kind === 'builtin' ? 'Runs' : 'URL'}</dt>
        <dd>
          <code>{server.endpoint}</code>
          {server.transport && <span className="muted"> · {server.transport}</span>}
        </dd>
        <dt>Tools</dt>
        <dd data-testid="server-tool-count">
          {server.status === 'connected' ? (
            server.tools.length ? (
              <details>
                <summary>{server.toolCount} offered</summary>
                <span className="tool-names">{server.tools.join(', ')}</span>
              </details>
            ) : (
              'none offered'
            )
          ) : (
            <span className="muted">unknown while not connected{server.toolCount ? ` (last seen: ${server.toolCount})` : ''}</span>
          )}
        </dd>
        <dt>Last discovery</dt>
        <dd>{server.discoveredAt ? formatTime(server.discoveredAt) : <span className="muted">never</span>}</dd>
        <dt>Protocol</dt>
        <dd>{server.protocolVersion ?? <span className="muted">—</span>}</dd>
        <CapabilitiesFacts offered={server.offeredCapabilities} declared={server.declaredCapabilities} />
        <InstructionsFact server={server} />
        {server.connectedAt && (
          <>
            <dt>Connected</dt>
            <dd>{formatTime(server.connectedAt)}</dd>
          </>
        )}
        {server.nextRetryAt && (
          <>
            <dt>Next retry</dt>
            <dd>
              attempt {server.reconnectAttempt + 1} at {formatTime(server.nextRetryAt)}
            </dd>
          </>
        )}
      </dl>
      {server.auth && <ServerAuth server={server} />}
      <div className="actions">
        <button type="button" className="btn btn-small" onClick={onEdit} disabled={busy}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || !server.enabled}
          title={server.enabled ? undefined : 'Enable the server first'}
          onClick={() => reconnect.mutate({ name: server.name })}
        >
          {reconnect.isPending ? 'Reconnecting…' : 'Reconnect'}
        </button>
        <button type="button" className="btn btn-small" disabled={busy || server.status !== 'connected'} onClick={() => rediscover.mutate({ name: server.name })}>
          {rediscover.isPending ? 'Rediscovering…' : 'Rediscover'}
        </button>
        <button type="button" className="btn btn-small" aria-expanded={open === 'log'} onClick={() => toggle('log')}>
          Log
        </button>
        <button type="button" className="btn btn-small" aria-expanded={open === 'resources'} disabled={server.status !== 'connected'} onClick={() => toggle('resources')}>
          Resources &amp; prompts
        </button>
        {confirmRemove ? (
          <span className="actions" role="group" aria-label={`Confirm removing ${server.name}`}>
            <span className="small">Remove {server.name} from the config?</span>
            <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => remove.mutate({ name: server.name }, { onSettled: () => setConfirmRemove(false) })}>
              Remove
            </button>
            <button type="button" className="btn btn-small" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-small btn-danger-quiet" disabled={busy} onClick={() => setConfirmRemove(true)}>
            Remove…
          </button>
        )}
      </div>
      {failed && (
        <p role="alert" className="field-error">
          {saveFailureOf(failed.error).message}
        </p>
      )}
      {open === 'log' && <ServerLogPanel name={server.name} />}
      {open === 'resources' && server.status === 'connected' && <ResourcesPromptsPanel server={server.name} />}
    </article>
  );
}

/**
 * Why the server is not connected, in one line. Everything longer (a stack trace in the message, the command's
 * stderr) sits behind Details: an operator reads the sentence first and the trace only when needed.
 */
function ServerErrorText({ server }: { server: ServerView }) {
  const [headline, ...rest] = (server.error ?? '').split('\n');
  const more = rest.join('\n').trim();
  return (
    <>
      {server.status === 'failed' && server.error && (
        <p className="server-error" role="alert" data-testid="server-error">
          {headline}
        </p>
      )}
      {server.status !== 'failed' && server.status !== 'needs-auth' && server.error && (
        <p className="muted small" data-testid="server-last-error">
          Last error: {headline}
        </p>
      )}
      {(more || server.stderrTail) && (
        <details className="stderr-tail" data-testid="server-error-details">
          <summary className="small">Details{server.stderrTail ? ' (the command’s stderr, last lines)' : ''}</summary>
          {more && <pre className="json-block">{more}</pre>}
          {server.stderrTail && <pre className="json-block">{server.stderrTail}</pre>}
        </details>
      )}
    </>
  );
}

/** The server's instructions from initialize, and whether the model receives them (useInstructions). */
function InstructionsFact({ server }: { server: ServerView }) {
  if (!server.instructions) return null;
  const sent = 'useInstructions' in server.config && server.config.useInstructions === true;
  return (
    <>
      <dt>Instructions</dt>
      <dd data-testid="server-instructions">
        <details>
          <summary>
            {sent ? 'sent to the model (appended to the system prompt)' : 'not sent to the model (turn on “Send its instructions” in Edit)'}
          </summary>
          <pre className="json-block instructions-text">{server.instructions}</pre>
        </details>
      </dd>
    </>
  );
}
