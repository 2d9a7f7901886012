import { useEffect, useId, useState } from 'react';
import type { SamplingView } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { Expiry } from '../PendingFacts';
import { RequestFacts } from './RequestFacts';

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
  const sample = useRpcMutation('requests.sample');
  const reply = useRpcMutation('requests.reply');
  const reject = useRpcMutation('requests.reject');
  const [texts, setTexts] = useState(() => request.request.messages.map((m) => m.text));
  const [systemPrompt, setSystemPrompt] = useState(request.request.systemPrompt ?? '');
  const [maxTokens, setMaxTokens] = useState(String(request.request.maxTokens));
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  const busy = sample.isPending || reply.isPending || reject.isPending;
  const failed = [sample, reply, reject].find((m) => m.isError);
  const tokens = Number(maxTokens);
  const tokensOk = Number.isInteger(tokens) && tokens > 0;

  // A regenerated request keeps what the operator typed; a request that changed under us (another window) resets.
  useEffect(() => setTexts(request.request.messages.map((m) => m.text)), [request.request.messages]);

  const send = () =>
    sample.mutate({
      id: request.id,
      messages: texts.map((text) => ({ text })),
      ...(request.request.systemPrompt !== undefined || systemPrompt ? { systemPrompt } : {}),
      maxTokens: tokens,
    });
  const titleId = `request-${request.id}-title`;
  const reviewing = request.stage === 'review';

  return (
    <article className="request-card sampling-card" aria-labelledby={titleId} data-testid="sampling-card" data-stage={request.stage} data-server={request.server}>
      <header className="request-head">
        <h3 id={titleId}>{request.server} asks the model</h3>
        <Expiry expiresAt={request.expiresAt} action="refuse" outcome="Refused" />
      </header>
      <RequestFacts request={request} conversation={conversation} />
      <p className="muted small">
        Answered by <strong>{request.model}</strong>
        {request.request.modelHints?.length ? ` (the server hints: ${request.request.modelHints.join(', ')})` : ''}
        {request.request.temperature !== undefined ? ` · temperature ${request.request.temperature}` : ''}
        {request.request.includeContext && request.request.includeContext !== 'none' ? ` · asks to include context "${request.request.includeContext}" (not sent)` : ''}
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-system`}>System prompt</label>
        <textarea id={`${id}-system`} rows={2} value={systemPrompt} readOnly={!reviewing} onChange={(e) => setSystemPrompt(e.target.value)} />
      </div>
      {request.request.messages.map((message, i) => (
        <div className="form-field" key={i}>
          <label htmlFor={`${id}-m${i}`}>
            Message {i + 1} ({message.role}){message.editable ? '' : ' · not text: shown, not editable'}
          </label>
          <textarea id={`${id}-m${i}`} rows={3} value={texts[i] ?? ''} readOnly={!reviewing || !message.editable} onChange={(e) => setTexts((all) => all.map((t, n) => (n === i ? e.target.value : t)))} />
        </div>
      ))}
      <div className="form-field sampling-tokens">
        <label htmlFor={`${id}-tokens`}>Max tokens</label>
        <input id={`${id}-tokens`} type="number" min={1} step={1} value={maxTokens} readOnly={!reviewing} onChange={(e) => setMaxTokens(e.target.value)} aria-invalid={!tokensOk || undefined} />
      </div>
      {request.error && (
        <p className="field-error" role="alert">
          {request.error}
        </p>
      )}
      {request.stage === 'generating' && <p role="status">{request.model} is answering…</p>}
      {request.stage === 'answered' && request.answer && (
        <section className="sampling-answer" aria-label="The model's answer">
          <h4>
            Answer from {request.answer.model}
            {request.answer.stopReason ? <span className="muted small"> · {request.answer.stopReason}</span> : null}
          </h4>
          <pre className="json-block" data-testid="sampling-answer">
            {request.answer.text}
          </pre>
        </section>
      )}
      {rejecting ? (
        <form
          className="reject-form"
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate({ id: request.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
          }}
        >
          <label htmlFor={`${id}-reason`}>Why (sent to the server; optional)</label>
          <textarea id={`${id}-reason`} rows={2} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} autoFocus />
          <div className="actions">
            <button type="submit" className="btn btn-danger" disabled={busy}>
              Reject
            </button>
            <button type="button" className="btn" onClick={() => setRejecting(false)} disabled={busy}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          {reviewing && (
            <button type="button" className="btn btn-primary" disabled={busy || !tokensOk} onClick={send}>
              Send to {request.model}
            </button>
          )}
          {request.stage === 'answered' && (
            <>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => reply.mutate({ id: request.id })}>
                Return answer to {request.server}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={send}>
                Ask again
              </button>
            </>
          )}
          <button type="button" className="btn btn-danger-quiet" disabled={busy} onClick={() => setRejecting(true)}>
            Reject…
          </button>
        </div>
      )}
      {failed && (
        <p className="field-error" role="alert">
          Not done: {errorMessage(failed.error)}
        </p>
      )}
    </article>
  );
}
