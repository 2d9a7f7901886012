import { spawn } from 'node:child_process';
import { link, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ConfigSnapshot } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * The operator edits switchboard.yaml on disk while the console makes a structured edit, within the
 * watcher's 60 ms debounce. Before, the console wrote from its copy in memory: the operator's text
 * went to .bak, and after a second edit it was nowhere. Also: the .bak is replaced atomically, a write
 * killed midway leaves no temp file behind after the next start, and oversized files are refused.
 */
let dir: string;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
afterEach(async () => {
  rpc?.close();
  await host?.stop();
  host = rpc = undefined;
  await rm(dir, { recursive: true, force: true });
});

const yamlPath = () => join(dir, 'switchboard.yaml');

async function start(): Promise<RpcClient> {
  host = await startHostProcess(dir);
  rpc = await connectRpc(host.port, host.token);
  return rpc;
}

describe('structured edits against a file edited on disk', () => {
  it('applies the edit on top of an outside edit that parses, and refuses (touching nothing) over one that does not', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-races-'));
    await writeFile(yamlPath(), demoShopConfigText());
    const client = await start();

    // 1. The operator adds a comment and a server on disk; a structured edit follows at once.
    const edited = `# operator: keep this note\n${demoShopConfigText().replace('  mcp:\n    servers:\n', '  mcp:\n    servers:\n      - name: operators-server\n        url: http://127.0.0.1:9/mcp\n        enabled: false\n')}`;
    expect(edited).toContain('operators-server');
    await writeFile(yamlPath(), edited);
    const saved = await client.request('settings.saveModel', { provider: 'demo', model: 'after-outside-edit' });
    expect(saved.ok).toBe(true);
    const merged = await readFile(yamlPath(), 'utf8');
    expect(merged).toContain('# operator: keep this note');
    expect(merged).toContain('operators-server');
    expect(parse(merged).agent.model.model).toBe('after-outside-edit');

    // 2. Now the operator saves a broken file; two structured edits follow. Both are refused, the text stays.
    const bakBefore = await readFile(`${yamlPath()}.bak`, 'utf8');
    const broken = `${merged}\n  this: is: not: yaml: [\n`;
    await writeFile(yamlPath(), broken);
    for (const attempt of [
      () => client.request('settings.saveModel', { provider: 'demo', model: 'lost' }),
      () => client.request('servers.remove', { name: 'operators-server' }),
    ]) {
      const refused = await attempt();
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        // conflict while the watcher has not seen the file yet, invalid_config once it has: refused either way.
        expect(['conflict', 'invalid_config']).toContain(refused.error.code);
        expect(refused.error.message).toMatch(/changed on disk and does not parse|has problems/);
      }
      expect(await readFile(yamlPath(), 'utf8')).toBe(broken);
      expect(await readFile(`${yamlPath()}.bak`, 'utf8')).toBe(bakBefore);
    }
    const snapshot = data(await client.request<ConfigSnapshot>('config.get'));
    expect(snapshot.fileOk).toBe(false);
    expect(snapshot.raw).toBe(broken);

    // 3. A whole-file save based on the old text is refused too, once the file changed under it.
    await writeFile(yamlPath(), merged);
    const stale = await client.request('config.save', {
      raw: `${merged}\n# from the editor\n`,
      baseRevision: snapshot.revision,
    });
    expect(stale.ok).toBe(false);
    expect(await readFile(yamlPath(), 'utf8')).toBe(merged);
  }, 60_000);

  it('replaces .bak by rename (a reader never sees it half-written), and a killed write leaves no temp file after restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-races-'));
    await writeFile(yamlPath(), demoShopConfigText());
    // A write killed between creating its temp file and renaming it (same library, same naming as ours).
    // The interval keeps the writer alive until the kill: a pending promise alone does not, and a writer that
    // exits on its own removes its temp file (write-file-atomic's exit handler), which raced the kill.
    const atomic = createRequire(import.meta.url).resolve('write-file-atomic');
    const writer = spawn(process.execPath, [
      '-e',
      `require(${JSON.stringify(atomic)})(${JSON.stringify(yamlPath())}, 'x'.repeat(1e6), { tmpfileCreated: () => { process.stdout.write('tmp'); setInterval(() => {}, 60_000); return new Promise(() => {}); } });`,
    ]);
    await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()));
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));
    const temps = async () => (await readdir(dir)).filter((name) => /^switchboard\.yaml\.(bak\.)?\d+$/.test(name));
    expect(await temps()).toHaveLength(1);

    const client = await start();
    expect(await temps()).toEqual([]);
    expect(await readFile(yamlPath(), 'utf8')).toBe(demoShopConfigText());

    // The first edit creates .bak; hold its inode through a hard link, then edit again.
    expect((await client.request('settings.saveModel', { provider: 'demo', model: 'one' })).ok).toBe(true);
    const firstBak = await readFile(`${yamlPath()}.bak`, 'utf8');
    await link(`${yamlPath()}.bak`, join(dir, 'held-bak'));
    const beforeSecond = await readFile(yamlPath(), 'utf8');
    expect((await client.request('settings.saveModel', { provider: 'demo', model: 'two' })).ok).toBe(true);
    expect(await readFile(`${yamlPath()}.bak`, 'utf8')).toBe(beforeSecond);
    // copyFile rewrote the same inode in place; a rename leaves the old one as it was.
    expect(await readFile(join(dir, 'held-bak'), 'utf8')).toBe(firstBak);
  }, 60_000);

  it('refuses an oversized file or one with too many servers without parsing it for a minute', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-races-'));
    const config = parse(demoShopConfigText());
    config.intents.push({
      id: 'padding',
      name: 'padding',
      kind: 'category',
      children: [],
      description: 'p'.repeat(3 * 1024 * 1024),
    });
    await writeFile(yamlPath(), stringify(config));
    const client = await start();
    const started = performance.now();
    const big = data(await client.request<ConfigSnapshot>('config.get'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(big.fileOk).toBe(false);
    expect(big.problems[0].message).toMatch(/the file is 3\.\d MB, more than the 2\.0 MB a config may be/);

    const many = parse(demoShopConfigText());
    // The default's own servers stay (its skills take manuals from them), so the only fault is the count.
    const padding = 2_001 - many.agent.mcp.servers.length;
    many.agent.mcp.servers.push(
      ...Array.from({ length: padding }, (_, i) => ({
        name: `s${i}`,
        url: `http://127.0.0.1:9/s${i}/mcp`,
        enabled: false,
      })),
    );
    await writeFile(yamlPath(), stringify(many));
    let snapshot = big;
    for (let i = 0; i < 200 && snapshot.revision === big.revision; i++) {
      await new Promise((r) => setTimeout(r, 50));
      snapshot = data(await client.request<ConfigSnapshot>('config.get'));
    }
    expect(snapshot.fileOk).toBe(false);
    expect(snapshot.problems.map((p) => p.message)).toEqual(['more than 2,000 servers (2,001)']);
  }, 60_000);
});
