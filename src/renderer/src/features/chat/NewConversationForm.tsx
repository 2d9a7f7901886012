import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/format';
import { shownText } from '../../lib/i18n/messages';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { ACTING_IDENTITY_MAX_LENGTH, actingIdentityProblem } from '../../../../shared/acting-identity';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/** Starts a conversation under an acting identity; it travels to the MCP server in _meta, never in arguments. */
export function NewConversationForm({ onCreated }: { onCreated: (conversationId: string) => void }) {
  const { t, i18n } = useTranslation('chat');
  // What the operator typed; until then the application's default (the demo shop's customer), else empty.
  const [typed, setTyped] = useState<string>();
  const [touched, setTouched] = useState(false);
  const create = useRpcMutation('chat.create'); // chat.changed refreshes the list
  const settings = useRpcQuery('settings.get', {});
  const actingIdentity = typed ?? settings.data?.defaultActingIdentity ?? '';
  const id = useId();
  const problem = actingIdentityProblem(actingIdentity.trim());
  const showProblem = touched && problem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    create.mutate({ actingIdentity: actingIdentity.trim() }, { onSuccess: (created) => onCreated(created.id) });
  };

  return (
    <form className="new-conversation" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-identity`}>{t('newConversationForm.actingAsIdentity')}</label>
      <div className="inline-field">
        <input
          id={`${id}-identity`}
          value={actingIdentity}
          maxLength={ACTING_IDENTITY_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(showProblem)}
          aria-describedby={`${id}-model${showProblem ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setTouched(true);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('newConversationForm.newConversation')}
        </button>
      </div>
      {showProblem && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(`actingIdentity.${problem}`)}
        </p>
      )}
      <p id={`${id}-model`} className="muted" data-testid="model-label">
        {t('newConversationForm.model')}{' '}
        {settings.isPending
          ? t('newConversationForm.loading')
          : settings.isError
            ? t('newConversationForm.unknown', { errorMessage: errorMessage(settings.error) })
            : shownText(i18n, settings.data.model.label, settings.data.model.labelMessage)}
      </p>
      <ActionFailure action={create} say={(reason) => t('newConversationForm.notCreated', { errorMessage: reason })} />
    </form>
  );
}
