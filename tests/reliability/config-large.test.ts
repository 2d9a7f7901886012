import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ConfigSnapshot } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * A large (but allowed) switchboard.yaml, loaded from disk, saved whole and edited, while another console
 * keeps asking the host something small. Before, `yaml` parsed on the event loop (~3 s per MB on this
 * machine): a 1.9 MB config.save left every other client unanswered for 3.8 s. Now a large text is read,
 * validated and edited in a worker thread, and the other client is answered throughout.
 */
let dir: string | undefined;
let host: HostProcess | undefined;
const clients: RpcClient[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  await host?.stop('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** ~1 MB: 1,000 (disabled) servers and 3,000 intent nodes, within every entry cap. */
function largeConfig(maxSteps: number): string {
  const config = parse(demoShopConfigText());
  config.agent.maxSteps = maxSteps;
  config.agent.mcp.servers.push(
    ...Array.from({ length: 1_000 }, (_, i) => ({
      name: `svc-${i}`,
      url: `http://127.0.0.1:9/svc-${i}/mcp`,
      enabled: false,
      headers: { 'X-Team': `team-${i % 7}` },
    })),
  );
  config.intents.push({
    id: 'bulk',
    name: 'bulk tools',
    kind: 'category',
    children: Array.from({ length: 3_000 }, (_, i) => ({
      id: `bulk-${i}`,
      name: `bulk tool ${i}`,
      kind: 'mcp',
      toolId: `bulk_tool_${i}`,
      description: `Looks up record ${i} for the customer and says where it is. `.repeat(2),
      examples: [`where is record ${i}`],
    })),
  });
  return `# a large config\n${stringify(config)}`;
}

/** Asks `approvals.list` back to back until stopped; the longest wait for an answer is the starvation. */
function keepAsking(client: RpcClient) {
  let longest = 0;
  let answered = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      data(await client.request('approvals.list'));
      longest = Math.max(longest, performance.now() - started);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { longest, answered };
    },
  };
}

const BOUND_MS = 1_000;

describe('a large config does not starve other clients', () => {
  it('loads it from disk, saves it whole and edits it while another client is answered within a bound', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-large-config-'));
    const file = join(dir, 'switchboard.yaml');
    await writeFile(file, demoShopConfigText());
    host = await startHostProcess(dir);
    const operator = await connectRpc(host.port, host.token);
    const other = await connectRpc(host.port, host.token);
    clients.push(operator, other);
    const start = data(await operator.request<ConfigSnapshot>('config.get'));

    // 1. The file grows to ~1 MB on disk: the watcher reads it.
    const text = largeConfig(7);
    expect(Buffer.byteLength(text)).toBeGreaterThan(900_000);
    expect(Buffer.byteLength(text)).toBeLessThan(2 * 1024 * 1024);
    let asking = keepAsking(other);
    await writeFile(file, text);
    await operator.waitForEvent(
      'config.changed',
      (p: { revision: number; source: string }) => p.revision > start.revision && p.source === 'external',
      120_000,
    );
    let seen = await asking.stop();
    const loaded = data(await operator.request<ConfigSnapshot>('config.get'));
    expect(loaded.fileOk).toBe(true);
    expect(
      (loaded.config as { agent: { maxSteps: number; mcp: { servers: unknown[] } } }).agent.mcp.servers,
    ).toHaveLength(1_001);
    expect(seen.answered).toBeGreaterThan(3);
    expect(seen.longest, 'longest wait while the file was read').toBeLessThan(BOUND_MS);

    // 2. The operator saves the whole text from the raw editor.
    asking = keepAsking(other);
    const saved = await operator.request<ConfigSnapshot>('config.save', {
      raw: loaded.raw.replace('maxSteps: 7', 'maxSteps: 9'),
      baseRevision: loaded.revision,
    });
    seen = await asking.stop();
    expect(data(saved).fileOk).toBe(true);
    expect(parse(await readFile(file, 'utf8')).agent.maxSteps).toBe(9);
    expect(seen.longest, 'longest wait while the text was saved').toBeLessThan(BOUND_MS);

    // 3. A structured edit on top of it: parsed, merged and written off the event loop too.
    asking = keepAsking(other);
    const edited = await operator.request('settings.saveModel', {
      provider: 'demo',
      model: 'large-config',
      maxSteps: 11,
    });
    seen = await asking.stop();
    expect(edited.ok).toBe(true);
    const after = await readFile(file, 'utf8');
    expect(after.startsWith('# a large config\n')).toBe(true);
    expect(parse(after).agent).toMatchObject({ maxSteps: 11, model: { model: 'large-config' } });
    expect(seen.longest, 'longest wait while the config was edited').toBeLessThan(BOUND_MS);
  }, 240_000);
});
