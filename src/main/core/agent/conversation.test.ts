import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatItem } from '../../../shared/contract';
import { EventBus } from '../events';
import { ConversationStore, INTERRUPTED } from '../stores/conversation-store';
import { serializeRecord } from '../stores/records-store';
import { openAgentStores } from './runtime';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-conversation-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const toolItem = (
  status: 'running' | 'success' | 'error',
  resultText?: string,
): Extract<ChatItem, { kind: 'tool' }> => ({
  kind: 'tool',
  id: 'call_1',
  turnId: 't_1',
  step: 1,
  toolName: 'query_order',
  server: 'shop',
  nodeId: 'n',
  arguments: {},
  status,
  at: '2026-12-02T00:00:00.000Z',
  ...(resultText === undefined ? {} : { resultText, recordId: 'r_1' }),
});

it("a call's one final line replaces its running item and gives the model its tool message, also after a restart", async () => {
  const store = new ConversationStore(dir);
  await store.open();
  const conversation = await store.create('u1001', 'm');
  await conversation.write({
    t: 'message',
    message: { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'query_order', arguments: {} }] },
  });
  await conversation.write({ t: 'item', item: toolItem('running') });
  await conversation.write({ t: 'toolResult', item: toolItem('error', 'Tool error: boom') });
  const expected = {
    role: 'tool',
    toolCallId: 'call_1',
    name: 'query_order',
    content: 'Tool error: boom',
    isError: true,
  };
  expect(conversation.messages.at(-1)).toEqual(expected);
  expect(conversation.items).toEqual([toolItem('error', 'Tool error: boom')]);
  await store.close();

  const reopened = new ConversationStore(dir);
  expect(await reopened.open()).toEqual([]);
  const again = reopened.get(conversation.summary.id);
  expect(again.messages.at(-1)).toEqual(expected);
  expect(again.items).toEqual([toolItem('error', 'Tool error: boom')]);
  expect(reopened.interrupted).toEqual([]); // answered: nothing to repair
  await reopened.close();
});

it("a crash before a call's running line: the call is found from the model's request, stopped and answered", async () => {
  const store = new ConversationStore(dir);
  await store.open();
  const conversation = await store.create('u1001', 'm');
  await conversation.write({
    t: 'turn',
    turn: { id: 't_1', index: 0, status: 'running', startedAt: '2026-12-02T00:00:00.000Z' },
  });
  await conversation.write({
    t: 'step',
    turnId: 't_1',
    step: {
      step: 2,
      at: '2026-12-02T00:00:00.000Z',
      loadedSkills: [],
      tools: [{ name: 'cancel_order', description: '', inputSchema: {}, tokens: 1, source: 'shop' }],
      totalTokens: 0,
      catalogRevision: 1,
    },
  });
  await conversation.write({
    t: 'message',
    message: {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_9', name: 'cancel_order', arguments: { orderNo: 'A1' } }],
    },
  });
  await store.close();

  const reopened = new ConversationStore(dir);
  await reopened.open();
  const again = reopened.get(conversation.summary.id);
  expect(reopened.interrupted).toHaveLength(1);
  expect(reopened.interrupted[0].item).toMatchObject({
    id: 'call_9',
    turnId: 't_1',
    step: 2,
    toolName: 'cancel_order',
    arguments: { orderNo: 'A1' },
    server: 'shop',
    nodeId: null,
  });
  expect(again.items.find((i) => i.id === 'call_9')).toMatchObject({ status: 'stopped', resultText: INTERRUPTED });
  expect(again.messages.at(-1)).toMatchObject({
    role: 'tool',
    toolCallId: 'call_9',
    isError: true,
    content: INTERRUPTED,
  });
  expect(again.turns[0]).toMatchObject({ status: 'stopped', error: INTERRUPTED });
  await reopened.close();
});

it("a record a crash left only in the conversation's line is restored to records.jsonl at start-up, once", async () => {
  const store = new ConversationStore(join(dir, 'conversations'));
  await store.open();
  const conversation = await store.create('u1001', 'm');
  const record = {
    id: 'r_only_in_log',
    conversationId: conversation.summary.id,
    turnId: 't_1',
    callId: 'call_1',
    tool: 'query_order',
    server: 'shop',
    nodeId: 'n',
    arguments: {},
    argumentsHash: 'sha256:x',
    status: 'success' as const,
    result: { content: [{ type: 'text', text: '订单' }] },
    startedAt: '2026-12-02T00:00:00.000Z',
    finishedAt: '2026-12-02T00:00:00.001Z',
    durationMs: 1,
  };
  const { result, ...summary } = record;
  // The item's text is the record's one text content: the line carries it once.
  await conversation.writeToolResult(toolItem('success', '订单'), () => ({
    record: Buffer.from(serializeRecord(summary, JSON.stringify(result))),
    resultTextInRecord: true,
  }));
  await store.close(); // the host died before records.jsonl got its copy
  const line = JSON.parse(
    (await readFile(join(dir, 'conversations', `${conversation.summary.id}.jsonl`), 'utf8')).trim().split('\n').at(-1)!,
  );
  expect(line.item).not.toHaveProperty('resultText');

  const first = await openAgentStores(dir, new EventBus());
  expect(await first.records.get('r_only_in_log')).toEqual(record);
  expect(first.store.get(conversation.summary.id).messages.at(-1)).toMatchObject({
    role: 'tool',
    content: '订单',
    isError: false,
  });
  expect(first.store.get(conversation.summary.id).items.at(-1)).toEqual(toolItem('success', '订单'));
  await first.records.close();
  await first.store.close();

  const second = await openAgentStores(dir, new EventBus());
  expect(second.records.list().map((r) => r.id)).toEqual(['r_only_in_log']); // not restored twice
  expect(second.store.unrecorded).toEqual([]);
  await second.records.close();
  await second.store.close();
});
