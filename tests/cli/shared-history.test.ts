import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationSummary } from '../../src/shared/contract';
import {
  data,
  sharedDataDir,
  type HostProcess,
  type RpcClient,
  type SharedDataDir,
} from '../reliability/helpers/headless-host';
import { runCli } from '../support/cli-process';

/**
 * Issue 30 item 14: history is shared. A conversation `switchboard chat` (a real CLI process) writes into the data
 * directory of a running console (a real `serve`) shows in the console's list, announced as it appears.
 */
let shared: SharedDataDir;
let dataDir: string;
let host: HostProcess;
let rpc: RpcClient;
beforeAll(async () => {
  shared = await sharedDataDir('sb-shared-history-');
  dataDir = shared.dataDir;
  ({ host, rpc } = await shared.startConsole());
}, 60_000);
afterAll(() => shared?.close());

describe('a conversation from switchboard chat', () => {
  it('serve prints the console URL last (issue 30 item 17: the outcome is the last line)', () => {
    expect(host.stdout().trim().split('\n').at(-1)).toBe(`Switchboard console: ${host.url}`);
  });

  it('appears in the running console’s list, with its messages, and is announced without a reload', async () => {
    expect(data(await rpc.request<ConversationSummary[]>('chat.list', {}))).toEqual([]);
    const run = await runCli(
      ['chat', '--data-dir', dataDir, '--customer', 'u1002', '-m', '我有哪些优惠券'],
      shared.cliEnv,
    );
    expect(run.code, run.stderr).toBe(0);
    const id = /^conversation (c_\S+) /m.exec(run.stdout)![1];

    // The console noticed the file by itself (its folder watch) and said so: chat.changed refreshes the page's list.
    await rpc.waitForEvent<{ conversationId: string }>('chat.changed', (p) => p.conversationId === id, 15_000);
    // The list reads on from where it was: the lines written after the announcement are there too.
    const listed = data(await rpc.request<ConversationSummary[]>('chat.list', {}));
    expect(listed.map((c) => [c.id, c.actingIdentity, c.running])).toEqual([[id, 'u1002', false]]);
    const conversation = data(await rpc.request<Conversation>('chat.get', { conversationId: id }));
    expect(conversation.items.find((i) => i.kind === 'user')).toMatchObject({ text: '我有哪些优惠券' });
    // The whole turn, as the CLI printed it: the answer it showed is the one the console shows.
    const answer = /^assistant: (.*)$/m.exec(run.stdout)![1];
    expect(conversation.items.find((i) => i.kind === 'assistant')).toMatchObject({
      text: expect.stringContaining(answer),
    });
    expect(conversation.turns.map((t) => t.status)).toEqual(['completed']);
  }, 120_000);
});
