import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ConfigSnapshot, ServerView } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';
import { startShopProcess, type ShopProcess } from './helpers/shop-process';

/**
 * An operator writes a server's bearer token literally in switchboard.yaml (and an API key in a stdio
 * server's environment). Before, config.get (its text and its object), servers.list and every server
 * route sent the literal to any console: the renderer, and whoever holds the console's WebSocket. Now
 * they leave main masked; a structured edit or a raw save that leaves a mask as it was keeps the literal
 * in the file, and a mask that stands for nothing is refused.
 */
const TOKEN = `tok_${randomBytes(18).toString('hex')}`;
const GITHUB = `ghp_${randomBytes(12).toString('hex')}`;
let dir: string | undefined;
let host: HostProcess | undefined;
let shop: ShopProcess | undefined;
let rpc: RpcClient | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  await shop?.kill();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('literal secrets in a server entry', () => {
  it('never leave main, and survive structured edits and raw saves that leave their masks as they were', async () => {
    shop = await startShopProcess({ token: TOKEN });
    const config = parse(demoShopConfigText());
    config.agent.mcp.servers.push(
      { name: 'tracker', url: shop.url, headers: { Authorization: `Bearer ${TOKEN}` } },
      {
        name: 'gh',
        command: 'node',
        args: ['-e', ''],
        enabled: false,
        env: { GITHUB_TOKEN: GITHUB, LOG_LEVEL: 'debug' },
      },
    );
    dir = await mkdtemp(join(tmpdir(), 'sb-secrets-'));
    const file = join(dir, 'switchboard.yaml');
    await writeFile(file, stringify(config));
    host = await startHostProcess(dir);
    rpc = await connectRpc(host.port, host.token);
    const client = rpc;
    const tracker = async () =>
      data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find((s) => s.name === 'tracker')!;
    // The literal is what main connects with: the shop refuses anything else.
    await waitFor(async () => (await tracker()).status === 'connected', 'tracker to connect with its literal token');

    // 1. What the console reads.
    const snapshot = data(await client.request<ConfigSnapshot>('config.get'));
    expect(snapshot.raw).toContain(`Authorization: "Bearer ••••${TOKEN.slice(-4)}"`);
    expect(snapshot.raw).toContain(`GITHUB_TOKEN: "••••${GITHUB.slice(-4)}"`);
    expect(snapshot.raw).toContain('LOG_LEVEL: debug');
    const servers = (snapshot.config as { agent: { mcp: { servers: Record<string, Record<string, string>>[] } } }).agent
      .mcp.servers;
    expect(servers[1].headers.Authorization).toBe(`Bearer ••••${TOKEN.slice(-4)}`);
    const listed = await tracker();
    expect(listed.config).toMatchObject({ headers: { Authorization: `Bearer ••••${TOKEN.slice(-4)}` } });

    // 2. The server form sends back what it was shown, with another change: the literal stays in the file.
    const shown = listed.config;
    const updated = await client.request('servers.update', {
      name: 'tracker',
      server: { ...shown, timeoutMs: 15_000 },
    });
    expect(updated.ok).toBe(true);
    let onDisk = await readFile(file, 'utf8');
    expect(onDisk).toContain(`Authorization: Bearer ${TOKEN}`);
    expect(onDisk).not.toContain('••••');
    expect(parse(onDisk).agent.mcp.servers.find((s: { name: string }) => s.name === 'tracker').timeoutMs).toBe(15_000);
    await waitFor(async () => (await tracker()).status === 'connected', 'tracker to reconnect with the kept literal');

    // A mask typed over, or copied into a new entry, stands for nothing: refused at its field, file untouched.
    const typedOver = await client.request('servers.update', {
      name: 'tracker',
      server: { ...shown, headers: { Authorization: 'Bearer ••••0000' } },
    });
    expect(typedOver).toMatchObject({
      ok: false,
      error: { code: 'bad_request', details: [{ path: 'server.headers.Authorization' }] },
    });
    const copied = await client.request('servers.add', { server: { ...shown, name: 'tracker-copy' } });
    expect(copied).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await readFile(file, 'utf8')).toBe(onDisk);
    // Moved where nothing is ever masked (a variable renamed to a plain name, an argument): refused, never written.
    const gh = data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find(
      (s) => s.name === 'gh',
    )!.config as { env: Record<string, string> };
    const renamed = await client.request('servers.update', {
      name: 'gh',
      server: { ...gh, env: { GH: gh.env.GITHUB_TOKEN, LOG_LEVEL: 'debug' } },
    });
    expect(renamed).toMatchObject({ ok: false, error: { code: 'bad_request', details: [{ path: 'server.env.GH' }] } });
    const inArgs = await client.request('servers.update', {
      name: 'gh',
      server: { ...gh, args: ['-e', '', gh.env.GITHUB_TOKEN] },
    });
    expect(inArgs).toMatchObject({ ok: false, error: { code: 'bad_request', details: [{ path: 'server.args.2' }] } });
    expect(await readFile(file, 'utf8')).toBe(onDisk);

    // 3. The raw editor: the masked text, edited elsewhere and saved, keeps every literal.
    const before = data(await client.request<ConfigSnapshot>('config.get'));
    const saved = await client.request<ConfigSnapshot>('config.save', {
      raw: before.raw.replace('maxSteps: 8', 'maxSteps: 6'),
      baseRevision: before.revision,
    });
    expect(data(saved).raw).not.toContain(TOKEN);
    onDisk = await readFile(file, 'utf8');
    expect(parse(onDisk).agent.maxSteps).toBe(6);
    expect(onDisk).toContain(`Authorization: Bearer ${TOKEN}`);
    expect(onDisk).toContain(`GITHUB_TOKEN: ${GITHUB}`);
    expect(onDisk).not.toContain('••••');

    // A mask edited in the raw text is refused with its line; nothing is written.
    const current = data(await client.request<ConfigSnapshot>('config.get'));
    const broken = current.raw.replace(`••••${TOKEN.slice(-4)}`, '••••nope');
    const refused = await client.request('config.save', { raw: broken, baseRevision: current.revision });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_config',
        details: [{ path: expect.stringMatching(/headers\.Authorization$/), line: expect.any(Number) }],
      },
    });
    expect(await readFile(file, 'utf8')).toBe(onDisk);
    const renamedRaw = await client.request('config.save', {
      raw: current.raw.replace('GITHUB_TOKEN:', 'GH:'),
      baseRevision: current.revision,
    });
    expect(renamedRaw).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_config',
        details: [{ path: expect.stringMatching(/env\.GH$/), line: expect.any(Number) }],
      },
    });
    expect(await readFile(file, 'utf8')).toBe(onDisk);
    await waitFor(async () => (await tracker()).status === 'connected', 'tracker connected after the saves');

    // 4. Nothing the console received, answers or events, ever held a literal.
    expect(client.frames.length).toBeGreaterThan(10);
    expect(client.frames.filter((frame) => frame.includes('"event"')).length).toBeGreaterThan(0);
    for (const frame of client.frames) {
      expect(frame).not.toContain(TOKEN);
      expect(frame).not.toContain(GITHUB);
    }
  }, 120_000);
});
