import {
  OUTCOME_DIFFERENCES,
  type ChatItem,
  type Conversation,
  type ModelStep,
  type ReplayDifference,
  type ReplayReport,
  type ReplayStep,
  type ReplayStepSide,
} from '../contract';
import { canonicalJson } from '../canonical-json';

/**
 * The original conversation and its replay side by side, per turn and model step: the visible tools (names
 * added or removed, token delta, descriptions changed), the calls with their arguments, and the answers.
 */
export function diffReplay(
  original: Pick<Conversation, 'items' | 'turns'>,
  replay: Pick<Conversation, 'items' | 'turns'>,
): Pick<ReplayReport, 'steps' | 'diverged' | 'outcomeDiffers' | 'toolChanges'> {
  const steps: ReplayStep[] = [];
  const turns = Math.max(original.turns.length, replay.turns.length);
  for (let t = 0; t < turns; t++) {
    const before = original.turns[t];
    const after = replay.turns[t];
    const userText = userTextOf(original.items, before?.id) ?? userTextOf(replay.items, after?.id) ?? '';
    const count = Math.max(before?.steps.length ?? 0, after?.steps.length ?? 0, 1);
    for (let s = 0; s < count; s++) {
      const left = before ? sideOf(original.items, before.id, before.steps[s], s + 1, 'original') : null;
      const right = after ? sideOf(replay.items, after.id, after.steps[s], s + 1, 'replay') : null;
      steps.push(compare(t + 1, s + 1, userText, left, right, before?.steps[s], after?.steps[s]));
    }
  }
  return {
    steps,
    diverged: steps.some((step) => !step.same),
    outcomeDiffers: steps.some((step) => step.outcomeDiffers),
    toolChanges: groupToolChanges(steps),
  };
}

/** Identical tool-list changes as one entry with the number of steps they were seen on, in the order first seen. */
function groupToolChanges(steps: readonly ReplayStep[]): ReplayReport['toolChanges'] {
  const groups = new Map<string, ReplayReport['toolChanges'][number]>();
  for (const step of steps) {
    if (!step.added.length && !step.removed.length) continue;
    const key = JSON.stringify([step.added, step.removed]);
    const group = groups.get(key);
    if (group) group.steps++;
    else groups.set(key, { added: step.added, removed: step.removed, steps: 1 });
  }
  return [...groups.values()];
}

function compare(
  turn: number,
  step: number,
  userText: string,
  original: ReplayStepSide | null,
  replay: ReplayStepSide | null,
  a?: ModelStep,
  b?: ModelStep,
): ReplayStep {
  const added = original && replay ? replay.tools.filter((n) => !original.tools.includes(n)) : [];
  const removed = original && replay ? original.tools.filter((n) => !replay.tools.includes(n)) : [];
  const tokenDelta = (replay?.tokens ?? 0) - (original?.tokens ?? 0);
  const kinds: ReplayDifference[] = [];
  const differences: string[] = [];
  const differ = (kind: ReplayDifference, words: string) => {
    kinds.push(kind);
    differences.push(words);
  };
  // Most telling first: what the model did, then what it was given.
  if (!original) differ('onlyInReplay', 'only in the replay');
  else if (!replay) differ('onlyInOriginal', 'only in the original');
  else {
    if (original.answer !== replay.answer) differ('answer', 'answer');
    if (callsKey(original) !== callsKey(replay)) differ('calls', 'tool calls');
    if (added.length || removed.length)
      differ('tools', `visible tools: ${[...added.map((n) => `+${n}`), ...removed.map((n) => `−${n}`)].join(' ')}`);
    const described = changedDescriptions(a, b);
    if (described.length) differ('descriptions', `descriptions changed: ${described.join(', ')}`);
    if (tokenDelta !== 0) differ('tokens', `tokens ${tokenDelta > 0 ? '+' : ''}${tokenDelta}`);
  }
  const outcomeDiffers = kinds.some((kind) => OUTCOME_DIFFERENCES.includes(kind));
  return {
    turn,
    step,
    userText,
    original,
    replay,
    same: kinds.length === 0,
    added,
    removed,
    tokenDelta,
    differences,
    kinds,
    outcomeDiffers,
  };
}

function sideOf(
  items: readonly ChatItem[],
  turnId: string,
  modelStep: ModelStep | undefined,
  step: number,
  which: 'original' | 'replay',
): ReplayStepSide | null {
  if (!modelStep) return null;
  const here = items.filter((item) => item.turnId === turnId && 'step' in item && item.step === step);
  const calls = here.filter((item): item is Extract<ChatItem, { kind: 'tool' }> => item.kind === 'tool');
  // Typed fields of the call, never its text. In the original an approval id means the operator was asked (the status
  // says how it went); in the replay nobody is asked: a refused write or an auto-approved read would have asked.
  const wouldAsk = (call: Extract<ChatItem, { kind: 'tool' }>) =>
    call.wouldAskApproval === true || (which === 'replay' && call.approvalId !== undefined);
  return {
    tools: modelStep.tools.map((tool) => tool.name),
    tokens: modelStep.totalTokens,
    calls: calls.map((call) => ({
      tool: call.toolName,
      arguments: call.arguments,
      status: call.status,
      ...(call.resultText !== undefined && { result: call.resultText }),
      ...(wouldAsk(call)
        ? { approval: 'wouldAsk' as const }
        : call.approvalId !== undefined
          ? { approval: 'asked' as const }
          : {}),
    })),
    answer: here.flatMap((item) => (item.kind === 'assistant' ? [item.text] : [])).join('\n'),
    wouldAskApproval: calls.filter(wouldAsk).map((call) => call.toolName),
  };
}

function changedDescriptions(a: ModelStep | undefined, b: ModelStep | undefined): string[] {
  if (!a || !b) return [];
  const before = new Map(a.tools.map((tool) => [tool.name, tool.description]));
  return b.tools
    .filter((tool) => before.has(tool.name) && before.get(tool.name) !== tool.description)
    .map((tool) => tool.name);
}

/** Key order does not make two argument objects differ. */
const callsKey = (side: ReplayStepSide) =>
  JSON.stringify(side.calls.map((call) => [call.tool, canonicalJson(call.arguments)]));

function userTextOf(items: readonly ChatItem[], turnId: string | undefined): string | undefined {
  if (!turnId) return undefined;
  const user = items.find((item) => item.kind === 'user' && item.turnId === turnId);
  return user?.kind === 'user' ? user.text : undefined;
}
