import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { executionRecord } from '../../../../tests/support/agent/execution-record';
import { ConversationStore } from './conversation-store';
import { RecordsStore } from './records-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-legacy-identity-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A record as versions before the rename wrote it: the acting identity under `customerId`. */
const legacyRecord = (id: string, customerId: string) => {
  const { actingIdentity: _, ...record } = executionRecord(id);
  return { ...record, customerId };
};

it('records written with `customerId` are listed, filtered and read back with their acting identity', async () => {
  const lines = [legacyRecord('r_1', 'u1001'), legacyRecord('r_2', 'u1002')].map((r) => JSON.stringify(r));
  await writeFile(join(dir, 'records.jsonl'), lines.join('\n') + '\n');
  const store = new RecordsStore(dir);
  await store.open();
  expect(store.list({ actingIdentity: 'u1002' }).map((r) => r.id)).toEqual(['r_2']);
  expect(store.list()[0]).toMatchObject({ id: 'r_2', actingIdentity: 'u1002' });
  expect(store.list()[0]).not.toHaveProperty('customerId');
  const read = await store.get('r_1');
  expect(read.actingIdentity).toBe('u1001');
  expect(read).not.toHaveProperty('customerId');
  await store.close();
});

it('a conversation whose log says `customerId` opens with that acting identity, its open approval too', async () => {
  const conversations = join(dir, 'conversations');
  await mkdir(conversations);
  const at = '2026-12-01T00:00:00.000Z';
  const log = [
    {
      t: 'meta',
      summary: { id: 'c_old', title: 'old', customerId: 'u1003', modelLabel: 'demo', createdAt: at, updatedAt: at },
    },
    {
      t: 'approvalRequested',
      request: {
        id: 'a_1',
        conversationId: 'c_old',
        toolName: 'cancel_order',
        arguments: {},
        customerId: 'u1003',
      },
    },
  ];
  await writeFile(join(conversations, 'c_old.jsonl'), log.map((line) => JSON.stringify(line)).join('\n') + '\n');
  const store = new ConversationStore(conversations);
  // The approval outlived its process: open() answers it `timeout`, with the request as the log kept it.
  const [expired] = await store.open();
  expect(expired.request).toMatchObject({ id: 'a_1', actingIdentity: 'u1003' });
  expect(expired.request).not.toHaveProperty('customerId');
  const [conversation] = store.list();
  expect(conversation.summary).toMatchObject({ id: 'c_old', actingIdentity: 'u1003' });
  expect(conversation.summary).not.toHaveProperty('customerId');
  expect(conversation.actingIdentity).toBe('u1003');
  await store.close();
});
