import type { ElicitationView } from '../../../../shared/contract';
import type { i18n as I18n } from 'i18next';
import type { UiMessage } from '../../../../shared/i18n-message';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { RpcClientError } from '../../lib/rpc/types';
import { byField, ElicitationForm } from './ElicitationForm';
import { Expiry } from '../PendingFacts';
import { RequestFacts } from './RequestFacts';
import { Trans, useTranslation } from 'react-i18next';

interface Props {
  request: ElicitationView;
  conversation?: { title: string; onOpen: () => void };
}

/**
 * A server's question. Form mode: the generated form (Accept, Decline, Cancel). URL mode: the full URL and
 * its host, opened only when the operator clicks it (which accepts); Decline and Cancel open nothing.
 */
export function ElicitationCard({ request, conversation }: Props) {
  const { t, i18n } = useTranslation('common');
  const answer = useRpcMutation('requests.answer');
  const titleId = `request-${request.id}-title`;
  const send = (action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>) => answer.mutate({ id: request.id, action, ...(content ? { content } : {}) });
  const refused = answer.error instanceof RpcClientError && answer.error.code === 'bad_request' ? problemsOf(i18n, answer.error.details) : undefined;

  return (
    <article className="request-card elicitation-card" aria-labelledby={titleId} data-testid="elicitation-card" data-server={request.server} data-mode={request.mode}>
      <header className="request-head">
        <h3 id={titleId}>{t('elicitationCard.asks', { server: request.server })}</h3>
        <Expiry expiresAt={request.expiresAt} action={t('elicitationCard.cancelAction')} outcome={t('elicitationCard.cancelled')} />
      </header>
      <RequestFacts request={request} conversation={conversation} />
      <p className="request-message">{request.message}</p>
      {request.mode === 'url' ? (
        <div className="elicitation-url">
          <p>
            <Trans t={t} i18nKey="elicitationCard.itAsksYouTo" values={{ urlHost: request.urlHost }} components={{ strong: <strong data-testid="url-host" /> }} />
          </p>
          <pre className="json-block" data-testid="url-full">
            {request.url}
          </pre>
          <div className="actions">
            <a className="btn btn-primary" href={request.url} target="_blank" rel="noopener noreferrer" onClick={() => send('accept')} aria-disabled={answer.isPending || undefined}>
              {t('elicitationCard.openAndAccept', { urlHost: request.urlHost })}
            </a>
            <button type="button" className="btn" disabled={answer.isPending} onClick={() => send('decline')}>
              {t('elicitationCard.decline')}
            </button>
            <button type="button" className="btn" disabled={answer.isPending} onClick={() => send('cancel')}>
              {t('elicitationCard.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <ElicitationForm
          schema={request.requestedSchema}
          busy={answer.isPending}
          serverProblems={refused}
          onAccept={(content) => send('accept', content)}
          onDecline={() => send('decline')}
          onCancel={() => send('cancel')}
        />
      )}
      {answer.isPending && <p role="status">{t('elicitationCard.sendingYourAnswer')}</p>}
      {answer.isError && !refused && (
        <p className="field-error" role="alert">
          {t('elicitationCard.notSent', { errorMessage: errorMessage(answer.error) })}
        </p>
      )}
    </article>
  );
}

function problemsOf(i18n: I18n, details: unknown): Record<string, string[]> | undefined {
  const problems = (details as { problems?: { field: string; message: string; uiMessage?: UiMessage }[] } | undefined)?.problems;
  return Array.isArray(problems) ? byField(i18n, problems) : undefined;
}
