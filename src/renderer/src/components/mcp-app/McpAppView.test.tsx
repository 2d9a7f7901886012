import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppResource } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { RpcClientError } from '../../lib/rpc/types';
import { McpAppView } from './McpAppView';

const SANDBOX = { origin: 'http://127.0.0.1:40001', proxyUrl: 'http://127.0.0.1:40001/mcp-app-proxy?token=t' };
const resource = (over: Partial<AppResource> = {}): AppResource => ({
  server: 'apps',
  toolId: 'show',
  uri: 'ui://apps/show.html',
  mimeType: 'text/html;profile=mcp-app',
  html: '<p>app</p>',
  size: 10,
  sha256: 'x',
  csp: { connectDomains: ['https://api.example.com'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  cspDropped: [],
  permissions: { camera: false, microphone: false, geolocation: false, clipboardWrite: false },
  prefersBorder: null,
  domain: null,
  visibility: ['model', 'app'],
  pinState: 'pinned',
  fetchedAt: new Date().toISOString(),
  ...over,
});
const call = { input: {}, recordId: undefined, ran: false, cancelled: undefined };
const target = { server: 'apps', toolId: 'show', customerId: 'u1001' };

afterEach(cleanup);

function show(handlers: Parameters<typeof createFakeRpc>[0]) {
  const rpc = createFakeRpc({ 'sandbox.proxy': () => SANDBOX, 'approvals.list': () => [], ...handlers });
  renderWithRpc(<McpAppView target={target} call={call} />, rpc.client);
  return rpc;
}

describe('an MCP App in a tool card', () => {
  it('frames the sandbox proxy on its own origin, with the app CSP in the URL and no permission granted', async () => {
    show({ 'apps.resource': () => resource() });
    const frame = await screen.findByTestId('mcp-app-frame');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe(SANDBOX.origin);
    expect(src.searchParams.get('token')).toBe('t');
    expect(src.searchParams.get('csp')).toBeTruthy();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(frame.getAttribute('allow')).toBeNull();
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows nothing for a tool without an app, and the reason for a refused one', async () => {
    show({ 'apps.resource': () => Promise.reject(new RpcClientError({ code: 'forbidden', message: 'no app', details: { reason: 'noUi' } })) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('mcp-app')).toBeNull();
    expect(screen.queryByTestId('mcp-app-refused')).toBeNull();
    cleanup();
    show({ 'apps.resource': () => Promise.reject(new RpcClientError({ code: 'forbidden', message: 'the resource is 20 MB, over 2 MiB', details: { reason: 'tooLarge' } })) });
    expect((await screen.findByTestId('mcp-app-refused')).textContent).toContain('20 MB');
  });

  it('asks before granting permissions: nothing loads until the operator answers, and a no grants none', async () => {
    show({ 'apps.resource': () => resource({ permissions: { camera: true, microphone: true, geolocation: false, clipboardWrite: false } }) });
    const consent = await screen.findByTestId('mcp-app-permissions');
    expect(consent.textContent).toContain('Camera');
    expect(consent.textContent).toContain('Microphone');
    expect(screen.queryByTestId('mcp-app-frame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deny and show the app without them' }));
    expect((await screen.findByTestId('mcp-app-frame')).getAttribute('allow')).toBeNull();
  });

  it('names the CSP entries main refused', async () => {
    show({ 'apps.resource': () => resource({ cspDropped: [{ directive: 'connectDomains', value: '*', reason: 'wildcard', message: { code: 'x', text: 'wildcard', params: {} } }] }) });
    expect((await screen.findByTestId('mcp-app-csp-dropped')).textContent).toContain('*');
  });
});
