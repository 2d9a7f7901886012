import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallContext } from '../../src/main/core/agent/tool-proxy';
import { ConversationStore } from '../../src/main/core/stores/conversation-store';
import { openFixtureProxy } from '../support/agent/fixture-proxy';

let rig: Awaited<ReturnType<typeof openFixtureProxy>> | undefined;
let store: ConversationStore | undefined;
afterEach(async () => {
  await store?.close();
  await rig?.close();
  rig = store = undefined;
});

const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Issue 29 (tool-call overhead): one write per call's final line was most of what logging a call cost. A read-only
 * call in a model turn now shares its line's write with the step's next lines; the step's end (or any other line, or
 * 50 ms) writes it. A call that may change something, and an operator's call, are still written at the end of their
 * turn of the event loop.
 */
describe("a call's final line (real MCP over Streamable HTTP, a real conversation log)", () => {
  it('read-only calls in a model turn wait for the step’s next write; a write tool’s line takes them along at once', async () => {
    rig = await openFixtureProxy(
      [{ name: 'lookup', annotations: { readOnlyHint: true } }, { name: 'change' }],
      'sb-grouped-lines-',
      (name) => name === 'lookup',
    );
    const { proxy, binding, records, dataDir } = rig;
    store = new ConversationStore(join(dataDir, 'conversations'));
    await store.open();
    const conversation = await store.create('u1', 'test');
    const ctx = (operator = false): CallContext => ({
      conversation,
      turnId: 't1',
      step: 1,
      catalog: {
        bindingsByToolId: new Map(['lookup', 'change'].map((name) => [name, binding(name)])),
        quarantinedByToolId: new Map(),
      } as never,
      visible: new Set(['lookup', 'change']),
      signal: new AbortController().signal,
      ...(operator && { operatorTarget: binding('lookup') }),
    });
    const logged = async () =>
      (await readFile(join(dataDir, 'conversations', `${conversation.id}.jsonl`), 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line.startsWith('{"t":"toolResult"'))
        .map((line) => (JSON.parse(line) as { item: { id: string } }).item.id);
    const call = (id: string, name: string, operator = false) =>
      proxy.execute({ id, name, arguments: {} }, ctx(operator));

    await call('r1', 'lookup');
    await call('r2', 'lookup');
    await turnEnd();
    expect(await logged()).toEqual([]); // waiting for the step's next lines
    expect(records.list({ tool: 'lookup' })).toHaveLength(0); // indexed once its line is written

    await call('w1', 'change');
    await turnEnd();
    expect(await logged()).toEqual(['r1', 'r2', 'w1']); // in call order, in the write tool's own write
    expect(records.list({})).toHaveLength(3);

    await call('r3', 'lookup');
    await conversation.resultsWritten(); // the step's end, before the model reads any result
    expect(await logged()).toEqual(['r1', 'r2', 'w1', 'r3']);

    await call('o1', 'lookup', true); // the operator's own call: shown as soon as it is written
    await turnEnd();
    expect(await logged()).toEqual(['r1', 'r2', 'w1', 'r3', 'o1']);

    await call('r4', 'lookup');
    await new Promise((resolve) => setTimeout(resolve, 120)); // nobody asks: written within the bound anyway
    expect(await logged()).toEqual(['r1', 'r2', 'w1', 'r3', 'o1', 'r4']);
  });
});
