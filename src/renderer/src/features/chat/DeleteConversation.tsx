import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';

/** Delete asks first; Escape or Cancel backs out. A running turn is stopped by main before the delete. */
export function DeleteConversation({ conversationId, title, onDeleted }: { conversationId: string; title: string; onDeleted: () => void }) {
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
        Delete
      </button>
    );

  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-label="Confirm delete"
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <span>Delete “{title}” and its transcript?</span>
      <button
        type="button"
        className="btn btn-danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ conversationId }, { onSuccess: onDeleted })}
      >
        Delete conversation
      </button>
      <button type="button" className="btn" ref={cancelRef} onClick={cancel} disabled={remove.isPending}>
        Cancel
      </button>
      {remove.isError && (
        <span className="field-error" role="alert">
          Not deleted: {errorMessage(remove.error)}
        </span>
      )}
    </div>
  );
}
