import { useState, type ReactNode } from 'react';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';
import { DefinitionDiff } from './DefinitionDiff';
import type { CatalogEntry } from '../../lib/catalog/tool-states';
import { useTranslation } from 'react-i18next';

type Quarantine = NonNullable<CatalogEntry['quarantine']>;
type Moved = NonNullable<Quarantine['moved']>;
type PinMessage = { ok: boolean; text: string };
type PinTarget = { toolId: string; server: string; currentHash: string };

/**
 * "Definition changed": a tool whose definition no longer matches the pinned one is hidden and blocked. Shows the
 * pinned and current definitions' differences, and lets the operator accept (re-pin) or reject (keep it blocked).
 * "Server changed": the server that would serve the tool is not the accepted one (that one died, or another comes
 * first in config order); the same answers accept or refuse the move.
 */
export function QuarantineSection({ entry }: { entry: CatalogEntry }) {
  const decision = usePinDecision();
  const quarantine = entry.quarantine;
  if (!quarantine || entry.server === null) return null;
  const target = { toolId: entry.toolId, server: entry.server, currentHash: quarantine.currentHash };
  const moved = quarantine.moved ?? null;
  return moved ? (
    <MovedServerSection target={target} quarantine={quarantine} moved={moved} decision={decision} />
  ) : (
    <ChangedDefinitionSection target={target} quarantine={quarantine} decision={decision} />
  );
}

type SectionProps = { target: PinTarget; quarantine: Quarantine; decision: PinDecision };

function MovedServerSection({ target, quarantine, moved, decision }: SectionProps & { moved: Moved }) {
  const { t } = useTranslation('tools');
  const claimsReadOnly =
    quarantine.current.annotations?.readOnlyHint === true && quarantine.pinned.annotations?.readOnlyHint !== true;
  const explanation = t('quarantine.movedExplanation', {
    toolId: target.toolId,
    from: moved.from,
    to: moved.to,
    acceptedAt: formatTime(moved.acceptedAt),
  });
  return (
    <QuarantineFrame title={t('quarantine.serverChanged')} explanation={explanation}>
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
      <PinAnswers
        target={target}
        decision={decision}
        rejected={quarantine.rejected}
        acceptLabel={t('quarantine.acceptTheMove', { to: moved.to })}
        accepted={t('quarantine.acceptedMove', { to: moved.to, toolId: target.toolId })}
      />
    </QuarantineFrame>
  );
}

function ChangedDefinitionSection({ target, quarantine, decision }: SectionProps) {
  const { t } = useTranslation('tools');
  const explanation = t('quarantine.changedExplanation', {
    server: target.server,
    changed: quarantine.changed.join(', '),
    pinnedAt: formatTime(quarantine.pinnedAt),
  });
  return (
    <QuarantineFrame title={t('quarantine.definitionChanged')} explanation={explanation}>
      {quarantine.rejected && <p className="warn-text">{t('quarantine.rejectedVersion')}</p>}
      <DefinitionDiff pinned={quarantine.pinned} current={quarantine.current} changed={quarantine.changed} />
      <PinAnswers
        target={target}
        decision={decision}
        rejected={quarantine.rejected}
        acceptLabel={t('quarantine.acceptTheNewDefinition')}
        accepted={t('quarantine.acceptedDefinition')}
      />
    </QuarantineFrame>
  );
}

function QuarantineFrame({
  title,
  explanation,
  children,
}: {
  title: string;
  explanation: string;
  children: ReactNode;
}) {
  return (
    <section className="quarantine" aria-labelledby="quarantine-title" data-testid="quarantine-section">
      <h3 id="quarantine-title">{title}</h3>
      <p>{explanation}</p>
      {children}
    </section>
  );
}

/** The operator's two answers, the same for a changed definition and a move. */
function PinAnswers(props: {
  target: PinTarget;
  decision: PinDecision;
  rejected: boolean;
  acceptLabel: string;
  accepted: string;
}) {
  const { t } = useTranslation('tools');
  const { busy, message, accept, reject } = props.decision;
  return (
    <>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => accept(props.target, props.accepted)}
        >
          {props.acceptLabel}
        </button>
        <button
          type="button"
          className="btn btn-danger-quiet"
          disabled={busy || props.rejected}
          onClick={() => reject(props.target, t('quarantine.rejectedStaysBlocked'))}
        >
          {t('quarantine.reject')}
        </button>
      </div>
      <Message message={message} />
    </>
  );
}

/** Accept (re-pin) or reject one quarantined tool. A pin decision changes the catalog: catalog.changed refreshes it. */
function usePinDecision() {
  const { t } = useTranslation('tools');
  const acceptChange = useRpcMutation('catalog.acceptChange');
  const rejectChange = useRpcMutation('catalog.rejectChange');
  const [message, setMessage] = useState<PinMessage | null>(null);
  const run = (mutation: typeof acceptChange, target: PinTarget, done: string) =>
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
  return {
    busy: acceptChange.isPending || rejectChange.isPending,
    message,
    accept: (target: PinTarget, done: string) => run(acceptChange, target, done),
    reject: (target: PinTarget, done: string) => run(rejectChange, target, done),
  };
}

type PinDecision = ReturnType<typeof usePinDecision>;

function Message({ message }: { message: PinMessage | null }) {
  if (!message) return null;
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok-text' : 'field-error'}>
      {message.text}
    </p>
  );
}
