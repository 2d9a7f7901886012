import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import type {
  AppCall,
  AppResource,
  ApprovalRequest,
  CatalogToolView,
  Conversation,
  ExecutionRecord,
} from '../../src/shared/contract';
import { waitFor } from '../support/wait-for';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import { APP_MIME_TYPE } from '../../src/shared/contract';
import { startAppCore, BASIC_APP_SERVER } from '../support/mcp/app-core';

let rig: Awaited<ReturnType<typeof startAppCore>> | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
afterEach(async () => {
  await rig?.close();
  await model?.close();
  rig = model = undefined;
});

/** server-basic-vanillajs 2.0.3 (from the registry) over stdio, through the whole core. */
describe('MCP Apps with a real ext-apps example server', () => {
  it('declares the extension, reads and pins get-time’s ui:// resource, and an app call is recorded with actor app', async () => {
    expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    rig = await startAppCore({
      servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 }],
      mount: [{ toolId: 'get-time', confirm: 'auto' }],
    });
    const state = rig.core.tools.connections.state('basic');
    expect(state?.status).toBe('connected');
    expect(state?.declaredCapabilities).toMatchObject({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });

    const app = await rig.rpc<AppResource>('apps.resource', { server: 'basic', toolId: 'get-time' });
    expect(app).toMatchObject({
      server: 'basic',
      toolId: 'get-time',
      uri: 'ui://get-time/mcp-app.html',
      mimeType: APP_MIME_TYPE,
      pinState: 'pinned',
    });
    expect(app.size).toBeGreaterThan(100_000); // the bundled vanilla-JS app, ~200 KB
    expect(app.html).toContain('<html');
    expect(app.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    // By URI too, and the same copy.
    const byUri = await rig.rpc<AppResource>('apps.resource', { server: 'basic', uri: 'ui://get-time/mcp-app.html' });
    expect(byUri.sha256).toBe(app.sha256);

    // The pin holds the app: the tool's pinned definition carries the resource's digest.
    const tool = await rig.rpc<CatalogToolView>('catalog.tool', { toolId: 'get-time', server: 'basic' });
    expect(tool.entry.state).toBe('bound');
    expect(tool.entry.ui).toEqual({
      resourceUri: 'ui://get-time/mcp-app.html',
      visibility: ['model', 'app'],
      refused: null,
    });

    const pending = rig.rpc<AppCall>('apps.callTool', {
      server: 'basic',
      appTool: 'get-time',
      tool: 'get-time',
      arguments: {},
      conversationId: rig.conversationId,
    });
    // get-time declares no readOnlyHint: under `auto` it is a write, so the app's call waits for the operator like a model's.
    const asked = await waitFor(
      () => rig!.events.find((e) => e.name === 'approvals.requested')?.payload as ApprovalRequest | undefined,
      20_000,
      'the approval',
    );
    expect(asked).toMatchObject({
      toolName: 'get-time',
      server: 'basic',
      actor: 'app',
      app: { server: 'basic', tool: 'get-time' },
      actingIdentity: 'u1001',
      conversationId: rig.conversationId,
    });
    await rig.rpc('approvals.resolve', { id: asked.id, decision: 'approve' });
    const ran = await pending;
    expect(ran.status).toBe('success');
    expect(JSON.stringify(ran.result)).toMatch(/\d{4}-\d{2}-\d{2}T/); // the server's ISO time, as the app receives it
    const record = await rig.rpc<ExecutionRecord>('records.get', { id: ran.record!.id });
    expect(record).toMatchObject({
      actor: 'app',
      app: { server: 'basic', tool: 'get-time' },
      tool: 'get-time',
      server: 'basic',
      actingIdentity: 'u1001',
      conversationId: rig.conversationId,
      status: 'success',
    });
    expect(record.approval?.decision).toBe('approve');
    const listed = await rig.rpc<ExecutionRecord[]>('records.list', { actor: 'app' });
    expect(listed.map((r) => r.id)).toEqual([record.id]);
  }, 60_000);

  it('ui/message and ui/update-model-context land in the conversation marked as the app’s; links pass only the URL gate', async () => {
    rig = await startAppCore({
      servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 }],
      mount: [{ toolId: 'get-time', confirm: 'never' }],
    });
    const { itemId } = await rig.rpc<{ itemId: string }>('apps.message', {
      server: 'basic',
      appTool: 'get-time',
      conversationId: rig.conversationId,
      kind: 'message',
      content: [{ type: 'text', text: 'What time is it in Tokyo?' }],
    });
    await rig.rpc('apps.message', {
      server: 'basic',
      appTool: 'get-time',
      conversationId: rig.conversationId,
      kind: 'modelContext',
      content: [{ type: 'text', text: 'The clock shows 10:00' }],
    });
    const conversation = await rig.rpc<Conversation>('chat.get', { conversationId: rig.conversationId });
    expect(conversation.items.filter((i) => i.kind === 'app')).toEqual([
      expect.objectContaining({
        id: itemId,
        kind: 'app',
        server: 'basic',
        appTool: 'get-time',
        role: 'message',
        text: 'What time is it in Tokyo?',
      }),
      expect.objectContaining({ kind: 'app', role: 'modelContext', text: 'The clock shows 10:00' }),
    ]);
    // Never as the customer's words.
    expect(conversation.items.filter((i) => i.kind === 'user')).toEqual([]);
    // A flood is bounded: 20 in 10 s per app (2 sent above), the rest refused with the bound; the log keeps 20.
    const flood = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rig!.call('apps.message', {
          server: 'basic',
          appTool: 'get-time',
          conversationId: rig!.conversationId,
          kind: 'message',
          content: [{ type: 'text', text: `spam ${i}` }],
        }),
      ),
    );
    expect(flood.filter((r) => r.ok)).toHaveLength(18);
    const bounded = flood.find((r) => !r.ok);
    expect(!bounded?.ok && bounded?.error).toMatchObject({
      code: 'forbidden',
      details: { reason: 'rateLimited' },
      message: 'refused: the app of get-time on basic sent more than 20 messages in 10 seconds',
    });
    expect(
      (await rig.rpc<Conversation>('chat.get', { conversationId: rig.conversationId })).items.filter(
        (i) => i.kind === 'app',
      ),
    ).toHaveLength(20);
    // An app of a tool without one cannot write there.
    const unknown = await rig.call('apps.message', {
      server: 'basic',
      appTool: 'nope',
      conversationId: rig.conversationId,
      kind: 'message',
      content: [],
    });
    expect(!unknown.ok && unknown.error.code).toBe('not_found');

    const ok = await rig.rpc<{ allowed: boolean; host?: string }>('apps.checkLink', {
      server: 'basic',
      url: 'https://example.com/docs',
      purpose: 'open',
    });
    expect(ok).toMatchObject({ allowed: true, host: 'example.com' });
    expect(
      await rig.rpc('apps.checkLink', {
        server: 'basic',
        url: 'http://127.0.0.1:8080/report.csv',
        purpose: 'download',
      }),
    ).toMatchObject({ allowed: true });
    for (const url of [
      'file:///etc/passwd',
      'http://evil.example/x',
      'javascript:alert(1)',
      'https://bank.example@evil.example/',
    ]) {
      const refused = await rig.rpc<{ allowed: boolean; reason?: string }>('apps.checkLink', {
        server: 'basic',
        url,
        purpose: 'open',
      });
      expect(refused.allowed, url).toBe(false);
      expect(refused.reason).toMatch(/^the app on basic asked to open a link Switchboard will not open: /);
    }
  }, 60_000);

  it('the app’s sampling request follows the server’s sampling rules: the operator reviews it, and a refusal reaches the app as one', async () => {
    rig = await startAppCore({
      servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000, samplingPerMinute: 1 }],
      mount: [{ toolId: 'get-time', confirm: 'never' }],
    });
    const params = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the time' } }],
      maxTokens: 50,
    };
    const pending = rig.call('apps.sample', { server: 'basic', appTool: 'get-time', params });
    const opened = await waitFor(
      () =>
        rig!.events.find((e) => e.name === 'requests.opened')?.payload as
          { id: string; kind: string; server: string } | undefined,
      20_000,
      'the sampling request',
    );
    expect(opened).toMatchObject({ kind: 'sampling', server: 'basic' });
    await rig.rpc('requests.reject', { id: opened.id, reason: 'not for apps' });
    const refused = await pending;
    expect(!refused.ok && refused.error).toMatchObject({ code: 'forbidden', details: { reason: 'samplingRefused' } });
    // samplingPerMinute: 1 — the second request in the minute is refused without asking, as a server's would be.
    const second = await rig.call('apps.sample', { server: 'basic', appTool: 'get-time', params });
    expect(!second.ok && second.error.message).toMatch(/asked more than 1 time in a minute/);
    expect(rig.events.filter((e) => e.name === 'requests.opened')).toHaveLength(1);
  }, 60_000);

  it('ui/update-model-context reaches the model with the next message, marked as the app’s; ui/message does not', async () => {
    model = await startOpenAiCompatibleServer(() => openAiStream({ text: 'It is ten.' }));
    rig = await startAppCore({
      servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 }],
      mount: [{ toolId: 'get-time', confirm: 'never' }],
      model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model' },
    });
    const say = (kind: string, text: string) =>
      rig!.rpc('apps.message', {
        server: 'basic',
        appTool: 'get-time',
        conversationId: rig!.conversationId,
        kind,
        content: [{ type: 'text', text }],
      });
    await say('modelContext', 'The clock shows 09:00');
    await say('modelContext', 'The clock shows 10:00');
    await say('message', 'Shown only');
    expect((await rig.core.runtime.agent.send(rig.conversationId, 'What time is it?').done).status).toBe('completed');
    const sent = JSON.stringify((model.requests[0].body as { messages: unknown[] }).messages);
    expect(sent).toContain('What time is it?');
    expect(sent).toContain(
      '[Context from the MCP App of the tool \\"get-time\\" (server basic); the app\'s words, not the user\'s]\\nThe clock shows 10:00',
    );
    expect(sent).not.toContain('09:00'); // the latest context replaces the one before
    expect(sent).not.toContain('Shown only');
    // Used once: the next message carries none.
    expect((await rig.core.runtime.agent.send(rig.conversationId, 'Thanks').done).status).toBe('completed');
    const last = (model.requests[1].body as { messages: { role: string; content: unknown }[] }).messages.at(-1);
    expect(last).toMatchObject({ role: 'user', content: 'Thanks' });
  }, 60_000);
});
