import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRpcMutation } from '../../lib/queries';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

const MAX_TITLE = 200;

/** Rename: the title in a field, Enter saves, Escape or Cancel backs out; main keeps it (chat.changed refreshes the list). */
export function RenameConversation({ conversationId, title }: { conversationId: string; title: string }) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const rename = useRpcMutation('chat.rename');
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const close = () => {
    setEditing(false);
    rename.reset();
    requestAnimationFrame(() => openerRef.current?.focus());
  };
  const trimmed = draft.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || trimmed === title) return close();
    rename.mutate({ conversationId, title: trimmed }, { onSuccess: close });
  };

  if (!editing)
    return (
      <button
        type="button"
        className="btn"
        ref={openerRef}
        onClick={() => {
          setDraft(title);
          setEditing(true);
        }}
      >
        {t('renameConversation.rename')}
      </button>
    );

  return (
    <form
      className="confirm"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      data-testid="rename-conversation"
    >
      <label htmlFor={`${id}-title`}>{t('renameConversation.title')}</label>
      <input
        id={`${id}-title`}
        ref={inputRef}
        value={draft}
        maxLength={MAX_TITLE}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={!trimmed || undefined}
      />
      <button type="submit" className="btn btn-primary" disabled={rename.isPending || !trimmed}>
        {t('renameConversation.save')}
      </button>
      <button type="button" className="btn" onClick={close} disabled={rename.isPending}>
        {t('renameConversation.cancel')}
      </button>
      <ActionFailure action={rename} say={(reason) => t('renameConversation.notRenamed', { errorMessage: reason })} />
    </form>
  );
}
