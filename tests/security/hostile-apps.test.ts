import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AppCall,
  AppResource,
  ApprovalRequest,
  CatalogToolView,
  ExecutionRecord,
  ExplanationView,
} from '../../src/shared/contract';
import { APP_RESOURCE_MAX_BYTES } from '../../src/shared/contract';
import { APP_FIXTURE, BASIC_APP_SERVER, startAppCore } from '../support/mcp/app-core';
import { waitFor } from '../support/wait-for';

let rig: Awaited<ReturnType<typeof startAppCore>> | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await rig?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  rig = scratch = undefined;
});

async function start() {
  scratch = await mkdtemp(join(tmpdir(), 'sb-app-version-'));
  const versionFile = join(scratch, 'version.txt');
  await writeFile(versionFile, 'v1');
  rig = await startAppCore({
    servers: [
      { name: 'apps', ...APP_FIXTURE, env: { APP_FIXTURE_VERSION_FILE: versionFile }, timeoutMs: 30_000 },
      { name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 30_000 },
    ],
    mount: [
      { toolId: 'dashboard', confirm: 'never' },
      { toolId: 'place_order', confirm: 'auto' },
      { toolId: 'app_refresh', confirm: 'auto' },
      { toolId: 'bad_scheme' },
      { toolId: 'bad_mime' },
      { toolId: 'huge' },
      { toolId: 'get-time', confirm: 'never' },
    ],
  });
  // The 20 MB app closes the first connection (the SDK's stdio buffer is 10 MB); the next one refuses it unread.
  await waitFor(
    () => (rig!.core.tools.connections.state('apps')?.status === 'connected' ? true : undefined),
    30_000,
    'apps connected',
  );
  return { rig, versionFile };
}

const refusal = async (route: string, input: unknown) => {
  const result = await rig!.call(route, input);
  if (result.ok) throw new Error(`${route} was not refused`);
  return result.error as { code: string; message: string; details?: { reason?: string } };
};

/** app-fixture-server.mjs: a real child process built with the v2 server SDK and ext-apps' server helpers. */
describe('hostile MCP Apps, from a real stdio server', () => {
  it('refuses each bad resource with its reason, keeps the good app with its wildcard CSP dropped, and the server stays connected', async () => {
    await start();
    expect(rig!.core.tools.connections.state('apps')?.status).toBe('connected');

    const scheme = await refusal('apps.resource', { server: 'apps', toolId: 'bad_scheme' });
    expect(scheme).toMatchObject({ code: 'forbidden', details: { reason: 'notUiScheme' } });
    expect(scheme.message).toContain('"https://evil.example/app.html" is not a ui:// URI');

    const mime = await refusal('apps.resource', { server: 'apps', toolId: 'bad_mime' });
    expect(mime).toMatchObject({ code: 'forbidden', details: { reason: 'wrongMimeType' } });
    expect(mime.message).toContain('its MIME type is "text/html", not text/html;profile=mcp-app');

    // 20 MB: over the SDK's own 10 MB stdio buffer, or over our cap; either way refused with the cap named, never rendered.
    const huge = await refusal('apps.resource', { server: 'apps', toolId: 'huge' });
    expect(huge.code).toBe('forbidden');
    expect(huge.details?.reason).toBe('tooLarge');
    expect(huge.message).toContain(String(APP_RESOURCE_MAX_BYTES));
    expect(huge.message).toContain('reading it closed the connection');

    const app = await rig!.rpc<AppResource>('apps.resource', { server: 'apps', toolId: 'dashboard' });
    expect(app.csp).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://*.example.org'],
      baseUriDomains: [],
    });
    const dropped = app.cspDropped.map((d) => `${d.directive} ${d.value}`);
    expect(dropped).toEqual([
      'connectDomains *',
      'connectDomains http://evil.example',
      "resourceDomains https://x.example.com; script-src 'unsafe-inline'",
      'resourceDomains https:',
      'resourceDomains data:',
    ]);
    expect(app.cspDropped[0].reason).toContain('never a bare wildcard');
    expect(app.permissions).toEqual({ camera: true, microphone: false, geolocation: false, clipboardWrite: true });
    expect(app).toMatchObject({ prefersBorder: true, domain: 'apps.example.com', pinState: 'pinned' });
    // A URI that is not ui://, asked for directly.
    expect(await refusal('apps.resource', { server: 'apps', uri: 'file:///etc/passwd' })).toMatchObject({
      code: 'forbidden',
      details: { reason: 'notUiScheme' },
    });
    expect(rig!.core.tools.connections.state('apps')?.status).toBe('connected');
  }, 90_000);

  it('an app-only tool is never sent to the model: its own catalog state and explain layer; its app may still call it', async () => {
    await start();
    const tool = await rig!.rpc<CatalogToolView>('catalog.tool', { toolId: 'app_refresh', server: 'apps' });
    expect(tool.entry.state).toBe('appOnly');
    expect(tool.entry.ui).toEqual({ resourceUri: '', visibility: ['app'], refused: null });
    expect(
      (await rig!.rpc<CatalogToolView>('catalog.tool', { toolId: 'place_order', server: 'apps' })).entry.ui,
    ).toBeNull();
    expect(tool.entry.reason).toContain('visible to its MCP App only');
    const explained = await rig!.rpc<ExplanationView>('catalog.explain', { toolId: 'app_refresh' });
    expect(explained.verdict).toBe('hidden');
    expect(explained.firstFailingLayer).toBe('appVisibility');
    const { catalog } = rig!.core.tools.catalog.current();
    const { visibleTools } = await import('../../src/shared/catalog');
    expect(visibleTools(catalog, []).map((t) => t.name)).not.toContain('app_refresh');
    expect(visibleTools(catalog, []).map((t) => t.name)).toContain('place_order');

    const ran = await rig!.rpc<AppCall>('apps.callTool', {
      server: 'apps',
      appTool: 'dashboard',
      tool: 'app_refresh',
      conversationId: rig!.conversationId,
    });
    expect(ran.status).toBe('success');
    expect(ran.record).toMatchObject({ actor: 'app', app: { server: 'apps', tool: 'dashboard' } });
  }, 90_000);

  it('a write tool called by the app waits for approval; a tool of another server is refused', async () => {
    await start();
    const pending = rig!.rpc<AppCall>('apps.callTool', {
      server: 'apps',
      appTool: 'dashboard',
      tool: 'place_order',
      arguments: { item: 'AirPods' },
      conversationId: rig!.conversationId,
    });
    const asked = await waitFor(
      () => rig!.events.find((e) => e.name === 'approvals.requested')?.payload as ApprovalRequest | undefined,
      20_000,
      'the approval',
    );
    expect(asked).toMatchObject({
      toolName: 'place_order',
      actor: 'app',
      app: { server: 'apps', tool: 'dashboard' },
      policy: 'auto',
    });
    // Nothing ran while it waits.
    expect(await rig!.rpc<ExecutionRecord[]>('records.list', { tool: 'place_order' })).toEqual([]);
    await rig!.rpc('approvals.resolve', { id: asked.id, decision: 'reject', reason: 'not now' });
    const ran = await pending;
    expect(ran.status).toBe('rejected');
    expect(ran.result).toBeNull();
    expect(ran.record).toMatchObject({ actor: 'app', status: 'rejected', approval: { decision: 'reject' } });

    // Another server's tool, named as such or not: refused before anything runs.
    expect(
      await refusal('apps.callTool', {
        server: 'apps',
        appTool: 'dashboard',
        tool: 'get-time',
        toolServer: 'basic',
        conversationId: rig!.conversationId,
      }),
    ).toMatchObject({ code: 'forbidden', details: { reason: 'otherServer' } });
    const notHere = await refusal('apps.callTool', {
      server: 'apps',
      appTool: 'dashboard',
      tool: 'get-time',
      conversationId: rig!.conversationId,
    });
    expect(notHere).toMatchObject({ code: 'forbidden', details: { reason: 'noSuchTool' } });
    expect(notHere.message).toContain('apps does not offer');
    // A tool whose app was refused cannot make calls either.
    expect(
      await refusal('apps.callTool', {
        server: 'apps',
        appTool: 'bad_mime',
        tool: 'app_refresh',
        conversationId: rig!.conversationId,
      }),
    ).toMatchObject({ details: { reason: 'wrongMimeType' } });
    expect(await rig!.rpc<ExecutionRecord[]>('records.list', { tool: 'get-time' })).toEqual([]);
  }, 90_000);

  it('an app calling a write tool a thousand times: 20 reach the approval queue, the rest are refused with the bound', async () => {
    await start();
    const calls = Array.from({ length: 1000 }, (_, i) =>
      rig!.call('apps.callTool', {
        server: 'apps',
        appTool: 'dashboard',
        tool: 'place_order',
        arguments: { item: `n${i}` },
        conversationId: rig!.conversationId,
      }),
    );
    await waitFor(() => (rig!.core.runtime.approvals.list().length === 20 ? true : undefined), 20_000, '20 approvals');
    const settled = await Promise.all(calls.slice(20));
    expect(
      settled.every(
        (r) =>
          !r.ok && r.error.code === 'forbidden' && (r.error.details as { reason: string }).reason === 'rateLimited',
      ),
    ).toBe(true);
    const first = settled[0];
    expect(!first.ok && first.error.message).toBe(
      'refused: the app of dashboard on apps asked for more than 20 calls in 10 seconds',
    );
    // Each of the 20 still waits for its own approval.
    expect(rig!.core.runtime.approvals.list().every((a) => a.toolName === 'place_order')).toBe(true);
    for (const a of rig!.core.runtime.approvals.list())
      await rig!.rpc('approvals.resolve', { id: a.id, decision: 'reject', reason: 'flood' });
    const ran = await Promise.all(calls.slice(0, 20));
    expect(ran.every((r) => r.ok && (r.data as AppCall).status === 'rejected')).toBe(true);
    expect(rig!.core.tools.connections.state('apps')?.status).toBe('connected');
  }, 90_000);

  it('a changed UI resource quarantines its tool, and the app is refused until the change is accepted', async () => {
    const { versionFile } = await start();
    const before = await rig!.rpc<AppResource>('apps.resource', { server: 'apps', toolId: 'dashboard' });
    expect(before.html).toContain('v1');
    await writeFile(versionFile, 'v2-rug-pull');
    await rig!.rpc('servers.rediscover', { name: 'apps' });
    const tool = await waitFor(
      async () => {
        const view = await rig!.rpc<CatalogToolView>('catalog.tool', { toolId: 'dashboard', server: 'apps' });
        return view.entry.state === 'quarantined' ? view : undefined;
      },
      20_000,
      'the quarantine',
    );
    expect(tool.entry.quarantine?.changed).toEqual(['ui']);
    const held = await refusal('apps.resource', { server: 'apps', toolId: 'dashboard' });
    expect(held).toMatchObject({ code: 'forbidden', details: { reason: 'quarantined' } });
    expect(
      await refusal('apps.callTool', {
        server: 'apps',
        appTool: 'dashboard',
        tool: 'app_refresh',
        conversationId: rig!.conversationId,
      }),
    ).toMatchObject({ details: { reason: 'quarantined' } });

    await rig!.rpc('catalog.acceptChange', { toolId: 'dashboard', server: 'apps' });
    const after = await rig!.rpc<AppResource>('apps.resource', { server: 'apps', toolId: 'dashboard' });
    expect(after.html).toContain('v2-rug-pull');
  }, 90_000);
});
