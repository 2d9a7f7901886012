import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { SamplingView, ServerRequestView } from '../../src/shared/contract';
import { SECRET_ANSWER_MARKER } from '../../src/shared/elicitation/fields';
import { MAX_INPUT_ROUNDS } from '../../src/main/core/mcp/input-rounds';
import { ConnectionManager } from '../../src/main/core/mcp';
import { serverConfigSchema } from '../../src/shared/config/schema';
import {
  mrtrEntry,
  startMrtrCore,
  startMrtrHttp,
  startMrtrServers,
  stopMrtrServers,
  type MrtrHttpServer,
} from '../support/mcp/mrtr-rig';

/**
 * Multi-round-trip requests (2026-07-28) from v2-SDK server processes reach the operator exactly as 2025's
 * elicitation, sampling and roots requests do: the Requests page (events, requests.* routes), the call's record, the
 * same rules. The same fixture tools, served to a 2025 client, become elicitation/create etc. (the SDK's server does
 * that on a sessionful 2025 connection), so each case runs in both eras.
 */
let dir: string;
let strict: MrtrHttpServer;
let dual: MrtrHttpServer;
const children: ChildProcess[] = [];
beforeAll(async () => void ({ dir, strict, dual } = await startMrtrServers('sb-mrtr-servers-', children)));
afterAll(() => stopMrtrServers(dir, children));

const closing = closeAfterEachTest();

/** The server entries, per era: 2026-07-28 over HTTP (strict server) and stdio; 2025 over HTTP with a session (dual, legacy). */
const ERAS = [
  {
    era: '2026-07-28',
    transport: 'http',
    entry: (extra?: Record<string, unknown>) => mrtrEntry('shop', { url: strict.url }, extra),
  },
  {
    era: '2026-07-28',
    transport: 'stdio',
    entry: (extra?: Record<string, unknown>) => mrtrEntry('shop', 'stdio', extra),
  },
  {
    era: '2025-11-25',
    transport: 'http',
    entry: (extra?: Record<string, unknown>) => mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy', ...extra }),
  },
] as const;

describe.each(ERAS)('a tool that asks for input, $era over $transport, through the whole core', ({ era, entry }) => {
  it('negotiates the era, asks the form on the Requests page, sends the PIN to the server and keeps it out of the record', async () => {
    const rig = closing(await startMrtrCore(entry()));
    expect(rig.core.tools.connections.state('shop')).toMatchObject({ status: 'connected', protocolVersion: era });
    const turn = rig.call('confirm_order');
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'form',
      server: 'shop',
      toolName: 'confirm_order',
      conversationId: rig.conversationId,
      message: 'Place order #42 for 3 mugs?',
    });
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toHaveLength(1);
    // The form's own rules hold: a missing required field is refused and the question stays open.
    await expect(
      rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { confirm: true } }),
    ).rejects.toThrow(/bad_request: .*PIN is required/);
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { confirm: true, pin: '4321' } });
    expect((await turn.done).status).toBe('completed');
    const item = await rig.lastToolItem('confirm_order');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('order placed: confirm=true, pin of 4 digits received');
    const record = await rig.record(item.recordId!);
    expect(record.exchanges).toEqual([
      expect.objectContaining({
        kind: 'elicitation',
        mode: 'form',
        outcome: 'accept',
        decidedBy: 'operator',
        response: { confirm: true, pin: SECRET_ANSWER_MARKER },
      }),
    ]);
    expect(JSON.stringify(record)).not.toContain('4321');
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toEqual([]);
  });

  it('returns a decline to the server, and cancel when nobody answers in time', async () => {
    const rig = closing(await startMrtrCore(entry(), { elicitationTimeoutMs: 400 }));
    const declined = rig.call('confirm_order');
    const first = await rig.next('requests.opened');
    await rig.rpc('requests.answer', { id: first.id, action: 'decline' });
    await declined.done;
    expect((await rig.lastToolItem('confirm_order')).resultText).toContain('order not placed: the user chose decline');

    const from = rig.events.length;
    const silent = rig.call('confirm_order');
    const second = await rig.next('requests.opened', () => true, from);
    const resolved = await rig.next('requests.resolved', (p) => p.id === second.id, from);
    expect(resolved.exchange).toMatchObject({ outcome: 'cancel', decidedBy: 'system' });
    await silent.done;
    expect((await rig.lastToolItem('confirm_order')).resultText).toContain('order not placed: the user chose cancel');
  });

  it('runs a sampling request on the model only after the operator approved it, and its answer only after review', async () => {
    const rig = closing(await startMrtrCore(entry()));
    const turn = rig.call('ask_model');
    const opened = (await rig.next('requests.opened')) as SamplingView;
    expect(opened).toMatchObject({
      kind: 'sampling',
      stage: 'review',
      server: 'shop',
      toolName: 'ask_model',
      model: 'offline demo model',
    });
    expect(opened.request.messages).toEqual([
      { role: 'user', text: 'Summarize order #42 in five words', editable: true },
    ]);
    await expect(rig.rpc('requests.reply', { id: opened.id })).rejects.toThrow(
      /conflict: there is no answer to send yet/,
    );
    await rig.rpc('requests.sample', { id: opened.id, messages: [{ text: 'Summarize order #42' }], maxTokens: 16 });
    await rig.next('requests.updated', (p) => p.id === opened.id && p.kind === 'sampling' && p.stage === 'answered');
    await rig.rpc('requests.reply', { id: opened.id });
    await turn.done;
    const item = await rig.lastToolItem('ask_model');
    expect(item.resultText).toContain('the model said: Demo answer: you asked “Summarize order #42”');
    expect((await rig.record(item.recordId!)).exchanges).toEqual([
      expect.objectContaining({ kind: 'sampling', outcome: 'sent', decidedBy: 'operator' }),
    ]);

    // Rejected: the model never runs, and the call does not succeed.
    const from = rig.events.length;
    const refused = rig.call('ask_model');
    const second = await rig.next('requests.opened', () => true, from);
    await rig.rpc('requests.reject', { id: second.id, reason: 'not now' });
    await refused.done;
    const rejected = await rig.lastToolItem('ask_model');
    expect(rejected.status).toBe('error');
    expect(rejected.resultText).toMatch(/Sampling request rejected: not now/);
    expect((await rig.record(rejected.recordId!)).exchanges).toEqual([
      expect.objectContaining({ kind: 'sampling', outcome: 'rejected' }),
    ]);
  });

  it('answers roots from the config, and refuses what was not consented to (elicitation: false, sampling: false)', async () => {
    const rig = closing(
      await startMrtrCore(entry({ roots: ['/tmp/mrtr-workspace'], elicitation: false, sampling: false })),
    );
    await rig.call('workspace_roots').done;
    expect((await rig.lastToolItem('workspace_roots')).resultText).toContain('roots: file:///tmp/mrtr-workspace');
    await rig.call('confirm_order').done;
    await rig.call('ask_model').done;
    // Nothing reached the operator: what was not declared is never asked.
    expect(rig.events.some((e) => e.name === 'requests.opened')).toBe(false);
    for (const tool of ['confirm_order', 'ask_model']) {
      const item = await rig.lastToolItem(tool);
      expect(item.status).toBe('error');
      // The server sees what was declared (2026: in each request's _meta; 2025: at initialize) and says so.
      expect(item.resultText).toMatch(/(do not|did not) declare the required capability/);
    }
  });

  it('shows a URL question with its host and opens nothing itself; a URL the gate refuses is declined without asking', async () => {
    const rig = closing(await startMrtrCore(entry()));
    const turn = rig.call('open_page');
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'url',
      url: 'https://auth.example.com/connect?x=1',
      urlHost: 'auth.example.com',
      toolName: 'open_page',
    });
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept' });
    await turn.done;
    expect((await rig.lastToolItem('open_page')).resultText).toContain('page answer: accept');

    const from = rig.events.length;
    await rig.call('open_local_file').done;
    expect(rig.events.slice(from).some((e) => e.name === 'requests.opened')).toBe(false);
    const resolved = await rig.next('requests.resolved', () => true, from);
    expect(resolved.exchange).toMatchObject({ kind: 'elicitation', outcome: 'decline', decidedBy: 'system' });
    expect((await rig.lastToolItem('open_local_file')).resultText).toContain('page answer: decline');
  });

  it('a prompt that asks (prompts/get) puts its question on the Requests page too', async () => {
    const rig = closing(await startMrtrCore(entry()));
    const messages = rig.rpc<{ messages: { content: { text?: string } }[] }>('prompts.get', {
      server: 'shop',
      name: 'letter',
    });
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'form',
      server: 'shop',
      message: 'Who is the letter for?',
    });
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { name: 'Ada' } });
    expect((await messages).messages[0].content.text).toBe('Write a letter to Ada');
  });

  it('gives up on a server that never stops asking, after a bounded number of rounds, and names it', async () => {
    const rig = closing(await startMrtrCore(entry()));
    rig.core.requests.policy.elicit = 'defaults'; // every round answered at once, as an unattended run would
    await rig.call('nag').done;
    const item = await rig.lastToolItem('nag');
    expect(item.status).toBe('error');
    // 2026: our client stops (it names the server); 2025: the SDK's server stops at the same count and says so.
    expect(item.resultText).toMatch(
      era === '2025-11-25'
        ? new RegExp(`still required input after ${MAX_INPUT_ROUNDS} rounds`)
        : new RegExp(`shop still asked for input after ${MAX_INPUT_ROUNDS} rounds`),
    );
    expect((await rig.record(item.recordId!)).exchanges).toHaveLength(MAX_INPUT_ROUNDS);
  });
});

describe('the silence limit while the operator answers a 2026-07-28 round', () => {
  it('does not time the call out while its question waits longer than the server’s timeoutMs', async () => {
    const rig = closing(await startMrtrCore(mrtrEntry('shop', { url: strict.url }, { timeoutMs: 2_000 })));
    const turn = rig.call('confirm_order');
    const opened = await rig.next('requests.opened');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toHaveLength(1); // still asked, the call still running
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { confirm: true, pin: '1111' } });
    await turn.done;
    const item = await rig.lastToolItem('confirm_order');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('order placed');
  });
});

describe('-32042 (URL elicitation required) from a 2025-era server', () => {
  it('leads into the URL question, and the call is tried again once the operator accepted', async () => {
    const rig = closing(await startMrtrCore(mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' })));
    const turn = rig.call('needs_url');
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'url',
      url: 'https://auth.example.com/authorize',
      urlHost: 'auth.example.com',
    });
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept' });
    await turn.done;
    expect((await rig.lastToolItem('needs_url')).resultText).toContain('authorized, thank you');
  });
});

describe('the SDK’s default server (2025 served statelessly), as measured in issue 26', () => {
  it('auto speaks 2026-07-28 to it, so its tool’s form reaches the operator; a 2025 pin gets the server’s own reason', async () => {
    const server = await startMrtrHttp('default', dir);
    children.push(server.child);
    const rig = closing(await startMrtrCore(mrtrEntry('shop', { url: server.url })));
    expect(rig.core.tools.connections.state('shop')).toMatchObject({
      status: 'connected',
      protocolVersion: '2026-07-28',
    });
    const turn = rig.call('confirm_order');
    const opened = await rig.next('requests.opened');
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { confirm: true, pin: '9999' } });
    await turn.done;
    expect((await rig.lastToolItem('confirm_order')).resultText).toContain('order placed: confirm=true');
    await rig.close();

    // Pinned to 2025, it cannot ask at all (stateless serving has no server-to-client channel): nothing hangs, and the
    // tool says why in the server's words.
    const pinned = closing(await startMrtrCore(mrtrEntry('shop', { url: server.url }, { protocol: 'legacy' })));
    await pinned.call('confirm_order').done;
    expect((await pinned.lastToolItem('confirm_order')).resultText).toContain(
      'per-request legacy serving cannot receive server-to-client requests',
    );
  });
});

describe('roots that change on a 2026-07-28 connection', () => {
  it('are read anew by the next request that asks; no roots/list_changed is sent (the era has none)', async () => {
    const logs: string[] = [];
    const manager = new ConnectionManager({ log: (l) => logs.push(l), healthCheckIntervalMs: 0 });
    closing({ close: () => manager.closeAll() });
    const at = (root: string) => serverConfigSchema.parse(mrtrEntry('shop', { url: strict.url }, { roots: [root] }));
    manager.reconcile([at('/tmp/first-root')]);
    await manager.whenSettled();
    const roots = async () => JSON.stringify((await manager.callTool('shop', 'workspace_roots', {})).content);
    expect(await roots()).toContain('file:///tmp/first-root');
    manager.reconcile([at('/tmp/second-root')]);
    expect(await roots()).toContain('file:///tmp/second-root');
    expect(manager.state('shop')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    await new Promise((r) => setTimeout(r, 100));
    expect(logs.join('\n')).not.toMatch(/roots\/list_changed not sent/);
  });
});
