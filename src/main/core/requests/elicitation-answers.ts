/*
 * What a server's question looks like to the operator, and the answers main gives to it: the operator's (checked
 * against the question's schema), the policy's when nobody is asked, and the system's when it cannot be asked.
 */
import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import type { ElicitationView } from '../../../shared/contract';
import {
  checkContent,
  defaultContent,
  elicitationFields,
  withoutSecretAnswers,
} from '../../../shared/elicitation/fields';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import type { ExternalUrlCheck } from '../../../shared/net/external-url';
import { Invalid } from '../errors';
import type { Settlement } from './pending-requests';

/** ask: the operator answers; decline: every question is declined; defaults: accepted with the schema's defaults (never a URL). */
export type ElicitPolicy = 'ask' | 'decline' | 'defaults';

/** Main's own reason: the English stored and sent, the code the console translates. */
export const because = (message: UiMessage) => ({ reason: message.text, reasonMessage: message });

/** The question as the operator sees it; a URL the gate refused keeps no host to show. */
export function elicitationView(
  base: Omit<ElicitationView, 'mode' | 'requestedSchema' | 'url' | 'urlHost' | 'elicitationId'>,
  params: ElicitRequestParams,
  check: ExternalUrlCheck | undefined,
): ElicitationView {
  return params.mode === 'url'
    ? {
        ...base,
        mode: 'url',
        url: params.url,
        urlHost: check?.ok ? check.url.host : '',
        elicitationId: params.elicitationId,
      }
    : { ...base, mode: 'form', requestedSchema: params.requestedSchema as Record<string, unknown> };
}

/** What the records keep of a question. */
export function recordedQuestion(view: ElicitationView): Record<string, unknown> {
  return view.mode === 'url'
    ? { message: view.message, url: view.url }
    : { message: view.message, requestedSchema: view.requestedSchema };
}

export function cancelledBySystem(why: UiMessage): Settlement {
  return { outcome: 'cancel', decidedBy: 'system', ...because(why), reply: { result: { action: 'cancel' } } };
}

export function declinedBySystem(why: UiMessage): Settlement {
  return { outcome: 'decline', decidedBy: 'system', ...because(why), reply: { result: { action: 'decline' } } };
}

/** --elicit decline | defaults: answered at once, recorded like any other answer. */
export function unattendedAnswer(policy: ElicitPolicy, view: ElicitationView): Settlement {
  const decider = say('decider.elicitPolicy', { policy });
  const decided = { decidedBy: decider.text, decidedByMessage: decider };
  const decline = (why: UiMessage): Settlement => ({
    outcome: 'decline',
    ...decided,
    ...because(why),
    reply: { result: { action: 'decline' } },
  });
  if (policy === 'decline') return decline(say('request.settled.questionsDeclined'));
  if (view.mode === 'url') return decline(say('request.settled.urlNeedsOperator'));
  const fields = elicitationFields(view.requestedSchema);
  const { content, problems } = checkContent(fields, defaultContent(fields));
  if (problems.length)
    return decline(say('request.settled.noDefault', { fields: problems.map((p) => p.field).join(', ') }));
  return {
    outcome: 'accept',
    ...decided,
    response: withoutSecretAnswers(fields, content),
    reply: { result: { action: 'accept', content } },
  };
}

/** The operator's answer; an accepted form is checked against its schema (Invalid lists the problems), defaults filled in. */
export function operatorAnswer(
  view: ElicitationView,
  action: 'accept' | 'decline' | 'cancel',
  answer: Record<string, unknown>,
  decidedBy: string,
): Settlement {
  if (action !== 'accept') return { outcome: action, decidedBy, reply: { result: { action } } };
  if (view.mode === 'url') return { outcome: 'accept', decidedBy, reply: { result: { action: 'accept' } } };
  const fields = elicitationFields(view.requestedSchema);
  const { content, problems } = checkContent(fields, answer);
  if (problems.length)
    throw new Invalid(
      say(
        'request.answerProblems',
        { count: problems.length },
        problems.map((p) => `${p.field}: ${p.message}`).join('; '),
      ),
      { problems },
    );
  // The server gets what was typed; what is kept (records, conversation log, events) never holds a secret's value.
  return {
    outcome: 'accept',
    decidedBy,
    response: withoutSecretAnswers(fields, content),
    reply: { result: { action: 'accept', content } },
  };
}
