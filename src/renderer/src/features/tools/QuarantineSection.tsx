import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';
import { DefinitionDiff } from './DefinitionDiff';
import type { CatalogEntry } from '../../lib/catalog/tool-states';

/**
 * "Definition changed": a tool whose definition no longer matches the pinned one is hidden and blocked. Shows the
 * pinned and current definitions' differences, and lets the operator accept (re-pin) or reject (keep it blocked).
 * "Server changed": the server that would serve the tool is not the accepted one (that one died, or another comes
 * first in config order); the same answers accept or refuse the move.
 */
export function QuarantineSection({ entry }: { entry: CatalogEntry }) {
  // A pin decision changes the catalog: catalog.changed refreshes it, and the servers' tools.
  const accept = useRpcMutation('catalog.acceptChange');
  const reject = useRpcMutation('catalog.rejectChange');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const quarantine = entry.quarantine;
  if (!quarantine || entry.server === null) return null;
  const target = { toolId: entry.toolId, server: entry.server, currentHash: quarantine.currentHash };
  const busy = accept.isPending || reject.isPending;
  const run = (mutation: typeof accept, done: string) =>
    mutation.mutate(target, {
      onSuccess: () => setMessage({ ok: true, text: done }),
      onError: (error) => {
        const failure = saveFailureOf(error);
        setMessage({ ok: false, text: failure.kind === 'conflict' ? `${failure.message} Review the new diff.` : failure.message });
      },
    });

  // The operator's two answers, the same for a changed definition and a move.
  const answers = (acceptLabel: string, accepted: string) => (
    <>
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(accept, accepted)}>
          {acceptLabel}
        </button>
        <button type="button" className="btn btn-danger-quiet" disabled={busy || quarantine.rejected} onClick={() => run(reject, 'Rejected: the tool stays blocked.')}>
          Reject
        </button>
      </div>
      <Message message={message} />
    </>
  );
  const moved = quarantine.moved ?? null;
  if (moved) {
    const claimsReadOnly = quarantine.current.annotations?.readOnlyHint === true && quarantine.pinned.annotations?.readOnlyHint !== true;
    return (
      <section className="quarantine" aria-labelledby="quarantine-title" data-testid="quarantine-section">
        <h3 id="quarantine-title">Server changed</h3>
        <p>
          {entry.toolId} was served by {moved.from} (accepted {formatTime(moved.acceptedAt)}); now {moved.to} would serve it. Until you accept the move, the tool is
          hidden from the model and calls to it are blocked: nothing is sent to {moved.to}.
        </p>
        {claimsReadOnly && (
          <p className="warn-text" data-testid="move-read-only-claim">
            {moved.to} declares it read-only, unlike {moved.from}. Calls will still ask for approval as writes if you accept.
          </p>
        )}
        {quarantine.rejected && <p className="warn-text">You rejected this move; it stays blocked while {moved.to} would serve it.</p>}
        {quarantine.changed.length > 0 ? (
          <>
            <p className="muted small">
              What {moved.to} offers against what you trusted on {moved.from}:
            </p>
            <DefinitionDiff pinned={quarantine.pinned} current={quarantine.current} changed={quarantine.changed} />
          </>
        ) : (
          <p className="muted small">{moved.to} offers the same definition as the one trusted on {moved.from}.</p>
        )}
        {answers(`Accept the move to ${moved.to}`, `Accepted: ${moved.to} now serves ${entry.toolId}.`)}
      </section>
    );
  }

  return (
    <section className="quarantine" aria-labelledby="quarantine-title" data-testid="quarantine-section">
      <h3 id="quarantine-title">Definition changed</h3>
      <p>
        {entry.server} changed {quarantine.changed.join(', ')} since it was pinned on {formatTime(quarantine.pinnedAt)}. Until you accept, the tool is hidden from the
        model and calls to it are blocked.
      </p>
      {quarantine.rejected && <p className="warn-text">You rejected this version; it stays blocked until the server changes it again or you accept it.</p>}
      <DefinitionDiff pinned={quarantine.pinned} current={quarantine.current} changed={quarantine.changed} />
      {answers('Accept the new definition', 'Accepted: the new definition is pinned and the tool is back in the catalog.')}
    </section>
  );
}

function Message({ message }: { message: { ok: boolean; text: string } | null }) {
  if (!message) return null;
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok-text' : 'field-error'}>
      {message.text}
    </p>
  );
}

