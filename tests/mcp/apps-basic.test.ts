import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCall, AppResource, ApprovalRequest, CatalogToolView, Conversation, ExecutionRecord } from '../../src/shared/contract';
import { waitFor } from '../support/wait-for';
import { APP_MIME_TYPE } from '../../src/shared/contract';
import { startAppCore, BASIC_APP_SERVER } from '../support/mcp/app-core';

let rig: Awaited<ReturnType<typeof startAppCore>> | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** server-basic-vanillajs 2.0.3 (from the registry) over stdio, through the whole core. */
describe('MCP Apps with a real ext-apps example server', () => {
  it('declares the extension, reads and pins get-time’s ui:// resource, and an app call is recorded with actor app', async () => {
    expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    rig = await startAppCore({ servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 }], mount: [{ toolId: 'get-time', confirm: 'auto' }] });
    const state = rig.core.tools.connections.state('basic');
    expect(state?.status).toBe('connected');
    expect(state?.declaredCapabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } });

    const app = await rig.rpc<AppResource>('apps.resource', { server: 'basic', toolId: 'get-time' });
    expect(app).toMatchObject({ server: 'basic', toolId: 'get-time', uri: 'ui://get-time/mcp-app.html', mimeType: APP_MIME_TYPE, pinState: 'pinned' });
    expect(app.size).toBeGreaterThan(100_000); // the bundled vanilla-JS app, ~200 KB
    expect(app.html).toContain('<html');
    expect(app.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    // By URI too, and the same copy.
    const byUri = await rig.rpc<AppResource>('apps.resource', { server: 'basic', uri: 'ui://get-time/mcp-app.html' });
    expect(byUri.sha256).toBe(app.sha256);

    // The pin holds the app: the tool's pinned definition carries the resource's digest.
    const tool = await rig.rpc<CatalogToolView>('catalog.tool', { toolId: 'get-time', server: 'basic' });
    expect(tool.entry.state).toBe('bound');

    const pending = rig.rpc<AppCall>('apps.callTool', { server: 'basic', appTool: 'get-time', tool: 'get-time', arguments: {}, conversationId: rig.conversationId });
    // get-time declares no readOnlyHint: under `auto` it is a write, so the app's call waits for the operator like a model's.
    const asked = await waitFor(() => rig!.events.find((e) => e.name === 'approvals.requested')?.payload as ApprovalRequest | undefined, 20_000, 'the approval');
    expect(asked).toMatchObject({ toolName: 'get-time', server: 'basic', actor: 'app', app: { server: 'basic', tool: 'get-time' }, customerId: 'u1001', conversationId: rig.conversationId });
    await rig.rpc('approvals.resolve', { id: asked.id, decision: 'approve' });
    const ran = await pending;
    expect(ran.status).toBe('success');
    expect(JSON.stringify(ran.result)).toMatch(/\d{4}-\d{2}-\d{2}T/); // the server's ISO time, as the app receives it
    const record = await rig.rpc<ExecutionRecord>('records.get', { id: ran.record!.id });
    expect(record).toMatchObject({ actor: 'app', app: { server: 'basic', tool: 'get-time' }, tool: 'get-time', server: 'basic', customerId: 'u1001', conversationId: rig.conversationId, status: 'success' });
    expect(record.approval?.decision).toBe('approve');
    const listed = await rig.rpc<ExecutionRecord[]>('records.list', { actor: 'app' });
    expect(listed.map((r) => r.id)).toEqual([record.id]);
  }, 60_000);

  it('ui/message and ui/update-model-context land in the conversation marked as the app’s; links pass only the URL gate', async () => {
    rig = await startAppCore({ servers: [{ name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 }], mount: [{ toolId: 'get-time', confirm: 'never' }] });
    const { itemId } = await rig.rpc<{ itemId: string }>('apps.message', { server: 'basic', appTool: 'get-time', conversationId: rig.conversationId, kind: 'message', content: [{ type: 'text', text: 'What time is it in Tokyo?' }] });
    await rig.rpc('apps.message', { server: 'basic', appTool: 'get-time', conversationId: rig.conversationId, kind: 'modelContext', content: [{ type: 'text', text: 'The clock shows 10:00' }] });
    const conversation = await rig.rpc<Conversation>('chat.get', { conversationId: rig.conversationId });
    expect(conversation.items.filter((i) => i.kind === 'app')).toEqual([
      expect.objectContaining({ id: itemId, kind: 'app', server: 'basic', appTool: 'get-time', role: 'message', text: 'What time is it in Tokyo?' }),
      expect.objectContaining({ kind: 'app', role: 'modelContext', text: 'The clock shows 10:00' }),
    ]);
    // Never as the customer's words.
    expect(conversation.items.filter((i) => i.kind === 'user')).toEqual([]);
    // An app of a tool without one cannot write there.
    const unknown = await rig.call('apps.message', { server: 'basic', appTool: 'nope', conversationId: rig.conversationId, kind: 'message', content: [] });
    expect(!unknown.ok && unknown.error.code).toBe('not_found');

    const ok = await rig.rpc<{ allowed: boolean; host?: string }>('apps.checkLink', { server: 'basic', url: 'https://example.com/docs', purpose: 'open' });
    expect(ok).toMatchObject({ allowed: true, host: 'example.com' });
    expect(await rig.rpc('apps.checkLink', { server: 'basic', url: 'http://127.0.0.1:8080/report.csv', purpose: 'download' })).toMatchObject({ allowed: true });
    for (const url of ['file:///etc/passwd', 'http://evil.example/x', 'javascript:alert(1)', 'https://bank.example@evil.example/']) {
      const refused = await rig.rpc<{ allowed: boolean; reason?: string }>('apps.checkLink', { server: 'basic', url, purpose: 'open' });
      expect(refused.allowed, url).toBe(false);
      expect(refused.reason).toMatch(/^the app on basic asked to open a link Switchboard will not open: /);
    }
  }, 60_000);
});
