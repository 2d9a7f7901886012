import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parse, stringify } from 'yaml';
import type { RecordSummary } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import { startFaultServer, type FaultServer } from './helpers/fault-server';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * An authenticated client that stops reading its socket while it asks for a 1 MiB record again and
 * again. Before, the host queued every answer for it (250 MB → 4.1 GB in 12 s). Now it reads at most a
 * bounded number of its requests, drops it with 1008 once too much is unread, and another client is
 * served throughout.
 */
let dir: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
let big: FaultServer | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  await model?.close();
  await big?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const rssMb = async (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('WebSocket backpressure', () => {
  it('drops a client that stops reading, with a bounded cost, while another is served', async () => {
    big = await startFaultServer({
      tools: [
        {
          name: 'big_report',
          readOnly: true,
          handler: () => ({ content: [{ type: 'text', text: 'r'.repeat(1_000_000) }] }),
        },
      ],
    });
    model = await startOpenAiCompatibleServer([
      openAiStream({ toolCalls: [{ name: 'big_report', arguments: {} }] }),
      openAiStream({ text: 'done' }),
    ]);
    const config = parse(demoShopConfigText());
    config.agent.model = {
      provider: 'openai-compatible',
      baseUrl: model.baseUrl,
      model: 'm',
      apiKeyEnv: 'SB_BP_KEY',
      timeoutMs: 20_000,
    };
    config.agent.mcp.servers = [{ name: 'reports', url: big.url }];
    // The default's skills that take manuals from its shop would make this file invalid without the shop.
    config.skills = config.skills.filter((skill: { server?: string }) => skill.server === undefined);
    config.intents = [{ id: 'report', name: 'report', kind: 'mcp', toolId: 'big_report', confirm: 'never' }];
    dir = await mkdtemp(join(tmpdir(), 'sb-backpressure-'));
    await writeFile(join(dir, 'switchboard.yaml'), stringify(config));
    host = await startHostProcess(dir, { SB_BP_KEY: 'k' });
    rpc = await connectRpc(host.port, host.token);
    // An invalid file leaves no servers and no records; say so here rather than at records[0].
    expect(data(await rpc.request<{ problems: { message: string }[] }>('config.get')).problems).toEqual([]);
    for (
      let i = 0;
      i < 200 &&
      !data(await rpc.request<{ servers: { status: string }[] }>('servers.list')).servers.every(
        (s) => s.status === 'connected',
      );
      i++
    )
      await new Promise((r) => setTimeout(r, 50));
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const { turnId } = data(await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: 'report' }));
    await rpc.waitForEvent('turn.finished', (p: { turnId: string }) => p.turnId === turnId, 30_000);
    let records: RecordSummary[] = [];
    for (let i = 0; i < 100 && records.length === 0; i++) {
      records = data(await rpc.request<RecordSummary[]>('records.list', {}));
      await new Promise((r) => setTimeout(r, 50));
    }
    const recordId = records[0].id;
    const rssBefore = await rssMb(host.child.pid!);

    // The slow client: authenticated, then it stops reading its socket and keeps asking.
    const slow = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${encodeURIComponent(host.token)}`);
    await new Promise((resolve) => slow.once('open', resolve));
    const closed = new Promise<number>((resolve) => slow.once('close', (code) => resolve(code)));
    slow.pause(); // stops reading the TCP socket
    for (let i = 0; i < 120; i++) slow.send(JSON.stringify({ id: i, route: 'records.get', input: { id: recordId } }));

    // Meanwhile, another client is answered promptly.
    const latencies: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      expect((await rpc.request('config.get')).ok).toBe(true);
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Math.max(...latencies)).toBeLessThan(1_500);
    await new Promise((r) => setTimeout(r, 1_500));
    const rssAfter = await rssMb(host.child.pid!);
    expect(host.stderr()).toMatch(/console client dropped \(1008 too slow: more than 8 MiB/);
    slow.resume();
    expect([1006, 1008]).toContain(await closed);
    // 120 unread answers of 1 MiB would have been ~120 MB queued for that one client.
    expect(rssAfter - rssBefore).toBeLessThan(80);
  }, 120_000);
});
