import type { ServerView } from '../../../../shared/contract';
import { ActionFailure } from '../../components/ActionFailure';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

/**
 * A change of the server's instructions held against their pin: the word diff from the pinned text to what the
 * server gives now, and Accept. Until accepted the model keeps receiving the pinned text.
 */
export function InstructionsHeld({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  const accept = useRpcMutation('servers.acceptInstructions');
  const pin = server.instructionsPin;
  if (!pin?.held) return null;
  return (
    <section
      className="quarantine instructions-held"
      role="region"
      aria-label={t('instructionsHeld.title', { name: server.name })}
      data-testid="instructions-held"
    >
      <p className="warn-text">
        <strong>{t('instructionsHeld.title', { name: server.name })}</strong>{' '}
        {t(pin.currentHash === null ? 'instructionsHeld.removed' : 'instructionsHeld.changed', {
          pinnedAt: formatTime(pin.pinned.pinnedAt),
        })}
      </p>
      <DescriptionDiff
        original={pin.pinned.text}
        override={server.instructions ?? ''}
        label={t('instructionsHeld.diff')}
      />
      <div className="actions">
        <button
          type="button"
          className="btn btn-small"
          disabled={accept.isPending}
          onClick={() => accept.mutate({ name: server.name, currentHash: pin.currentHash ?? EMPTY_HASH })}
        >
          {t('instructionsHeld.accept')}
        </button>
      </div>
      <ActionFailure action={accept} />
    </section>
  );
}

/** sha256 of "": a server that now gives no instructions is accepted as giving none. */
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
