import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process';
import type { ExecutionRecord, RecordSummary, ServerLogView, ServerView } from '../../src/shared/contract';
import { appRoot } from '../../src/main/core/paths';
import { startOAuthMcpServer, waitFor, type OAuthMcpServer } from '../support/mcp';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import {
  connectRpc,
  data,
  startHostProcess,
  type HostProcess,
  type RpcClient,
} from '../reliability/helpers/headless-host';

/**
 * The operator's whole path against a real OAuth-protected MCP server (the SDK's server-side auth), with
 * real processes: `switchboard catalog` reports needs-auth with the fixing command; `switchboard auth
 * login` (the browser is $BROWSER, a script that follows the authorization redirect) signs in and
 * connects; the headless console on the same data directory connects with those tokens and refreshes the
 * short-lived access token before it expires; `switchboard auth logout` forgets them and the server waits
 * for a sign-in again. No token ever shows in the config, the CLI output, the console's frames or logs.
 */
const BROWSER = `${process.execPath} ${join(appRoot(), 'tests', 'support', 'mcp', 'follow-url.mjs')}`;

let dir: string;
let oauth: OAuthMcpServer;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;

beforeAll(async () => {
  // A careless server: its tool logs the bearer token it was called with, and the log view leaves main.
  oauth = await startOAuthMcpServer({ accessTokenTtlSeconds: 4, scopesSupported: ['tickets:read'], echoToken: true });
  // A model that calls the OAuth server's tool once, so a real turn leaves a record and a conversation log.
  model = await startOpenAiCompatibleServer([
    openAiStream({ toolCalls: [{ name: 'whoami', arguments: {} }] }),
    openAiStream({ text: 'done' }),
  ]);
  dir = await mkdtemp(join(tmpdir(), 'sb-oauth-path-'));
  await writeFile(
    join(dir, 'switchboard.yaml'),
    [
      'agent:',
      '  mcp:',
      '    servers:',
      '      - name: tracker',
      `        url: ${oauth.url}`,
      `  model: { provider: openai-compatible, baseUrl: "${model.baseUrl}", model: test-model, apiKeyEnv: SB_OAUTH_TEST_KEY, timeoutMs: 10000 }`,
      'intents:',
      '  - { id: who, name: Who am I, kind: mcp, toolId: whoami, confirm: never }',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  rpc?.close();
  await host?.stop();
  await oauth?.close();
  await model?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const started = Date.now();
  const run = await runCli(args, { ...process.env, SWITCHBOARD_DATA_DIR: '', BROWSER });
  return { ...run, ms: Date.now() - started };
}

function allFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

const tracker = async (client: RpcClient) =>
  data<{ servers: ServerView[] }>(await client.request('servers.list')).servers.find((s) => s.name === 'tracker')!;

function storedTokens(): { access: string; refresh: string } | undefined {
  const file = JSON.parse(readFileSync(join(dir, 'oauth-tokens.json'), 'utf8')) as Record<string, string>;
  if (!file['oauth/tracker']) return undefined;
  const tokens = JSON.parse(file['oauth/tracker']).tokens;
  return tokens && { access: tokens.access_token, refresh: tokens.refresh_token };
}

describe('OAuth operator path: needs-auth → auth login → connected → refreshed → auth logout → needs-auth', () => {
  const seenTokens = new Set<string>();

  it('catalog reports needs-auth with the command that fixes it, promptly and without opening a browser', async () => {
    const run = await cli('catalog', '--config', join(dir, 'switchboard.yaml'), '--data-dir', dir, '--json');
    expect(run.code).toBe(0);
    const server = JSON.parse(run.stdout).servers[0];
    expect(server).toMatchObject({
      name: 'tracker',
      status: 'needs-auth',
      fix: `switchboard auth login tracker --config ${join(dir, 'switchboard.yaml')} --data-dir ${dir}`,
    });
    expect(server.error).toContain(`sign-in required at ${oauth.issuer}`);
    expect(oauth.counts.authorizations).toBe(0); // discovery only: nobody was sent to the authorization page
    expect(oauth.counts.registrations).toBe(0);
  });

  it('auth login signs in through $BROWSER and the loopback listener, stores the tokens owner-only, and exits 0 once connected', async () => {
    const run = await cli('auth', 'login', 'tracker', '--data-dir', dir, '--timeout', '30');
    expect(run.stderr).toContain('Sign in at: http://127.0.0.1:');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /tracker: signed in and connected, 2 tools \(signed in, at http:\/\/127\.0\.0\.1:\d+\/, scopes tickets:read, expires /,
    );
    expect(oauth.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
    expect(oauth.resources).toEqual([oauth.url]); // RFC 8707: the token is for this MCP server
    const tokens = storedTokens()!;
    seenTokens.add(tokens.access).add(tokens.refresh);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'oauth-tokens.json')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'switchboard.yaml'), 'utf8')).not.toContain(tokens.access);
    for (const text of [run.stdout, run.stderr]) for (const token of seenTokens) expect(text).not.toContain(token);
  });

  it('the console connects with those tokens and refreshes the access token before it expires', async () => {
    host = await startHostProcess(dir, { SB_OAUTH_TEST_KEY: 'test-key' });
    rpc = await connectRpc(host.port, host.token);
    await waitFor(
      async () => (await tracker(rpc!)).status === 'connected',
      15_000,
      'tracker to connect with the stored tokens',
    );
    const before = await tracker(rpc);
    expect(before.auth).toMatchObject({
      signedIn: true,
      scopes: ['tickets:read'],
      authorizationServer: oauth.issuer,
      persistent: true,
    });
    const first = storedTokens()!.access;
    await waitFor(
      () => oauth.counts.refreshes >= 1 && storedTokens()?.access !== first,
      15_000,
      'a refresh ahead of expiry',
    );
    seenTokens.add(storedTokens()!.access).add(storedTokens()!.refresh);
    // The refreshed token is the one the next request carries; the old one (4 s) would have lapsed by now.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(data(await rpc.request('servers.rediscover', { name: 'tracker' }))).toMatchObject({
      servers: expect.arrayContaining([expect.objectContaining({ name: 'tracker' })]),
    });
    const after = await tracker(rpc);
    expect(after.status).toBe('connected');
    expect(oauth.acceptedTokens.at(-1)).not.toBe(first);
    expect(Date.parse(after.auth!.expiresAt!)).toBeGreaterThan(Date.parse(before.auth!.expiresAt!));

    // A real turn calls the OAuth server's tool with the refreshed token; its record and log hold the result, not the token.
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const turn = data(await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: 'who am I?' }));
    expect(
      await rpc.waitForEvent<{ turnId: string; status: string }>(
        'turn.finished',
        (p) => p.turnId === turn.turnId,
        20_000,
      ),
    ).toMatchObject({ status: 'completed' });
    const records = data(await rpc.request<RecordSummary[]>('records.list', {}));
    const record = data(
      await rpc.request<ExecutionRecord>('records.get', { id: records.find((r) => r.tool === 'whoami')!.id }),
    );
    expect(record.status).toBe('success');
    expect(JSON.stringify(record.result)).toContain('tickets:read');
    data(await rpc.request('chat.get', { conversationId: id }));
    // The server logged the token it was called with; the console has the line, the token masked.
    const calledWith = oauth.acceptedTokens.at(-1)!;
    seenTokens.add(calledWith);
    await waitFor(
      async () =>
        data<ServerLogView>(await rpc!.request('servers.logs', { name: 'tracker' })).entries.some((e) =>
          e.text.startsWith('called with Bearer'),
        ),
      10_000,
      'the log line',
    );
    const logged = data<ServerLogView>(await rpc.request('servers.logs', { name: 'tracker' })).entries.find((e) =>
      e.text.startsWith('called with Bearer'),
    )!;
    expect(logged.text).toBe(`called with Bearer ••••${calledWith.slice(-4)}`);
  });

  it('auth logout forgets the tokens; a reconnect then waits for a sign-in again', async () => {
    const run = await cli('auth', 'logout', 'tracker', '--data-dir', dir);
    expect(run.code).toBe(0);
    expect(storedTokens()).toBeUndefined();
    const status = await cli('auth', 'status', '--data-dir', dir, '--json');
    expect(JSON.parse(status.stdout).servers[0]).toMatchObject({ name: 'tracker', signedIn: false });
    data(await rpc!.request('servers.reconnect', { name: 'tracker' }));
    await waitFor(async () => (await tracker(rpc!)).status === 'needs-auth', 15_000, 'tracker to wait for a sign-in');
    expect((await tracker(rpc!)).nextRetryAt).toBeNull(); // no retry loop
  });

  it('no token reached the console’s frames, its logs, the config, records, conversations or any other file', () => {
    const texts = [...rpc!.frames, host!.stdout(), host!.stderr()];
    const files = allFiles(dir).filter((path) => !path.endsWith('oauth-tokens.json'));
    expect(files.some((f) => f.endsWith('records.jsonl'))).toBe(true);
    expect(files.some((f) => f.includes('conversations'))).toBe(true);
    for (const file of files) texts.push(readFileSync(file, 'utf8'));
    expect(seenTokens.size).toBeGreaterThanOrEqual(4);
    for (const text of texts) for (const token of seenTokens) expect(text).not.toContain(token);
  });
});
