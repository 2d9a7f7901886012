import { useState } from 'react';
import type { Conversation } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { ReplayView } from './ReplayView';

/** Replay this conversation against today's configuration, or keep it as a test case (its calls become the expectations). */
export function ConversationWorkbench({ conversation }: { conversation: Conversation }) {
  const replay = useRpcMutation('replay.run');
  const save = useRpcMutation('tests.saveConversation', ['tests.list']);
  const [shown, setShown] = useState(false);
  const idle = !conversation.running && conversation.turns.length > 0;
  return (
    <div className="conversation-workbench">
      <div className="actions">
        <button
          type="button"
          className="btn"
          disabled={!idle || replay.isPending}
          onClick={() => replay.mutate({ conversationId: conversation.id }, { onSuccess: () => setShown(true) })}
        >
          {replay.isPending ? 'Replaying…' : 'Replay with today’s config'}
        </button>
        <button type="button" className="btn" disabled={!idle || save.isPending} onClick={() => save.mutate({ conversationId: conversation.id })}>
          Save as test case
        </button>
        {save.data && (
          <span role="status" className="ok-text small" data-testid="saved-as-case">
            Saved as case “{save.data.name}” in {save.data.casesPath}
          </span>
        )}
      </div>
      {(replay.isError || save.isError) && (
        <p role="alert" className="field-error">
          {replay.isError ? `The replay failed: ${errorMessage(replay.error)}` : `Not saved: ${errorMessage(save.error)}`}
        </p>
      )}
      {shown && replay.data && <ReplayView report={replay.data} onClose={() => setShown(false)} />}
    </div>
  );
}
