import { useEffect, useRef, useState } from 'react';
import { useRpcMutation } from '../../lib/queries';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/** Delete asks first; Escape or Cancel backs out. A running turn is stopped by main before the delete. */
export function DeleteConversation({
  conversationId,
  title,
  onDeleted,
}: {
  conversationId: string;
  title: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('chat');
  const [confirming, setConfirming] = useState(false);
  const remove = useRpcMutation('chat.delete'); // chat.changed (and approvals.resolved for a stopped turn's approvals)
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  if (!confirming)
    return (
      <button type="button" className="btn btn-danger-quiet" ref={openerRef} onClick={() => setConfirming(true)}>
        {t('deleteConversation.delete')}
      </button>
    );

  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-label={t('deleteConversation.confirmDelete')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <span>{t('deleteConversation.deleteAndItsTranscript', { title })}</span>
      <button
        type="button"
        className="btn btn-danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ conversationId }, { onSuccess: onDeleted })}
      >
        {t('deleteConversation.deleteConversation')}
      </button>
      <button type="button" className="btn" ref={cancelRef} onClick={cancel} disabled={remove.isPending}>
        {t('deleteConversation.cancel')}
      </button>
      <ActionFailure
        action={remove}
        say={(reason) => t('deleteConversation.notDeleted', { errorMessage: reason })}
        inline
      />
    </div>
  );
}
