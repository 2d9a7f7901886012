import type { ElicitationView, SamplingView, ServerRequestView } from '../../shared/contract';
import { checkContent, elicitationFields, valueFromText, type ElicitField } from '../../shared/elicitation/fields';
import type { ServerRequestService } from '../core/requests/server-requests';
import { errorText } from '../../shared/error-text';

/** One question at a time at the terminal; approvals and server requests share it. */
export type Ask = (question: string) => Promise<string>;

/**
 * The terminal's side of a server's request (`--elicit ask`, `--sampling ask`): a question is asked field
 * by field (defaults shown, each answer checked, a wrong one asked again) and then accepted, declined or
 * cancelled; a URL is shown with its host and never opened; a sampling request is shown, approved or
 * rejected, and its answer shown again before it is returned. A request answered meanwhile elsewhere (timed
 * out, withdrawn) is left alone.
 */
export function createRequestPrompts(requests: ServerRequestService, ask: Ask, print: (line: string) => void) {
  const stillPending = (id: string) => requests.list().some((r) => r.id === id);

  async function elicitation(view: ElicitationView): Promise<void> {
    print(`  ? ${view.server} asks${view.toolName ? ` (during ${view.toolName})` : ''}: ${view.message}`);
    if (view.mode === 'url') {
      print(`    URL: ${view.url}`);
      print(`    host: ${view.urlHost} (not opened: open it yourself if you trust it)`);
      return finish(view, {}, await choice('Done with it? [a]ccept / [d]ecline / [c]ancel: '));
    }
    const fields = elicitationFields(view.requestedSchema);
    const secrets = fields.filter((f) => f.secret).map((f) => f.label);
    if (secrets.length) print(secretWarning(view, secrets.join(', ')));
    const answer: Record<string, unknown> = {};
    for (const field of fields) answer[field.name] = await fieldAnswer(field);
    if (!stillPending(view.id)) return;
    await finish(view, answer, await choice('Send these answers? [a]ccept / [d]ecline / [c]ancel: '));
  }

  async function fieldAnswer(field: ElicitField): Promise<unknown> {
    for (;;) {
      const hint = field.options
        ? ` (${field.options.map((o) => (o.label === o.value ? o.value : `${o.value}=${o.label}`)).join(', ')}${field.kind === 'multiselect' ? '; comma-separated' : ''})`
        : field.format
          ? ` (${field.format})`
          : field.kind === 'boolean'
            ? ' (y/n)'
            : '';
      const shown =
        field.default === undefined
          ? ''
          : ` [${Array.isArray(field.default) ? field.default.join(', ') : String(field.default)}]`;
      const value = valueFromText(field, await ask(`    ${field.label}${field.required ? ' *' : ''}${hint}${shown}: `));
      const { problems } = checkContent([field], value === undefined ? {} : { [field.name]: value });
      if (!problems.length) return value;
      print(`    ${problems[0].message}`);
    }
  }

  async function choice(question: string): Promise<'accept' | 'decline' | 'cancel'> {
    const answer = (await ask(question)).trim().toLowerCase();
    return answer.startsWith('a') ? 'accept' : answer.startsWith('d') ? 'decline' : 'cancel';
  }

  async function finish(
    view: ElicitationView,
    answer: Record<string, unknown>,
    action: 'accept' | 'decline' | 'cancel',
  ): Promise<void> {
    if (!stillPending(view.id)) return;
    try {
      requests.answer(view.id, action, answer, 'cli operator');
    } catch (error) {
      print(`    not sent: ${errorText(error)}`);
      requests.answer(view.id, 'cancel', {}, 'cli operator');
    }
  }

  async function sampling(view: SamplingView): Promise<void> {
    if (view.stage === 'review') {
      print(
        `  ? ${view.server} asks the model${view.toolName ? ` (during ${view.toolName})` : ''}, up to ${view.request.maxTokens} tokens:`,
      );
      if (view.error) print(`    last try: ${view.error}`);
      if (view.request.systemPrompt) print(`    system: ${view.request.systemPrompt}`);
      for (const m of view.request.messages) print(`    ${m.role}: ${m.text}`);
      const yes = /^y/i.test(await ask(`Send this to ${view.model}? [y/N] `));
      if (!stillPending(view.id)) return;
      if (yes) requests.startSampling(view.id, {});
      else requests.reject(view.id, 'rejected at the terminal', 'cli operator');
    } else if (view.stage === 'answered' && view.answer) {
      print(`    ${view.answer.model} answered: ${view.answer.text}`);
      const yes = /^y/i.test(await ask(`Return this answer to ${view.server}? [y/N] `));
      if (!stillPending(view.id)) return;
      if (yes) requests.reply(view.id, 'cli operator');
      else requests.reject(view.id, 'answer rejected at the terminal', 'cli operator');
    }
  }

  return (view: ServerRequestView) => (view.kind === 'elicitation' ? elicitation(view) : sampling(view));
}

/** The terminal's words for a form that asks for secrets: stronger when none of the asking server's tools is running. */
function secretWarning(view: ElicitationView, fields: string): string {
  if (!view.outsideItsCalls)
    return `    ! ${fields}: looks like a secret; it goes to ${view.server} only and is not stored (typed text is shown as you type)`;
  const running = view.callsElsewhere?.[0];
  const during = running
    ? ` while ${running.toolName} of ${running.server} is running`
    : ' while none of its own tools is running';
  return `    ! careful: ${view.server} asks for a secret (${fields})${during}; decline unless you expected this`;
}
