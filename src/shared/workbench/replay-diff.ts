import type { ChatItem, Conversation, ModelStep, ReplayStep, ReplayStepSide } from '../contract';

/** How a replay marks a call it let through or refused that would have asked the operator. */
export const WOULD_ASK_APPROVAL = 'it would have asked the operator for approval';

/**
 * The original conversation and its replay side by side, per turn and model step: the visible tools (names
 * added or removed, token delta, descriptions changed), the calls with their arguments, and the answers.
 */
export function diffReplay(original: Pick<Conversation, 'items' | 'turns'>, replay: Pick<Conversation, 'items' | 'turns'>): { steps: ReplayStep[]; diverged: boolean } {
  const steps: ReplayStep[] = [];
  const turns = Math.max(original.turns.length, replay.turns.length);
  for (let t = 0; t < turns; t++) {
    const before = original.turns[t];
    const after = replay.turns[t];
    const userText = userTextOf(original.items, before?.id) ?? userTextOf(replay.items, after?.id) ?? '';
    const count = Math.max(before?.steps.length ?? 0, after?.steps.length ?? 0, 1);
    for (let s = 0; s < count; s++) {
      const left = before ? sideOf(original.items, before.id, before.steps[s], s + 1) : null;
      const right = after ? sideOf(replay.items, after.id, after.steps[s], s + 1) : null;
      steps.push(compare(t + 1, s + 1, userText, left, right, before?.steps[s], after?.steps[s]));
    }
  }
  return { steps, diverged: steps.some((step) => !step.same) };
}

function compare(turn: number, step: number, userText: string, original: ReplayStepSide | null, replay: ReplayStepSide | null, a?: ModelStep, b?: ModelStep): ReplayStep {
  const added = original && replay ? replay.tools.filter((n) => !original.tools.includes(n)) : [];
  const removed = original && replay ? original.tools.filter((n) => !replay.tools.includes(n)) : [];
  const tokenDelta = (replay?.tokens ?? 0) - (original?.tokens ?? 0);
  const differences: string[] = [];
  if (!original) differences.push('only in the replay');
  else if (!replay) differences.push('only in the original');
  else {
    if (added.length || removed.length) differences.push(`visible tools: ${[...added.map((n) => `+${n}`), ...removed.map((n) => `−${n}`)].join(' ')}`);
    const described = changedDescriptions(a, b);
    if (described.length) differences.push(`descriptions changed: ${described.join(', ')}`);
    if (tokenDelta !== 0) differences.push(`tokens ${tokenDelta > 0 ? '+' : ''}${tokenDelta}`);
    if (callsKey(original) !== callsKey(replay)) differences.push('tool calls');
    if (original.answer !== replay.answer) differences.push('answer');
  }
  return { turn, step, userText, original, replay, same: differences.length === 0, added, removed, tokenDelta, differences };
}

function sideOf(items: readonly ChatItem[], turnId: string, modelStep: ModelStep | undefined, step: number): ReplayStepSide | null {
  if (!modelStep) return null;
  const here = items.filter((item) => item.turnId === turnId && 'step' in item && item.step === step);
  const calls = here.filter((item): item is Extract<ChatItem, { kind: 'tool' }> => item.kind === 'tool');
  return {
    tools: modelStep.tools.map((tool) => tool.name),
    tokens: modelStep.totalTokens,
    calls: calls.map((call) => ({ tool: call.toolName, arguments: call.arguments, status: call.status, ...(call.resultText !== undefined && { result: call.resultText }) })),
    answer: here.flatMap((item) => (item.kind === 'assistant' ? [item.text] : [])).join('\n'),
    wouldAskApproval: calls.filter((call) => call.approvalId !== undefined || call.resultText?.includes(WOULD_ASK_APPROVAL)).map((call) => call.toolName),
  };
}

function changedDescriptions(a: ModelStep | undefined, b: ModelStep | undefined): string[] {
  if (!a || !b) return [];
  const before = new Map(a.tools.map((tool) => [tool.name, tool.description]));
  return b.tools.filter((tool) => before.has(tool.name) && before.get(tool.name) !== tool.description).map((tool) => tool.name);
}

const callsKey = (side: ReplayStepSide) => JSON.stringify(side.calls.map((call) => [call.tool, canonical(call.arguments)]));

/** Key order does not make two argument objects differ. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  return value;
}

function userTextOf(items: readonly ChatItem[], turnId: string | undefined): string | undefined {
  if (!turnId) return undefined;
  const user = items.find((item) => item.kind === 'user' && item.turnId === turnId);
  return user?.kind === 'user' ? user.text : undefined;
}
