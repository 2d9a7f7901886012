import { useState } from 'react';
import type { Conversation } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { ReplayView } from './ReplayView';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/** Replay this conversation against today's configuration, or keep it as a test case (its calls become the expectations). */
export function ConversationWorkbench({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
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
          {replay.isPending ? t('conversationWorkbench.replaying') : t('conversationWorkbench.replayWithTodayS')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!idle || save.isPending}
          onClick={() => save.mutate({ conversationId: conversation.id })}
        >
          {t('conversationWorkbench.saveAsTestCase')}
        </button>
        {save.data && (
          <span role="status" className="ok-text small" data-testid="saved-as-case">
            {t('conversationWorkbench.savedAsCaseIn', { name: save.data.name, casesPath: save.data.casesPath })}
          </span>
        )}
      </div>
      <ActionFailure
        action={replay}
        say={(reason) => t('conversationWorkbench.theReplayFailed', { errorMessage: reason })}
      />
      <ActionFailure action={save} say={(reason) => t('conversationWorkbench.notSaved', { errorMessage: reason })} />
      {shown && replay.data && <ReplayView report={replay.data} onClose={() => setShown(false)} />}
    </div>
  );
}
