import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatItem } from '../../src/shared/contract';
import type { IntentNode, Skill } from '../../src/shared/config/schema';
import { startRuntimeHarness, type RuntimeHarness } from '../support/agent/runtime-harness';
import { callTools, say, scriptedProvider } from '../support/agent/scripted-provider';
import type { McpCaller } from '../../src/main/core/agent/tool-proxy';

/**
 * The skill gate and the visible set are enforced at execution, not only in what the model is shown:
 * a model that names a bound-but-hidden tool gets "blocked" and the shop sees nothing. Every write
 * here is on policy "never", so no approval prompt stands between the model and the shop.
 */
const KEYBOARD = 'BS1001011'; // u1001, paid, not shipped: cancellable
const GATE: Skill = {
  name: 'cancel-manual',
  description: 'how to cancel',
  manual: 'confirm first',
  unlocks: ['cancel_order'],
};

function intents(tools: string[]): IntentNode[] {
  return [
    {
      id: 'shop',
      name: 'shop',
      kind: 'category',
      examples: [],
      children: tools.map((toolId) => ({
        id: toolId,
        name: toolId,
        kind: 'mcp',
        toolId,
        confirm: 'never',
        examples: [],
      })),
    },
  ];
}

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const toolItems = (h: RuntimeHarness, id: string) =>
  h.agent.get(id).items.filter((i): i is ToolItem => i.kind === 'tool');
const cancel = () => ({ name: 'cancel_order', arguments: { orderNo: KEYBOARD } });

let harness: RuntimeHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(
  script: Parameters<typeof scriptedProvider>[0],
  tools = ['query_order', 'cancel_order'],
  skills = [GATE],
) {
  const provider = scriptedProvider(script);
  const reached: string[] = [];
  harness = await startRuntimeHarness({
    provider: () => provider,
    intents: intents(tools),
    skills,
    maxSteps: 32,
    wrapCaller: (real): McpCaller => ({ callTool: (s, n, a, o) => (reached.push(n), real.callTool(s, n, a, o)) }),
  });
  return { h: harness, provider, reached };
}

describe('skill gate and visible set at execution time', () => {
  it('a gated write is refused before load_skill, also when load_skill is in the same batch, and runs only from the next step', async () => {
    const { h, provider, reached } = await start([
      callTools(cancel()),
      callTools({ name: 'load_skill', arguments: { name: GATE.name } }, cancel()),
      callTools(cancel()),
      say('done'),
    ]);
    const { id } = await h.agent.create('u1001');
    expect((await h.agent.send(id, 'cancel my keyboard').done).status).toBe('completed');

    expect(toolItems(h, id).map((t) => [t.toolName, t.status])).toEqual([
      ['cancel_order', 'blocked'],
      ['load_skill', 'success'],
      ['cancel_order', 'blocked'], // unlocked only from the next model call
      ['cancel_order', 'success'],
    ]);
    expect(toolItems(h, id)[0].resultText).toContain('load_skill');
    // What the model saw matches what was allowed.
    expect(provider.requests.map((r) => r.tools.some((t) => t.name === 'cancel_order'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    // Ground truth: exactly one write reached the shop, and the order changed once.
    expect(reached).toEqual(['cancel_order']);
    expect(h.shop.store.writesExecuted).toBe(1);
    expect(h.shop.store.getOrder(KEYBOARD)!.status).toBe('cancelled');
    expect(
      h.records
        .list({ conversationId: id })
        .map((r) => r.status)
        .sort(),
    ).toEqual(['blocked', 'blocked', 'success', 'success']);
  });

  it('a skill loaded in one conversation does not unlock the tool in another', async () => {
    const { h, reached } = await start([
      callTools({ name: 'load_skill', arguments: { name: GATE.name } }),
      say('loaded'),
      callTools(cancel()),
      say('no'),
    ]);
    const a = await h.agent.create('u1001');
    await h.agent.send(a.id, 'load it').done;
    const b = await h.agent.create('u1001');
    await h.agent.send(b.id, 'cancel').done;
    expect(h.agent.get(a.id).loadedSkills).toEqual([GATE.name]);
    expect(h.agent.get(b.id).loadedSkills).toEqual([]);
    expect(toolItems(h, b.id).map((t) => t.status)).toEqual(['blocked']);
    expect(reached).toEqual([]);
    expect(h.shop.store.writesExecuted).toBe(0);
    expect(h.shop.store.getOrder(KEYBOARD)!.status).toBe('paid');
  });

  it('names that merely resemble a bound tool, and tools the server has but the tree does not mount, are refused', async () => {
    const names = [
      'CANCEL_ORDER',
      'shop:cancel_order',
      'shop__cancel_order',
      ' cancel_order',
      'update_shipping_address',
      'toString',
      '__proto__',
    ];
    const { h, reached } = await start([
      callTools({ name: 'load_skill', arguments: { name: GATE.name } }),
      callTools(
        ...names.map((name) => ({ name, arguments: { orderNo: KEYBOARD, address: '上海市浦东新区张江路1号 王小明' } })),
      ),
      say('no'),
    ]);
    const { id } = await h.agent.create('u1001');
    await h.agent.send(id, 'try everything').done;
    const items = toolItems(h, id).slice(1);
    expect(items.map((t) => [t.toolName, t.status])).toEqual(names.map((n) => [n, 'blocked']));
    expect(reached).toEqual([]);
    expect(h.shop.store.writesExecuted).toBe(0);
    expect(h.shop.store.getOrder(KEYBOARD)).toMatchObject({ status: 'paid' });
  });

  it('a tool unmounted while the model is thinking is refused when the model calls it on the next step', async () => {
    const started = await start(
      [
        callTools({ name: 'query_order', arguments: {} }),
        () => {
          harness!.setIntents(intents(['query_order'])); // the operator unmounts cancel_order mid-turn
          return callTools(cancel());
        },
        callTools(cancel()),
        say('done'),
      ],
      ['query_order', 'cancel_order'],
      [],
    );
    const h = started.h;
    const { id } = await h.agent.create('u1001');
    await h.agent.send(id, 'x').done;
    // Step 2 runs against the snapshot its request was built from (cancel_order was visible and trusted);
    // the edit lands in the catalog of the next model call, so step 3 is refused.
    expect(toolItems(h, id).map((t) => [t.toolName, t.status])).toEqual([
      ['query_order', 'success'],
      ['cancel_order', 'success'],
      ['cancel_order', 'blocked'],
    ]);
    expect(started.provider.requests[2].tools.map((t) => t.name)).not.toContain('cancel_order');
    expect(started.reached).toEqual(['query_order', 'cancel_order']);
    expect(h.shop.store.writesExecuted).toBe(1);
  });

  it('finished MCP calls leave no abort listener on the turn (no stale notifications/cancelled on a later Stop)', async () => {
    const listeners: number[] = [];
    const steps = Array.from({ length: 12 }, () => callTools({ name: 'query_order', arguments: {} }));
    const { h, reached } = await start([
      ...steps.map(
        (s) => (req: { signal: AbortSignal }) => (listeners.push(getEventListeners(req.signal, 'abort').length), s),
      ),
      say('ok'),
    ]);
    const { id } = await h.agent.create('u1001');
    expect((await h.agent.send(id, 'many').done).status).toBe('completed');
    expect(reached).toHaveLength(12);
    // Not growing by one per call (the SDK never removes the listener it adds to a request signal): a call
    // listens to the turn only while it is in flight, so each model step sees the same count as the first.
    expect(new Set(listeners).size).toBe(1);
  });
});
