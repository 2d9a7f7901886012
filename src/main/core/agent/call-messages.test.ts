import { afterEach, describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../shared/contract';
import { ConnectionManager } from '../mcp';
import { REFUSED_CALL_PREFIX, refusedCallText } from './refusal';
import { startRuntimeHarness, type RuntimeHarness } from '../../../../tests/support/agent/runtime-harness';
import { callTools, say, scriptedProvider } from '../../../../tests/support/agent/scripted-provider';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const toolItems = (h: RuntimeHarness, id: string) =>
  h.agent.get(id).items.filter((i): i is ToolItem => i.kind === 'tool');

let harness: RuntimeHarness | undefined;
let manager: ConnectionManager | undefined;
afterEach(async () => {
  await harness?.close();
  await manager?.closeAll();
  harness = manager = undefined;
});

async function talk(h: RuntimeHarness, id: string, text: string) {
  await h.agent.send(id, text).done;
}

describe('what the console shows of a call that did not run travels as a code (the model reads English)', () => {
  it('a rejected call: the item and the record carry call.rejectedWithNote with the note verbatim; the model text is unchanged', async () => {
    const note = '已超过7天售后期，需人工复核 "x"';
    const order = () =>
      harness!.shop.store.listOrders('u1001').find((o) => o.status === 'paid' || o.status === 'unpaid')!.orderNo;
    const provider = scriptedProvider([
      () => callTools({ name: 'cancel_order', arguments: { orderNo: order() } }),
      say('ok'),
    ]);
    harness = await startRuntimeHarness({ provider: () => provider });
    harness.autoDecide(() => 'reject', note);
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, 'cancel it');
    const item = toolItems(harness, id)[0];
    expect(item.status).toBe('rejected');
    // The model's text is exactly what it was: the English refusal, with the note marked as the agent's.
    expect(item.resultText).toBe(refusedCallText({ decision: 'reject', reason: note }));
    expect(item.resultText).toMatch(new RegExp(`^${REFUSED_CALL_PREFIX}`));
    const lastToolMessage = provider.requests[1].messages.at(-1) as { role: string; content: string };
    expect(lastToolMessage).toMatchObject({ role: 'tool', content: item.resultText });
    // The card's message: the code, the note verbatim, and in English the text the card always showed.
    expect(item.message).toEqual({ code: 'call.rejectedWithNote', params: { reason: note }, text: item.resultText });
    const record = await harness.records.get(item.recordId!);
    expect(record.error).toBeUndefined();
    expect(record.message).toEqual({
      code: 'call.rejectedWithNote',
      params: { reason: note },
      text: `Not run: the operator rejected this call; nothing changed. The operator's note: "${note}"`,
    });
  });

  it('a call to a server that is not connected: call.serverNotConnected with the server and its state verbatim', async () => {
    manager = new ConnectionManager();
    const real = manager;
    const provider = scriptedProvider([
      callTools({ name: 'query_order', arguments: { orderNo: 'BS1' } }),
      say('sorry'),
    ]);
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: () => ({ callTool: (server, name, args, options) => real.callTool(server, name, args, options) }),
    });
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, 'where is it');
    const item = toolItems(harness, id)[0];
    expect(item.status).toBe('error');
    expect(item.resultText).toBe('Tool error: MCP server shop is not connected (not configured)');
    expect(item.message).toEqual({
      code: 'call.serverNotConnected',
      params: { server: 'shop', detail: 'not configured' },
      text: item.resultText,
    });
    const record = await harness.records.get(item.recordId!);
    expect(record.error).toBe('MCP server shop is not connected (not configured)');
    expect(record.message).toEqual({
      code: 'call.serverNotConnected',
      params: { server: 'shop', detail: 'not configured' },
      text: record.error,
    });
  });

  it('a tool the turn did not offer: call.notVisible with the tool id; a success carries no message', async () => {
    const provider = scriptedProvider([
      callTools({ name: 'query_coupons', arguments: {} }, { name: 'query_order', arguments: { orderNo: 'BS0' } }),
      say('sorry'),
    ]);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, 'coupons?');
    const [blocked, ran] = toolItems(harness, id);
    expect(blocked.message).toMatchObject({ code: 'call.notVisible', params: { tool: 'query_coupons' } });
    expect((await harness.records.get(blocked.recordId!)).message?.code).toBe('call.notVisible');
    expect(ran.message).toBeUndefined();
    expect((await harness.records.get(ran.recordId!)).message).toBeUndefined();
  });
});
