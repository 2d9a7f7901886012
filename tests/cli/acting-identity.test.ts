import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionRecord, RecordSummary } from '../../src/shared/contract';
import { data, sharedDataDir, type SharedDataDir } from '../reliability/helpers/headless-host';
import { runCli } from '../support/cli-process';

/**
 * Issue 30 item 2: every record says whom the call was for. The CLI (a real process) chats as u1002 and runs a
 * tool by hand as u1003; the lines it prints name them, and the console's core (a real `serve` on the same data
 * directory) lists the records with that identity and filters by it.
 */
let shared: SharedDataDir;
let dataDir: string;
beforeAll(async () => {
  shared = await sharedDataDir('sb-identity-');
  dataDir = shared.dataDir;
});
afterAll(() => shared?.close());

describe('the acting identity', () => {
  it('the CLI names it in its lines, the records keep it, and the console filters by it', async () => {
    const env = shared.cliEnv;
    const chat = await runCli(
      [
        'chat',
        '--data-dir',
        dataDir,
        '--customer',
        'u1002',
        '--approve',
        'none',
        '-m',
        '/call cancel_order {"orderNo":"BS1000990"}',
      ],
      env,
    );
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toMatch(/^conversation c_\S+ · .* · acting as u1002$/m);
    expect(chat.stdout).toContain('? approval needed for cancel_order {"orderNo":"BS1000990"} (acting as u1002)');

    // --customer (above) and its general name --identity (here) are one option.
    const byHand = await runCli(['tools', 'call', 'query_coupons', '--data-dir', dataDir, '--identity', 'u1003'], env);
    expect(byHand.code, byHand.stderr).toBe(0);
    expect(byHand.stdout).toMatch(/^query_coupons @shop as u1003: success \(\d+ ms\) · record r_/m);

    const { rpc } = await shared.startConsole();
    const forU1002 = data(await rpc.request<RecordSummary[]>('records.list', { actingIdentity: 'u1002' }));
    expect(forU1002.map((r) => [r.tool, r.status, r.actingIdentity])).toEqual([['cancel_order', 'rejected', 'u1002']]);
    const record = data(await rpc.request<ExecutionRecord>('records.get', { id: forU1002[0].id }));
    expect(record).toMatchObject({ actingIdentity: 'u1002', approval: { decision: 'reject' } });
    expect(record.actor).toBeUndefined(); // the model asked for it, in a conversation
    const forU1003 = data(await rpc.request<RecordSummary[]>('records.list', { actingIdentity: 'u1003' }));
    expect(forU1003.map((r) => [r.tool, r.actor, r.actingIdentity])).toEqual([['query_coupons', 'operator', 'u1003']]);
    expect(data(await rpc.request<RecordSummary[]>('records.list', { actingIdentity: 'u1001' }))).toEqual([]);
  }, 120_000);
});
