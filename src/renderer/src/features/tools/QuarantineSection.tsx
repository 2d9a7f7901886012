import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';
import { DefinitionDiff } from './DefinitionDiff';
import type { CatalogEntry } from '../../lib/catalog/tool-states';
import { useTranslation } from 'react-i18next';

/**
 * "Definition changed": a tool whose definition no longer matches the pinned one is hidden and blocked. Shows the
 * pinned and current definitions' differences, and lets the operator accept (re-pin) or reject (keep it blocked).
 * "Server changed": the server that would serve the tool is not the accepted one (that one died, or another comes
 * first in config order); the same answers accept or refuse the move.
 */
export function QuarantineSection({ entry }: { entry: CatalogEntry }) {
  // A pin decision changes the catalog: catalog.changed refreshes it, and the servers' tools.
  const { t } = useTranslation('tools');
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
        setMessage({
          ok: false,
          text:
            failure.kind === 'conflict'
              ? t('quarantine.reviewTheNewDiff', { message: failure.message })
              : failure.message,
        });
      },
    });

  // The operator's two answers, the same for a changed definition and a move.
  const answers = (acceptLabel: string, accepted: string) => (
    <>
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(accept, accepted)}>
          {acceptLabel}
        </button>
        <button
          type="button"
          className="btn btn-danger-quiet"
          disabled={busy || quarantine.rejected}
          onClick={() => run(reject, t('quarantine.rejectedStaysBlocked'))}
        >
          {t('quarantine.reject')}
        </button>
      </div>
      <Message message={message} />
    </>
  );
  const moved = quarantine.moved ?? null;
  if (moved) {
    const claimsReadOnly =
      quarantine.current.annotations?.readOnlyHint === true && quarantine.pinned.annotations?.readOnlyHint !== true;
    return (
      <section className="quarantine" aria-labelledby="quarantine-title" data-testid="quarantine-section">
        <h3 id="quarantine-title">{t('quarantine.serverChanged')}</h3>
        <p>
          {t('quarantine.movedExplanation', {
            toolId: entry.toolId,
            from: moved.from,
            to: moved.to,
            acceptedAt: formatTime(moved.acceptedAt),
          })}
        </p>
        {claimsReadOnly && (
          <p className="warn-text" data-testid="move-read-only-claim">
            {t('quarantine.claimsReadOnly', { from: moved.from, to: moved.to })}
          </p>
        )}
        {quarantine.rejected && <p className="warn-text">{t('quarantine.rejectedMove', { to: moved.to })}</p>}
        {quarantine.changed.length > 0 ? (
          <>
            <p className="muted small">{t('quarantine.whatOffers', { from: moved.from, to: moved.to })}</p>
            <DefinitionDiff pinned={quarantine.pinned} current={quarantine.current} changed={quarantine.changed} />
          </>
        ) : (
          <p className="muted small">{t('quarantine.sameDefinition', { from: moved.from, to: moved.to })}</p>
        )}
        {answers(
          t('quarantine.acceptTheMove', { to: moved.to }),
          t('quarantine.acceptedMove', { to: moved.to, toolId: entry.toolId }),
        )}
      </section>
    );
  }

  return (
    <section className="quarantine" aria-labelledby="quarantine-title" data-testid="quarantine-section">
      <h3 id="quarantine-title">{t('quarantine.definitionChanged')}</h3>
      <p>
        {t('quarantine.changedExplanation', {
          server: entry.server,
          changed: quarantine.changed.join(', '),
          pinnedAt: formatTime(quarantine.pinnedAt),
        })}
      </p>
      {quarantine.rejected && <p className="warn-text">{t('quarantine.rejectedVersion')}</p>}
      <DefinitionDiff pinned={quarantine.pinned} current={quarantine.current} changed={quarantine.changed} />
      {answers(t('quarantine.acceptTheNewDefinition'), t('quarantine.acceptedDefinition'))}
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
