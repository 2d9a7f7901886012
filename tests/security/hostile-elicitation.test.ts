import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ElicitationView,
  ExecutionRecord,
  RecordSummary,
  ServerRequestView,
  ServerView,
} from '../../src/shared/contract';
import { appRoot } from '../../src/main/core/paths';
import { SECRET_ANSWER_MARKER } from '../../src/shared/elicitation/fields';
import { waitFor } from '../support/mcp';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import {
  connectRpc,
  data,
  startHostProcess,
  type HostProcess,
  type RpcClient,
} from '../reliability/helpers/headless-host';

/**
 * A hostile MCP server (a stdio child process) asks, during real turns of the headless console (another child
 * process, driven over its WebSocket like the page):
 * - for a password and an API key (form elicitation): the operator's answer reaches the server, but no file in
 *   the data directory, no frame the console received and no log line holds either value;
 * - to open `file:///etc/passwd` (URL elicitation): declined by main at once with the reason, never shown;
 * - to open an https URL with a look-alike host and a U+202E override: shown with its punycode host; the console
 *   has no opener of its own, so `requests.openUrl` answers `opened: false` and nothing is accepted.
 */
const HOSTILE = join(appRoot(), 'tests', 'support', 'mcp', 'hostile-stdio-server.mjs');
const PASSWORD = 'canary-pw-7f3a9c2e51';
const API_KEY = 'sk-canary-0b8d4e6f2a19';
const LOOKALIKE = 'https://аpple.example/login\u202Etxt.exe';

let dir: string;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;

beforeAll(async () => {
  model = await startOpenAiCompatibleServer([
    openAiStream({ toolCalls: [{ name: 'ask_secret', arguments: {} }] }),
    openAiStream({ text: 'done' }),
    openAiStream({ toolCalls: [{ name: 'ask_url', arguments: { url: 'file:///etc/passwd' } }] }),
    openAiStream({ text: 'done' }),
    openAiStream({ toolCalls: [{ name: 'ask_url', arguments: { url: LOOKALIKE } }] }),
    openAiStream({ text: 'done' }),
    openAiStream({
      toolCalls: [{ name: 'needs_url', arguments: { url: 'https://accounts.example/connect?state=1' } }],
    }),
    openAiStream({ text: 'done' }),
    openAiStream({ toolCalls: [{ name: 'needs_url', arguments: { url: 'smb://attacker.example/share' } }] }),
    openAiStream({ text: 'done' }),
  ]);
  dir = await mkdtemp(join(tmpdir(), 'sb-hostile-elicit-'));
  await writeFile(
    join(dir, 'switchboard.yaml'),
    stringify({
      agent: {
        model: {
          provider: 'openai-compatible',
          baseUrl: model.baseUrl,
          model: 'test-model',
          apiKeyEnv: 'SB_ELICIT_TEST_KEY',
          timeoutMs: 10000,
        },
        mcp: { servers: [{ name: 'hostile', command: process.execPath, args: [HOSTILE] }] },
      },
      intents: [
        { id: 'secret', name: 'Secret', kind: 'mcp', toolId: 'ask_secret', confirm: 'never' },
        { id: 'url', name: 'Url', kind: 'mcp', toolId: 'ask_url', confirm: 'never' },
        { id: 'needs', name: 'Needs a URL', kind: 'mcp', toolId: 'needs_url', confirm: 'never' },
      ],
    }),
  );
  host = await startHostProcess(dir, { SB_ELICIT_TEST_KEY: 'test-key' });
  rpc = await connectRpc(host.port, host.token);
  const client = rpc;
  await waitFor(
    async () =>
      data<{ servers: ServerView[] }>(await client.request('servers.list')).servers.some(
        (s) => s.name === 'hostile' && s.status === 'connected',
      ),
    30_000,
    'the hostile server to connect',
  );
}, 60_000);
afterAll(async () => {
  rpc?.close();
  await host?.stop();
  await model?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function allFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

async function turn(conversationId: string, text: string): Promise<string> {
  return data(await rpc!.request<{ turnId: string }>('chat.send', { conversationId, text })).turnId;
}
const finished = (turnId: string) =>
  rpc!.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === turnId, 30_000);
async function lastRecordOf(tool: string): Promise<ExecutionRecord> {
  const records = data(await rpc!.request<RecordSummary[]>('records.list', {}));
  return data(await rpc!.request<ExecutionRecord>('records.get', { id: records.find((r) => r.tool === tool)!.id }));
}

describe('a hostile server elicits secrets and URLs', () => {
  let conversationId: string;

  it('a password and an API key reach the server that asked, and are kept only as a marker', async () => {
    conversationId = data(await rpc!.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' })).id;
    const turnId = await turn(conversationId, 'unlock it');
    const view = await rpc!.waitForEvent<ElicitationView>(
      'requests.opened',
      (v) => v.kind === 'elicitation' && v.mode === 'form',
      20_000,
    );
    expect(view).toMatchObject({ server: 'hostile', toolName: 'ask_secret', outsideItsCalls: false });
    data(
      await rpc!.request('requests.answer', {
        id: view.id,
        action: 'accept',
        content: { account: 'ana', password: PASSWORD, api_key: API_KEY },
      }),
    );
    expect(await finished(turnId)).toMatchObject({ status: 'completed' });
    const record = await lastRecordOf('ask_secret');
    expect(JSON.stringify(record.result)).toContain('action accept; got password true, api_key true'); // the server got both
    expect(record.exchanges?.[0]).toMatchObject({
      outcome: 'accept',
      response: { account: 'ana', password: SECRET_ANSWER_MARKER, api_key: SECRET_ANSWER_MARKER },
    });
  });

  it('file:///etc/passwd is declined by main at once, with the reason kept with the call; nothing is shown to open', async () => {
    const turnId = await turn(conversationId, 'open the file');
    expect(await finished(turnId)).toMatchObject({ status: 'completed' });
    const record = await lastRecordOf('ask_url');
    expect(JSON.stringify(record.result)).toContain('url answer decline');
    expect(record.exchanges?.[0]).toMatchObject({
      mode: 'url',
      outcome: 'decline',
      decidedBy: 'system',
      reason:
        'hostile asked to open a URL Switchboard will not open: the scheme "file:" is not allowed (only https:, or http: on this machine)',
      reasonMessage: { code: 'request.settled.urlRefused' },
    });
    const frames = rpc!.frames.map((f) => JSON.parse(f) as { event?: string; payload?: ServerRequestView });
    expect(
      frames.some(
        (f) =>
          f.event === 'requests.opened' &&
          f.payload?.kind === 'elicitation' &&
          f.payload.mode === 'url' &&
          f.payload.url === 'file:///etc/passwd',
      ),
    ).toBe(false);
  });

  it('a look-alike https URL shows its punycode host; with no opener nothing is accepted until the operator answers', async () => {
    const turnId = await turn(conversationId, 'open the page');
    const view = await rpc!.waitForEvent<ElicitationView>(
      'requests.opened',
      (v) => v.kind === 'elicitation' && v.mode === 'url',
      20_000,
    );
    expect(view.urlHost).toBe('xn--pple-43d.example');
    expect(data(await rpc!.request<{ opened: boolean }>('requests.openUrl', { id: view.id }))).toEqual({
      opened: false,
    });
    expect(data(await rpc!.request<ServerRequestView[]>('requests.list', {})).map((r) => r.id)).toContain(view.id); // still waiting
    data(await rpc!.request('requests.answer', { id: view.id, action: 'decline' }));
    expect(await finished(turnId)).toMatchObject({ status: 'completed' });
    expect(JSON.stringify((await lastRecordOf('ask_url')).result)).toContain('url answer decline');
  });

  it('-32042 (URL elicitation required) becomes a URL question with the call; once accepted, the call is tried again', async () => {
    const turnId = await turn(conversationId, 'connect my account');
    const view = await rpc!.waitForEvent<ElicitationView>(
      'requests.opened',
      (v) => v.kind === 'elicitation' && v.mode === 'url' && v.toolName === 'needs_url',
      20_000,
    );
    expect(view).toMatchObject({
      server: 'hostile',
      url: 'https://accounts.example/connect?state=1',
      urlHost: 'accounts.example',
      message: 'Connect your account first',
    });
    data(await rpc!.request('requests.answer', { id: view.id, action: 'accept' })); // the page's tab opened
    expect(await finished(turnId)).toMatchObject({ status: 'completed' });
    const record = await lastRecordOf('needs_url');
    expect(record.status).toBe('success');
    expect(JSON.stringify(record.result)).toContain('connected after 2 calls');
  });

  it('a -32042 whose URL the gate refuses is declined with the reason, and the call fails with the server’s error', async () => {
    const turnId = await turn(conversationId, 'connect again');
    expect(await finished(turnId)).toMatchObject({ status: 'completed' });
    const record = await lastRecordOf('needs_url');
    expect(record.status).toBe('error');
    expect(record.exchanges?.[0]).toMatchObject({
      outcome: 'decline',
      reason: expect.stringContaining('the scheme "smb:" is not allowed'),
    });
  });

  it('neither secret is in any file of the data directory, any frame the console received, or the host’s output', async () => {
    await host!.stop(); // flushes what it writes on exit too
    const files = allFiles(dir);
    expect(files.some((f) => f.endsWith('records.jsonl'))).toBe(true);
    expect(files.some((f) => f.includes('conversations'))).toBe(true);
    const texts = [...rpc!.frames, host!.stdout(), host!.stderr(), ...files.map((f) => readFileSync(f, 'utf8'))];
    for (const text of texts) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(API_KEY);
    }
    expect(files.map((f) => readFileSync(f, 'utf8')).some((t) => t.includes(SECRET_ANSWER_MARKER))).toBe(true);
  });
});
