import { useEffect, useId, useState } from 'react';
import type { SamplingView } from '../../../../shared/contract';
import { formatNumber } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { RequestCardFrame } from './RequestCardFrame';
import { Trans, useTranslation } from 'react-i18next';
import { shownText } from '../../lib/i18n/messages';
import { ActionFailure } from '../ActionFailure';
import { DeprecatedMark } from '../DeprecatedMark';

interface Props {
  request: SamplingView;
  conversation?: { title: string; onOpen: () => void };
}

/**
 * A server's model request, with the operator in the loop: read (and edit) the messages, system prompt and
 * token cap; only "Send to the model" runs it; the answer is shown before "Return" gives it to the server.
 * Reject refuses at any stage.
 */
export function SamplingCard({ request, conversation }: Props) {
  const { t, i18n } = useTranslation('common');
  const sample = useRpcMutation('requests.sample');
  const reply = useRpcMutation('requests.reply');
  const reject = useRpcMutation('requests.reject');
  const edits = useSamplingEdits(request);
  const [rejecting, setRejecting] = useState(false);
  const id = useId();
  const busy = sample.isPending || reply.isPending || reject.isPending;
  const failed = [sample, reply, reject].find((m) => m.isError);
  const send = () => sample.mutate({ id: request.id, ...edits.input() });
  const reviewing = request.stage === 'review';

  return (
    <RequestCardFrame
      request={request}
      conversation={conversation}
      kind="sampling"
      title={t('samplingCard.asksTheModel', { server: request.server })}
      aside={<DeprecatedMark />}
      expiry={{ action: t('samplingCard.refuse'), outcome: t('samplingCard.refused') }}
      data={{ 'data-stage': request.stage }}
    >
      <ModelNote request={request} />
      <SamplingInputs id={id} request={request} editable={reviewing} edits={edits} />
      {request.error && (
        <p className="field-error" role="alert">
          {shownText(i18n, request.error, request.errorMessage)}
        </p>
      )}
      {request.stage === 'generating' && <p role="status">{t('samplingCard.isAnswering', { model: request.model })}</p>}
      {request.stage === 'answered' && request.answer && <SamplingAnswer answer={request.answer} />}
      {rejecting ? (
        <RejectForm
          id={id}
          busy={busy}
          onReject={(reason) => reject.mutate({ id: request.id, ...(reason ? { reason } : {}) })}
          onBack={() => setRejecting(false)}
        />
      ) : (
        <div className="actions">
          {reviewing && (
            <button type="button" className="btn btn-primary" disabled={busy || !edits.tokensOk} onClick={send}>
              {t('samplingCard.sendTo', { model: request.model })}
            </button>
          )}
          {request.stage === 'answered' && (
            <>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => reply.mutate({ id: request.id })}
              >
                {t('samplingCard.returnAnswerTo', { server: request.server })}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={send}>
                {t('samplingCard.askAgain')}
              </button>
            </>
          )}
          <button type="button" className="btn btn-danger-quiet" disabled={busy} onClick={() => setRejecting(true)}>
            {t('samplingCard.rejectWithReason')}
          </button>
        </div>
      )}
      {failed && (
        <ActionFailure action={failed} say={(reason) => t('samplingCard.notDone', { errorMessage: reason })} />
      )}
    </RequestCardFrame>
  );
}

/** Which model answers, what the server hints and asks for, and where main capped the request. */
function ModelNote({ request }: { request: SamplingView }) {
  const { t } = useTranslation('common');
  return (
    <>
      <p className="muted small">
        <Trans
          t={t}
          i18nKey="samplingCard.answeredBy"
          values={{ model: request.model }}
          components={{ strong: <strong /> }}
        />
        {request.request.modelHints?.length
          ? t('samplingCard.theServerHints', { hints: request.request.modelHints.join(', ') })
          : ''}
        {request.request.temperature !== undefined
          ? t('samplingCard.temperature', { temperature: request.request.temperature })
          : ''}
        {request.request.includeContext && request.request.includeContext !== 'none'
          ? t('samplingCard.asksToIncludeContext', { includeContext: request.request.includeContext })
          : ''}
      </p>
      {request.request.limits && (
        <p className="warn-text small" role="note" data-testid="sampling-limits">
          {request.request.limits.requestedMaxTokens !== undefined &&
            t('samplingCard.tokensCapped', {
              requested: formatNumber(request.request.limits.requestedMaxTokens),
              cap: formatNumber(request.request.limits.maxTokens ?? request.request.maxTokens),
            })}{' '}
          {request.request.limits.textBytes !== undefined &&
            t('samplingCard.textCut', {
              bytes: formatNumber(request.request.limits.textBytes),
              limit: formatNumber(request.request.limits.textLimit ?? 0),
            })}
        </p>
      )}
    </>
  );
}

/** What the operator may change before the request runs: the messages' text, the system prompt, the token cap. */
function useSamplingEdits(request: SamplingView) {
  const [texts, setTexts] = useState(() => request.request.messages.map((m) => m.text));
  const [systemPrompt, setSystemPrompt] = useState(request.request.systemPrompt ?? '');
  const [maxTokens, setMaxTokens] = useState(String(request.request.maxTokens));
  const tokens = Number(maxTokens);
  // A regenerated request keeps what the operator typed; a request that changed under us (another window) resets.
  useEffect(() => setTexts(request.request.messages.map((m) => m.text)), [request.request.messages]);
  return {
    texts,
    setTexts,
    systemPrompt,
    setSystemPrompt,
    maxTokens,
    setMaxTokens,
    tokensOk: Number.isInteger(tokens) && tokens > 0,
    /** The request as edited, for requests.sample. */
    input: () => ({
      messages: texts.map((text) => ({ text })),
      ...(request.request.systemPrompt !== undefined || systemPrompt ? { systemPrompt } : {}),
      maxTokens: tokens,
    }),
  };
}

interface InputsProps {
  id: string;
  request: SamplingView;
  /** Only while the operator reviews; afterwards the fields show what was sent. */
  editable: boolean;
  edits: ReturnType<typeof useSamplingEdits>;
}

/** The system prompt, each message (text ones editable) and the token cap. */
function SamplingInputs({ id, request, editable: reviewing, edits }: InputsProps) {
  const { texts, systemPrompt, maxTokens, tokensOk } = edits;
  const { t } = useTranslation('common');
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-system`}>{t('samplingCard.systemPrompt')}</label>
        <textarea
          id={`${id}-system`}
          rows={2}
          value={systemPrompt}
          readOnly={!reviewing}
          onChange={(e) => edits.setSystemPrompt(e.target.value)}
        />
      </div>
      {request.request.messages.map((message, i) => (
        <div className="form-field" key={i}>
          <label htmlFor={`${id}-m${i}`}>
            {t('samplingCard.message', { number: i + 1, role: message.role })}
            {message.editable ? '' : t('samplingCard.notTextShownNot')}
          </label>
          <textarea
            id={`${id}-m${i}`}
            rows={3}
            value={texts[i] ?? ''}
            readOnly={!reviewing || !message.editable}
            onChange={(e) => edits.setTexts((all) => all.map((t, n) => (n === i ? e.target.value : t)))}
          />
        </div>
      ))}
      <div className="form-field sampling-tokens">
        <label htmlFor={`${id}-tokens`}>{t('samplingCard.maxTokens')}</label>
        <input
          id={`${id}-tokens`}
          type="number"
          min={1}
          step={1}
          value={maxTokens}
          readOnly={!reviewing}
          onChange={(e) => edits.setMaxTokens(e.target.value)}
          aria-invalid={!tokensOk || undefined}
        />
      </div>
    </>
  );
}

/** The model's answer, shown before it is returned to the server. */
function SamplingAnswer({ answer }: { answer: NonNullable<SamplingView['answer']> }) {
  const { t } = useTranslation('common');
  return (
    <section className="sampling-answer" aria-label={t('samplingCard.theModelsAnswer')}>
      <h4>
        {t('samplingCard.answerFrom', { model: answer.model })}
        {answer.stopReason ? <span className="muted small"> · {answer.stopReason}</span> : null}
      </h4>
      <pre className="json-block" data-testid="sampling-answer">
        {answer.text}
      </pre>
    </section>
  );
}

interface RejectProps {
  id: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onBack: () => void;
}

/** Reject, with an optional reason sent to the server. */
function RejectForm({ id, busy, onReject, onBack }: RejectProps) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  return (
    <form
      className="reject-form"
      onSubmit={(e) => {
        e.preventDefault();
        onReject(reason.trim());
      }}
    >
      <label htmlFor={`${id}-reason`}>{t('samplingCard.whySentToThe')}</label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        value={reason}
        maxLength={2000}
        onChange={(e) => setReason(e.target.value)}
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {t('samplingCard.reject')}
        </button>
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          {t('samplingCard.back')}
        </button>
      </div>
    </form>
  );
}
