import { useMemo, useState } from 'react';
import type { ElicitationView } from '../../../../shared/contract';
import type { i18n as I18n } from 'i18next';
import { elicitationFields } from '../../../../shared/elicitation/fields';
import { checkExternalUrl, revealHiddenCharacters } from '../../../../shared/net/external-url';
import { useRpc } from '../../lib/rpc-context';
import type { UiMessage } from '../../../../shared/i18n-message';
import { useRpcMutation } from '../../lib/queries';
import { RpcClientError } from '../../lib/rpc/types';
import { byField, ElicitationForm } from './ElicitationForm';
import { RequestCardFrame } from './RequestCardFrame';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../ActionFailure';

interface Props {
  request: ElicitationView;
  conversation?: { title: string; onOpen: () => void };
}

/**
 * A server's question. Form mode: the generated form (Accept, Decline, Cancel), with a warning when it asks for
 * something that looks like a secret (stronger when none of that server's tools is running). URL mode: the URL
 * with hidden characters made visible and its punycode host, opened only when the operator clicks, and accepted
 * only once it really opened (a tab came back, or main's opener said so); Decline and Cancel open nothing.
 */
export function ElicitationCard({ request, conversation }: Props) {
  const { t, i18n } = useTranslation('common');
  const answer = useRpcMutation('requests.answer');
  const send = (action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>) =>
    answer.mutate({ id: request.id, action, ...(content ? { content } : {}) });
  const refused =
    answer.error instanceof RpcClientError && answer.error.code === 'bad_request'
      ? problemsOf(i18n, answer.error.details)
      : undefined;
  const secrets = useMemo(
    () =>
      request.mode === 'form'
        ? elicitationFields(request.requestedSchema)
            .filter((f) => f.secret)
            .map((f) => f.label)
        : [],
    [request],
  );

  return (
    <RequestCardFrame
      request={request}
      conversation={conversation}
      kind="elicitation"
      title={t('elicitationCard.asks', { server: request.server })}
      expiry={{ action: t('elicitationCard.cancelAction'), outcome: t('elicitationCard.cancelled') }}
      data={{ 'data-mode': request.mode }}
    >
      <p className="request-message">{request.message}</p>
      {request.mode === 'form' && secrets.length > 0 && <SecretWarning request={request} fields={secrets} />}
      {request.mode === 'url' ? (
        <UrlQuestion request={request} answering={answer.isPending} onAnswer={send} />
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
      {!refused && (
        <ActionFailure action={answer} say={(reason) => t('elicitationCard.notSent', { errorMessage: reason })} />
      )}
    </RequestCardFrame>
  );
}

interface UrlQuestionProps {
  request: Props['request'];
  answering: boolean;
  onAnswer: (action: 'accept' | 'decline' | 'cancel') => void;
}

/**
 * A URL question: the host and the whole URL (hidden characters shown), opened only on a click and only past the
 * gate; in the browser opening it accepts, in the desktop main opens it and says whether it did.
 */
function UrlQuestion({ request, answering, onAnswer: send }: UrlQuestionProps) {
  const { t } = useTranslation('common');
  const rpc = useRpc();
  const openUrl = useRpcMutation('requests.openUrl');
  const [notOpened, setNotOpened] = useState(false);
  // main passes only URLs the gate allows; the page checks again before it opens anything.
  const url = request.url ? checkExternalUrl(request.url) : undefined;
  const busy = answering || openUrl.isPending;

  const open = () => {
    if (!url?.ok) return;
    setNotOpened(false);
    if (rpc.mode === 'desktop') {
      openUrl.mutate({ id: request.id }, { onSuccess: ({ opened }) => setNotOpened(!opened) });
      return;
    }
    const tab = window.open('about:blank', '_blank');
    if (!tab) return setNotOpened(true); // blocked: nothing opened, so nothing is accepted
    tab.opener = null; // the server's page gets no handle on the console
    tab.location.href = url.url.href;
    send('accept');
  };

  return (
    <div className="elicitation-url">
      <p>
        <Trans
          t={t}
          i18nKey="elicitationCard.itAsksYouTo"
          values={{ urlHost: url?.ok ? url.url.host : '' }}
          components={{ strong: <strong data-testid="url-host" /> }}
        />
      </p>
      <pre className="json-block" data-testid="url-full">
        {revealHiddenCharacters(request.url ?? '')}
      </pre>
      <div className="actions">
        {url?.ok ? (
          <button type="button" className="btn btn-primary" onClick={open} disabled={busy}>
            {t('elicitationCard.openAndAccept', { urlHost: url.url.host })}
          </button>
        ) : (
          <p className="field-error" role="alert">
            {t('elicitationCard.urlRefused')}
          </p>
        )}
        <button type="button" className="btn" disabled={busy} onClick={() => send('decline')}>
          {t('elicitationCard.decline')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => send('cancel')}>
          {t('elicitationCard.cancel')}
        </button>
      </div>
      {notOpened && (
        <p className="field-error" role="alert" data-testid="url-not-opened">
          {t('elicitationCard.notOpened')}
        </p>
      )}
      <ActionFailure action={openUrl} say={(reason) => t('elicitationCard.notSent', { errorMessage: reason })} />
    </div>
  );
}

/** What the operator should know before typing a secret: where it goes, that it is not kept, and whether this server has any business asking. */
function SecretWarning({ request, fields }: { request: ElicitationView; fields: string[] }) {
  const { t } = useTranslation('common');
  const list = fields.join(', ');
  if (!request.outsideItsCalls)
    return (
      <p className="request-warning" role="note" data-testid="secret-warning" data-strength="notice">
        {t('elicitationCard.secretNotice', { server: request.server, fields: list })}
      </p>
    );
  const running = request.callsElsewhere?.[0];
  return (
    <p
      className="request-warning request-warning-strong"
      role="alert"
      data-testid="secret-warning"
      data-strength="strong"
    >
      {running
        ? t('elicitationCard.secretFromOtherServer', {
            server: request.server,
            fields: list,
            toolName: running.toolName,
            toolServer: running.server,
          })
        : t('elicitationCard.secretUnprompted', { server: request.server, fields: list })}
    </p>
  );
}

function problemsOf(i18n: I18n, details: unknown): Record<string, string[]> | undefined {
  const problems = (details as { problems?: { field: string; message: string; uiMessage?: UiMessage }[] } | undefined)
    ?.problems;
  return Array.isArray(problems) ? byField(i18n, problems) : undefined;
}
