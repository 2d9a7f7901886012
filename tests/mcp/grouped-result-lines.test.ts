import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolBinding } from '../../src/shared/catalog';
import { ApprovalService } from '../../src/main/core/agent/approvals';
import { createLocalToolRunner } from '../../src/main/core/agent/local-tools';
import { createMcpCaller } from '../../src/main/core/agent/mcp-caller';
import { ToolProxy, type CallContext } from '../../src/main/core/agent/tool-proxy';
import { EventBus } from '../../src/main/core/events';
import { ConnectionManager } from '../../src/main/core/mcp';
import { ConversationStore } from '../../src/main/core/stores/conversation-store';
import { RecordsStore } from '../../src/main/core/stores/records-store';
import { serverConfigSchema } from '../../src/shared/config/schema';
import { startFixtureServer, type FixtureServer } from '../support/mcp';

let server: FixtureServer | undefined;
let connections: ConnectionManager | undefined;
let records: RecordsStore | undefined;
let store: ConversationStore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await connections?.closeAll();
  await records?.close();
  await store?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  server = connections = records = store = dataDir = undefined;
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
    server = await startFixtureServer({
      tools: [{ name: 'lookup', annotations: { readOnlyHint: true } }, { name: 'change' }],
    });
    dataDir = await mkdtemp(join(tmpdir(), 'sb-grouped-lines-'));
    const events = new EventBus();
    connections = new ConnectionManager({ log: () => undefined, events });
    connections.reconcile([serverConfigSchema.parse({ name: 'fixture', url: server.url })]);
    await connections.whenSettled();
    records = new RecordsStore(dataDir, events);
    await records.open();
    store = new ConversationStore(join(dataDir, 'conversations'));
    await store.open();
    const proxy = new ToolProxy({
      mcp: createMcpCaller(connections, () => 5_000),
      local: createLocalToolRunner({ skills: () => [], knowledge: async () => ({ search: () => [] }) as never }),
      approvals: new ApprovalService(events, () => 5_000),
      records,
      events,
    });
    const binding = (name: string): ToolBinding => {
      const definition = connections!.state('fixture')!.tools.find((t) => t.name === name)!;
      return {
        toolId: name,
        server: 'fixture',
        nodes: [],
        confirm: 'never',
        definition,
        readOnly: name === 'lookup',
      } as never;
    };
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
      (await readFile(join(dataDir!, 'conversations', `${conversation.id}.jsonl`), 'utf8').catch(() => ''))
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
