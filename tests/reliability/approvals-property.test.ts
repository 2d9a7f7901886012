import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, ExecutionRecord } from '../../src/shared/contract';
import type { ConfirmPolicy, IntentNode } from '../../src/shared/config/schema';
import { startRuntimeHarness } from '../support/agent/runtime-harness';
import { say } from '../support/agent/scripted-provider';
import type { ModelProvider, ModelStreamEvent, ToolCallRequest } from '../../src/main/core/providers/types';
import type { McpCaller } from '../../src/main/core/agent/tool-proxy';

/**
 * Property: whatever the model calls, whatever the policies and whatever the operator answers, a
 * write reaches the shop exactly when it was approved (or its policy is "never"). The shop's own
 * counter (store.writesExecuted) is the ground truth, not our records.
 */
const READS = ['query_order', 'query_logistics', 'query_coupons'] as const;
const WRITES = ['cancel_order', 'update_shipping_address', 'apply_refund'] as const;
/** Names the model may try that are not bound (or not spelled like a bound tool): always refused. */
const UNBOUND = [
  'query_invoice',
  'Cancel_Order',
  'shop__cancel_order',
  'cancel_order ',
  '__proto__',
  'constructor',
] as const;
type Tool = (typeof READS)[number] | (typeof WRITES)[number] | (typeof UNBOUND)[number];
const isWrite = (t: string) => (WRITES as readonly string[]).includes(t);
const isBound = (t: string) => isWrite(t) || (READS as readonly string[]).includes(t);

type Decision = 'approve' | 'reject' | 'approve_conversation' | 'timeout' | 'late_approve';
const APPROVED = new Set(['approve', 'approve_conversation', 'remembered']);
const RANK: Record<ConfirmPolicy, number> = { never: 0, auto: 1, always: 2 };

const ORDER_NOS = ['BS1001011', 'BS1001015', 'BS1000952', 'BS1001003', 'BS9999999'];
function argumentsFor(tool: string, n: number): Record<string, unknown> {
  const orderNo = ORDER_NOS[n % ORDER_NOS.length];
  switch (tool) {
    case 'query_order':
      return n % 2 ? { keyword: '耳机' } : {};
    case 'query_logistics':
      return { trackingNo: 'BIT9100000233' };
    case 'cancel_order':
      return { orderNo, reason: `r${n}` };
    case 'update_shipping_address':
      return { orderNo, address: `上海市浦东新区张江路${n}号 王小明 13800000001` };
    case 'apply_refund':
      return { orderNo, reason: `reason ${n}` };
    default:
      return { n };
  }
}

const toolArb: fc.Arbitrary<Tool> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WRITES) },
  { weight: 3, arbitrary: fc.constantFrom(...READS) },
  { weight: 1, arbitrary: fc.constantFrom(...UNBOUND) },
);
const decisionArb = fc.constantFrom<Decision>('approve', 'reject', 'approve_conversation', 'timeout', 'late_approve');
const callArb = fc.record({
  tool: toolArb,
  decision: decisionArb,
  conversation: fc.nat(3),
  /** Where this call ends: mid-step, the end of a model step, or the end of a turn. */
  boundary: fc.constantFrom('none', 'none', 'step', 'turn'),
});
const policyArb = fc.constantFrom<ConfirmPolicy>('auto', 'always', 'never');
/** One or two intent nodes per bound tool, each with its own policy: the strictest must win. */
const policiesArb = fc.record(
  Object.fromEntries(
    [...READS, ...WRITES].map((t) => [t, fc.array(policyArb, { minLength: 1, maxLength: 2 })]),
  ) as Record<(typeof READS)[number] | (typeof WRITES)[number], fc.Arbitrary<ConfirmPolicy[]>>,
);

function intentsFor(policies: Record<string, ConfirmPolicy[]>): IntentNode[] {
  const children: IntentNode[] = [];
  for (const [tool, list] of Object.entries(policies))
    list.forEach((confirm, i) =>
      children.push({ id: `${tool}-${i}`, name: tool, kind: 'mcp', toolId: tool, confirm, examples: [] }),
    );
  return [{ id: 'shop', name: 'shop', kind: 'category', examples: [], children }];
}

interface PlannedCall extends ToolCallRequest {
  decision: Decision;
  conversation: number;
}
type PlannedTurn = { conversation: number; steps: PlannedCall[][] };

/** Cuts the flat call list into model steps and turns; a turn belongs to its first call's conversation. */
type RawCall = { tool: Tool; decision: Decision; conversation: number; boundary: string };
function planTurns(calls: RawCall[], run: number): PlannedTurn[] {
  const turns: PlannedTurn[] = [];
  let turn: PlannedTurn | undefined;
  let step: PlannedCall[] = [];
  calls.forEach((c, i) => {
    turn ??= { conversation: c.conversation, steps: [] };
    step.push({
      id: `r${run}c${i}`,
      name: c.tool,
      arguments: argumentsFor(c.tool, i),
      decision: c.decision,
      conversation: turn.conversation,
    });
    if (c.boundary !== 'none' || i === calls.length - 1) {
      turn.steps.push(step);
      step = [];
    }
    if (c.boundary === 'turn' || i === calls.length - 1) {
      turns.push(turn);
      turn = undefined;
    }
  });
  return turns;
}

/**
 * Long enough that an answer given in the approvals.requested handler is in time even when this process is
 * descheduled for a while on a loaded machine (the service judges lateness by the wall clock).
 */
const APPROVAL_TIMEOUT_MS = 150;
let totalCalls = 0;

async function runScenario(policies: Record<string, ConfirmPolicy[]>, rawCalls: RawCall[], run: number) {
  const turns = planTurns(rawCalls, run);
  const planned = new Map(turns.flatMap((t) => t.steps.flat()).map((c) => [c.id, c]));
  const reachedMcp: string[] = [];
  let nextProvider: ModelProvider = { id: 'scripted', label: 'scripted', stream: async function* () {} };
  const harness = await startRuntimeHarness({
    provider: () => nextProvider,
    intents: intentsFor(policies),
    skills: [],
    approvalTimeoutMs: APPROVAL_TIMEOUT_MS,
    maxSteps: 64,
    wrapCaller: (real): McpCaller => ({
      callTool: (server, name, args, options) => {
        reachedMcp.push(name);
        return real.callTool(server, name, args, options);
      },
    }),
  });
  try {
    // The operator: answers each approval as planned for its call. A late answer arrives after the timeout.
    const answers: { callId: string; decision: Decision; accepted: boolean }[] = [];
    const requested: ApprovalRequest[] = [];
    const lateAnswers: Promise<void>[] = [];
    harness.events.subscribe((name, payload) => {
      if (name !== 'approvals.requested') return;
      const request = payload as ApprovalRequest;
      requested.push(request);
      const decision = planned.get(request.callId)!.decision;
      if (decision === 'timeout') return;
      if (decision === 'late_approve') {
        // After expiresAt by the wall clock, which is what the service judges lateness by.
        const lateAt = Date.parse(request.expiresAt) + 20;
        lateAnswers.push(
          new Promise((resolve) =>
            setTimeout(() => {
              answers.push({
                callId: request.callId,
                decision,
                accepted: harness.approvals.resolve(request.id, 'approve'),
              });
              resolve();
            }, lateAt - Date.now()),
          ),
        );
        return;
      }
      if (decision === 'approve_conversation' && request.policy === 'always') {
        // `always` asks at every call: the console never offers this answer there, and main refuses it.
        expect(() => harness.approvals.resolve(request.id, decision)).toThrow(/confirm: always/);
        answers.push({
          callId: request.callId,
          decision: 'approve',
          accepted: harness.approvals.resolve(request.id, 'approve'),
        });
        return;
      }
      const accepted = harness.approvals.resolve(request.id, decision, decision === 'reject' ? 'no' : undefined);
      // A second answer to a settled approval must change nothing.
      const replay = harness.approvals.resolve(request.id, 'approve');
      answers.push({ callId: request.callId, decision, accepted: accepted && !replay });
    });

    const conversationIds = await Promise.all([0, 1, 2, 3].map(async () => (await harness.agent.create('u1001')).id));
    // Conversations run concurrently; turns within one conversation run in order.
    await Promise.all(
      conversationIds.map(async (conversationId, index) => {
        for (const turn of turns.filter((t) => t.conversation === index)) {
          const script = [
            ...turn.steps.map((step): ModelStreamEvent[] => [
              ...step.map((call): ModelStreamEvent => ({
                type: 'toolCall',
                call: { id: call.id, name: call.name, arguments: call.arguments },
              })),
              { type: 'done', stopReason: 'tool_calls' },
            ]),
            say('done'),
          ];
          nextProvider = {
            id: 'scripted',
            label: 'scripted',
            async *stream() {
              yield* script.shift() ?? say('(exhausted)');
            },
          };
          const result = await harness.agent.send(conversationId, 'go').done;
          expect(result.status).toBe('completed');
        }
      }),
    );
    await Promise.all(lateAnswers);

    const records = harness.records.list({ limit: 10_000 }) as ExecutionRecord[];
    // Exactly one record per call, and no record for a call that was never made.
    const byCall = new Map<string, ExecutionRecord[]>();
    for (const r of records) byCall.set(r.callId, [...(byCall.get(r.callId) ?? []), r]);
    expect([...byCall.keys()].sort()).toEqual([...planned.keys()].sort());
    expect([...byCall.values()].every((list) => list.length === 1)).toBe(true);

    const rememberedFor = new Set<string>(); // "conversation:tool" approved for the rest of the conversation
    for (const a of answers)
      if (a.decision === 'approve_conversation')
        rememberedFor.add(`${planned.get(a.callId)!.conversation}:${planned.get(a.callId)!.name}`);
    const answerFor = new Map(answers.map((a) => [a.callId, a]));

    let approvedWrites = 0;
    const executedByTool = new Map<string, number>();
    for (const [callId, [record]] of byCall) {
      const call = planned.get(callId)!;
      const effective = isBound(call.name)
        ? policies[call.name].reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'never' as ConfirmPolicy)
        : undefined;
      const needsApproval = effective === 'always' || (effective === 'auto' && isWrite(call.name));
      const decision = record.approval?.decision;
      const executed = isBound(call.name) && (!needsApproval || APPROVED.has(decision ?? ''));

      if (!isBound(call.name)) expect(record, callId).toMatchObject({ status: 'blocked', approval: undefined });
      else if (!needsApproval) expect(record.approval, callId).toBeUndefined();
      else if (decision === 'remembered') {
        expect(rememberedFor.has(`${call.conversation}:${call.name}`), callId).toBe(true);
        expect(effective, `${callId}: a remembered approval never answers confirm: always`).not.toBe('always');
      } else {
        // The record tells exactly what the operator said; silence and a late answer are a timeout.
        const expected =
          call.decision === 'late_approve'
            ? 'timeout'
            : call.decision === 'approve_conversation' && effective === 'always'
              ? 'approve'
              : call.decision;
        expect(decision, callId).toBe(expected);
        if (call.decision === 'late_approve') expect(answerFor.get(callId)?.accepted, callId).toBe(false);
        else if (call.decision !== 'timeout') expect(answerFor.get(callId)?.accepted, callId).toBe(true);
      }
      expect(['success', 'error'].includes(record.status), `${callId} ${record.status}`).toBe(executed);
      if (!executed && isBound(call.name) && needsApproval) expect(record.status).toBe('rejected');
      if (executed) executedByTool.set(call.name, (executedByTool.get(call.name) ?? 0) + 1);
      if (executed && isWrite(call.name)) approvedWrites++;
    }

    // Ground truth from the other side of the wire.
    expect(harness.shop.store.writesExecuted).toBe(approvedWrites);
    const reached = new Map<string, number>();
    for (const name of reachedMcp) reached.set(name, (reached.get(name) ?? 0) + 1);
    expect(reached).toEqual(executedByTool);
    // No approval is left open, and every request was about a call that needed one.
    expect(harness.approvals.list()).toEqual([]);
    expect(requested.every((r) => planned.has(r.callId))).toBe(true);
    // Every conversation kept one tool item and one tool message per call.
    conversationIds.forEach((id, index) => {
      const conversation = harness.store.get(id);
      const mine = [...planned.values()]
        .filter((c) => c.conversation === index)
        .map((c) => c.id)
        .sort();
      expect(
        conversation.items
          .filter((i) => i.kind === 'tool')
          .map((i) => i.id)
          .sort(),
      ).toEqual(mine);
      expect(conversation.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])).sort()).toEqual(mine);
    });
    totalCalls += planned.size;
    return { calls: planned.size, approvedWrites };
  } finally {
    await harness.close();
  }
}

describe('approvals cannot be bypassed (property)', () => {
  it('a write reaches the shop exactly when approved or trusted, across 500+ random calls', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(policiesArb, fc.array(callArb, { minLength: 130, maxLength: 150 }), async (policies, calls) => {
        await runScenario(policies, calls, run++);
      }),
      { numRuns: 4, endOnFailure: true },
    );
    expect(totalCalls).toBeGreaterThanOrEqual(500);
  }, 120_000);
});
