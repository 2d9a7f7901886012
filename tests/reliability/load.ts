import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ExecutionRecord } from '../../src/shared/contract';
import type { IntentNode } from '../../src/shared/config/schema';
import { startRuntimeHarness } from '../support/agent/runtime-harness';
import { say } from '../support/agent/scripted-provider';
import type { McpCaller } from '../../src/main/core/agent/tool-proxy';
import type { ModelProvider, ModelStreamEvent, ToolCallRequest } from '../../src/main/core/providers/types';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startShopProcess } from './helpers/shop-process';

/**
 * The load scenario shared by the suite (400 calls) and the soak run (2,000+): N conversations run
 * concurrently against the real shop server, each turn a few model steps of read batches plus one
 * write. It measures what the proxy adds on top of the MCP call and how the heap grows per call.
 * The shop runs in its own process, as a real MCP server would: in-process, its CPU for concurrent
 * calls landed on our event loop and was counted as proxy overhead.
 */
export interface LoadOptions {
  conversations: number;
  turnsPerConversation: number;
  stepsPerTurn: number;
  /** Calls per step: callsPerStep - 1 reads (one concurrent batch) then one write; 1 means a single read. */
  callsPerStep: number;
}

export interface LoadResult {
  /** Measured calls (the warm-up call is in `plannedCallIds` and `records`, not here). */
  totalCalls: number;
  records: ExecutionRecord[];
  plannedCallIds: string[];
  writesExecuted: number;
  /** Write calls planned, warm-up included: each must have reached the shop exactly once. */
  plannedWrites: number;
  mcpCalls: number;
  conversations: {
    items: number;
    messages: number;
    expectedItems: number;
    expectedMessages: number;
    statuses: string[];
  }[];
  /** Milliseconds. */
  mcpP50: number;
  mcpP99: number;
  proxyP50: number;
  proxyP99: number;
  overheadP50: number;
  overheadP99: number;
  /** Overhead p50 per half: a cost that grows with the number of calls shows up here. */
  overheadP50FirstHalf: number;
  overheadP50SecondHalf: number;
  /** Bytes of heap (after GC) retained per call, first half vs second half (after a warm-up turn). */
  heapPerCallFirstHalf: number;
  heapPerCallSecondHalf: number;
  heapUsedMb: number[];
  elapsedMs: number;
}

/** Node hides gc() unless started with --expose-gc; flipping the flag at run time exposes it to a new context. */
function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const READ_CALLS = [
  (n: number) => ({ name: 'query_order', arguments: n % 2 ? { keyword: '耳机' } : { days: 30 } }),
  () => ({ name: 'query_logistics', arguments: { trackingNo: 'BIT9100000233' } }),
  () => ({ name: 'query_coupons', arguments: {} }),
];

const INTENTS: IntentNode[] = [
  {
    id: 'shop',
    name: 'shop',
    kind: 'category',
    examples: [],
    children: ['query_order', 'query_logistics', 'query_coupons', 'update_shipping_address'].map((toolId) => ({
      id: toolId,
      name: toolId,
      kind: 'mcp' as const,
      toolId,
      confirm: 'never' as const, // no approvals: this measures the proxy, not the operator
      examples: [],
    })),
  },
];

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const gc = gcFunction();
  const mcpTimes: number[] = [];
  const proxyTimes: number[] = [];
  const overheads: number[] = [];
  /** Index into `overheads` where the second half began. */
  let secondHalfFrom: number;
  // Carries each call's MCP time from the caller wrapper back to the proxy wrapper of the same call.
  const slot = new AsyncLocalStorage<{ mcpMs: number }>();
  let mcpCalls = 0;
  let nextProvider: ModelProvider = { id: 's', label: 'load', stream: async function* () {} };
  const shop = await startShopProcess();
  // One session shared by every conversation, like the connection manager's one client per server.
  const client = new Client({ name: 'load', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(shop.url)));
  const harness = await startRuntimeHarness({
    provider: () => nextProvider,
    intents: INTENTS,
    skills: [],
    maxSteps: options.stepsPerTurn + 2,
    wrapCaller: (): McpCaller => ({
      async callTool(_server, name, args, { signal, meta }) {
        mcpCalls++;
        const started = performance.now();
        try {
          return await client.callTool({ name, arguments: args, _meta: meta }, { signal, timeout: 30_000 });
        } finally {
          const ms = performance.now() - started;
          mcpTimes.push(ms);
          const current = slot.getStore();
          if (current) current.mcpMs += ms;
        }
      },
    }),
  });
  // Times each proxy.execute around the real one; overhead = that minus the same call's MCP time.
  const realExecute = harness.proxy.execute.bind(harness.proxy);
  harness.proxy.execute = (call, ctx) => {
    const store = { mcpMs: 0 };
    return slot.run(store, async () => {
      const started = performance.now();
      const message = await realExecute(call, ctx);
      const total = performance.now() - started;
      proxyTimes.push(total);
      overheads.push(total - store.mcpMs);
      return message;
    });
  };

  const { conversations, turnsPerConversation, stepsPerTurn, callsPerStep } = options;
  const planned: string[] = [];
  let plannedWrites = 0;
  let n = 0;
  const makeStep = (c: number | string, t: number, s: number): ToolCallRequest[] =>
    Array.from({ length: callsPerStep }, (_, k) => {
      const id = `c${c}t${t}s${s}k${k}`;
      planned.push(id);
      n++;
      if (k < callsPerStep - 1 || callsPerStep === 1) return { id, ...READ_CALLS[(n + k) % READ_CALLS.length](n) };
      plannedWrites++;
      return {
        id,
        name: 'update_shipping_address',
        arguments: { orderNo: 'BS1001011', address: `上海市浦东新区张江路${n}号 王小明 13800000001` },
      };
    });

  try {
    const ids = await Promise.all(
      Array.from({ length: conversations }, async () => (await harness.agent.create('u1001')).id),
    );
    const runTurn = async (id: string, c: number | string, t: number, steps: number) => {
      const script: ModelStreamEvent[][] = [
        ...Array.from({ length: steps }, (_, s): ModelStreamEvent[] => [
          ...makeStep(c, t, s).map((call): ModelStreamEvent => ({ type: 'toolCall', call })),
          { type: 'done', stopReason: 'tool_calls' },
        ]),
        say('ok'),
      ];
      nextProvider = {
        id: 's',
        label: 'load',
        stream: async function* () {
          yield* script.shift() ?? say('(exhausted)');
        },
      };
      const result = await harness.agent.send(id, `turn ${t}`).done;
      if (result.status !== 'completed')
        throw new Error(`turn ${t} of conversation ${c} ended ${result.status}: ${result.error}`);
    };
    const runTurns = (from: number, to: number) =>
      Promise.all(
        ids.map(async (id, c) => {
          for (let t = from; t < to; t++) await runTurn(id, c, t, stepsPerTurn);
        }),
      );
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };

    // Warm-up outside the measurement: JIT, the tokenizer's tables, the MCP session.
    const warm = (await harness.agent.create('u1001')).id;
    await runTurn(warm, 'warm', 0, 1);
    const warmCalls = planned.length;
    overheads.length = proxyTimes.length = mcpTimes.length = 0;

    const started = performance.now();
    const half = Math.floor(turnsPerConversation / 2);
    const h0 = heap();
    await runTurns(0, half);
    const callsFirst = planned.length - warmCalls;
    const h1 = heap();
    secondHalfFrom = overheads.length;
    await runTurns(half, turnsPerConversation);
    const callsSecond = planned.length - warmCalls - callsFirst;
    const h2 = heap();
    const elapsedMs = performance.now() - started;

    const records = harness.records.list({ limit: 10_000 }) as ExecutionRecord[];
    const perTurnItems = 1 + stepsPerTurn * callsPerStep + 1; // user, tool items, final answer
    const perTurnMessages = 1 + stepsPerTurn * (1 + callsPerStep) + 1; // user, (assistant + results) per step, final answer
    const conversationStats = ids.map((id) => {
      const record = harness.store.get(id);
      return {
        items: record.items.length,
        messages: record.messages.length,
        expectedItems: turnsPerConversation * perTurnItems,
        expectedMessages: turnsPerConversation * perTurnMessages,
        statuses: record.turns.map((t) => t.status),
      };
    });
    return {
      totalCalls: planned.length - warmCalls,
      records,
      plannedCallIds: planned,
      writesExecuted: (await shop.stats()).writesExecuted,
      plannedWrites,
      mcpCalls,
      conversations: conversationStats,
      mcpP50: percentile(mcpTimes, 50),
      mcpP99: percentile(mcpTimes, 99),
      proxyP50: percentile(proxyTimes, 50),
      proxyP99: percentile(proxyTimes, 99),
      overheadP50: percentile(overheads, 50),
      overheadP99: percentile(overheads, 99),
      overheadP50FirstHalf: percentile(overheads.slice(0, secondHalfFrom), 50),
      overheadP50SecondHalf: percentile(overheads.slice(secondHalfFrom), 50),
      heapPerCallFirstHalf: (h1 - h0) / callsFirst,
      heapPerCallSecondHalf: (h2 - h1) / callsSecond,
      heapUsedMb: [h0, h1, h2].map((h) => Math.round(h / 1e5) / 10),
      elapsedMs,
    };
  } finally {
    await harness.close();
    await client.close();
    await shop.kill();
  }
}
