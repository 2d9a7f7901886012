import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRpcMutation } from '../../lib/queries';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * Enter sends, Shift+Enter is a newline; the box waits while a turn runs. IME composition never sends. While a turn
 * runs, Send becomes Stop, which stays usable whatever the turn waits for (an approval, a server's question).
 */
export function Composer({ conversationId, running }: { conversationId: string; running: boolean }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const send = useRpcMutation('chat.send'); // the turn arrives as chat.changed, turn.started and what follows
  const stop = useRpcMutation('chat.stop'); // the turn's end arrives as turn.finished and chat.changed
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const busy = running || send.isPending;

  // Back to the box once the answer is in, so the next message can be typed straight away.
  useEffect(() => {
    if (!busy) ref.current?.focus();
  }, [busy, conversationId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    send.mutate({ conversationId, text: message }, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor={`${id}-message`} className="visually-hidden">
        {t('composer.message')}
      </label>
      <textarea
        id={`${id}-message`}
        ref={ref}
        rows={2}
        value={text}
        maxLength={20_000}
        disabled={busy}
        placeholder={running ? t('composer.waitingForTheAnswer') : t('composer.writeAsTheUser')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {running ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={stop.isPending}
          onClick={() => stop.mutate({ conversationId })}
        >
          {t('composer.stop')}
        </button>
      ) : (
        <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
          {t('composer.send')}
        </button>
      )}
      <ActionFailure action={send} say={(reason) => t('composer.notSent', { errorMessage: reason })} />
      <ActionFailure action={stop} say={(reason) => t('composer.couldNotStop', { errorMessage: reason })} />
    </form>
  );
}
