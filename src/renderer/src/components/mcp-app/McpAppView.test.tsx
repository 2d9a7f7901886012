import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppResource } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { RpcClientError } from '../../lib/rpc/types';
import { McpAppView, type McpAppCall } from './McpAppView';
import { appResourceFixture, BROWSER_SANDBOX } from '../../../../../tests/support/renderer/fixtures';

const resource = (over: Partial<AppResource> = {}): AppResource =>
  appResourceFixture({
    csp: { connectDomains: ['https://api.example.com'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    ...over,
  });
const call = { input: {}, recordId: undefined, ran: false, cancelled: undefined };
const target = { server: 'apps', toolId: 'show', actingIdentity: 'u1001' };

afterEach(cleanup);

/** The app of `shown` in the browser console, main answering with `handlers`. */
function show(handlers: Parameters<typeof createFakeRpc>[0], shown: McpAppCall = call) {
  const rpc = createFakeRpc({ 'sandbox.proxy': () => BROWSER_SANDBOX, 'approvals.list': () => [], ...handlers });
  const view = renderWithRpc(<McpAppView target={target} call={shown} />, rpc.client);
  return { ...rpc, view };
}

describe('an MCP App in a tool card', () => {
  it('frames the sandbox proxy on its own origin, with the app CSP in the URL and no permission granted', async () => {
    show({ 'apps.resource': () => resource() });
    const frame = await screen.findByTestId('mcp-app-frame');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe(BROWSER_SANDBOX.origin);
    expect(src.searchParams.get('token')).toBe('t');
    const csp = JSON.parse(atob(src.searchParams.get('csp')!.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    expect(csp).toMatchObject({
      connectDomains: ['https://api.example.com'],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
    });
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(frame.getAttribute('allow')).toBeNull();
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows nothing for a tool without an app, and the reason for a refused one', async () => {
    show({
      'apps.resource': () =>
        Promise.reject(new RpcClientError({ code: 'forbidden', message: 'no app', details: { reason: 'noUi' } })),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('mcp-app')).toBeNull();
    expect(screen.queryByTestId('mcp-app-refused')).toBeNull();
    cleanup();
    show({
      'apps.resource': () =>
        Promise.reject(
          new RpcClientError({
            code: 'forbidden',
            message: 'the resource is 20 MB, over 2 MiB',
            details: { reason: 'tooLarge' },
          }),
        ),
    });
    expect((await screen.findByTestId('mcp-app-refused')).textContent).toContain('20 MB');
  });

  it('asks before granting permissions: nothing loads until the operator answers, and a no grants none', async () => {
    show({
      'apps.resource': () =>
        resource({ permissions: { camera: true, microphone: true, geolocation: false, clipboardWrite: false } }),
    });
    const consent = await screen.findByTestId('mcp-app-permissions');
    expect(consent.textContent).toContain('Camera');
    expect(consent.textContent).toContain('Microphone');
    expect(screen.queryByTestId('mcp-app-frame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deny and show the app without them' }));
    expect((await screen.findByTestId('mcp-app-frame')).getAttribute('allow')).toBeNull();
  });

  it('names the CSP entries main refused', async () => {
    show({
      'apps.resource': () =>
        resource({
          cspDropped: [
            {
              directive: 'connectDomains',
              value: '*',
              reason: 'wildcard',
              message: { code: 'x', text: 'wildcard', params: {} },
            },
          ],
        }),
    });
    expect((await screen.findByTestId('mcp-app-csp-dropped')).textContent).toContain('*');
  });
});

describe('the tool input an app is sent', () => {
  /** Plays the sandbox proxy and the app inside it: the bridge's handshake, with every message it posts kept. */
  async function initializedApp(frame: HTMLIFrameElement) {
    const posted: { method?: string; id?: number; params?: { arguments?: unknown } }[] = [];
    // The test DOM loads no frame page: the proxy's window is a stand-in that keeps what the bridge posts.
    const proxy = { postMessage: (message: (typeof posted)[number]) => posted.push(message) } as unknown as Window;
    Object.defineProperty(frame, 'contentWindow', { value: proxy, configurable: true });
    const fromApp = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: BROWSER_SANDBOX.origin, source: proxy }));
    await act(async () => fromApp({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }));
    await waitFor(() => expect(posted.some((m) => m.method === 'ui/notifications/sandbox-resource-ready')).toBe(true));
    const init = { protocolVersion: '2026-01-26', appInfo: { name: 'app', version: '1' }, appCapabilities: {} };
    await act(async () => fromApp({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init }));
    await waitFor(() => expect(posted.some((m) => m.id === 1)).toBe(true));
    await act(async () => fromApp({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }));
    return posted;
  }
  const inputs = (posted: { method?: string; params?: { arguments?: unknown } }[]) =>
    posted
      .filter((m) => m.method?.startsWith('ui/notifications/tool-input'))
      .map((m) => [m.method, m.params?.arguments]);

  it('sends the streamed input as tool-input-partial, best-effort parsed, then the final input as tool-input', async () => {
    const streaming = (partialJson: string) => ({ ...call, input: undefined, partialJson });
    const final = { city: 'Hangzhou', days: 14 };
    const { view } = show({ 'apps.resource': () => resource() }, streaming('{"city":"Hang'));
    const showCall = (next: McpAppCall) => view.rerender(<McpAppView target={target} call={next} />);
    const posted = await initializedApp((await screen.findByTestId('mcp-app-frame')) as HTMLIFrameElement);
    await waitFor(() => expect(inputs(posted)).toHaveLength(1));
    showCall(streaming('{"city":"Hangzhou","days":1'));
    await waitFor(() => expect(inputs(posted)).toHaveLength(2));
    showCall({ ...call, input: final, partialJson: '{"city":"Hangzhou","days":14}' });
    await waitFor(() => expect(inputs(posted)).toHaveLength(3));
    expect(inputs(posted)).toEqual([
      ['ui/notifications/tool-input-partial', { city: 'Hang' }],
      // A half-written number is left out rather than shown wrong.
      ['ui/notifications/tool-input-partial', { city: 'Hangzhou' }],
      ['ui/notifications/tool-input', { city: 'Hangzhou', days: 14 }],
    ]);
    // Once the final input is known, streamed text that arrives late is not sent.
    showCall({ ...call, input: final, partialJson: '{"city":"Hangzhou","days":14} ' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inputs(posted)).toHaveLength(3);
  });

  it('a call that arrives complete is sent only as tool-input', async () => {
    show({ 'apps.resource': () => resource() }, { ...call, input: { city: 'Ningbo' } });
    const posted = await initializedApp((await screen.findByTestId('mcp-app-frame')) as HTMLIFrameElement);
    await waitFor(() => expect(inputs(posted)).toEqual([['ui/notifications/tool-input', { city: 'Ningbo' }]]));
  });
});

describe("the desktop: the proxy in a <webview> on MCP Apps' own partition", () => {
  const DESKTOP = {
    origin: 'mcp-app-sandbox://proxy',
    proxyUrl: 'mcp-app-sandbox://proxy/mcp-app-proxy',
    partition: 'mcp-apps',
  };

  it('hosts the proxy in a webview on the partition, granting in its URL only what the operator allowed, and bridges over its relay', async () => {
    const rpc = createFakeRpc({
      'sandbox.proxy': () => DESKTOP,
      'approvals.list': () => [],
      'apps.resource': () =>
        resource({ permissions: { camera: true, microphone: false, geolocation: true, clipboardWrite: false } }),
    });
    renderWithRpc(<McpAppView target={target} call={{ ...call, input: { city: 'Ningbo' } }} />, rpc.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    const view = await screen.findByTestId('mcp-app-frame');
    expect(view.tagName.toLowerCase()).toBe('webview');
    expect(document.querySelector('iframe')).toBeNull();
    expect(view.getAttribute('partition')).toBe('mcp-apps');
    const src = new URL(view.getAttribute('src')!);
    expect(`${src.protocol}//${src.host}${src.pathname}`).toBe(DESKTOP.proxyUrl);
    expect(src.searchParams.get('grant')).toBe('camera,geolocation');
    expect(view.getAttribute('allow')).toBeNull(); // main's session answers permissions, not an allow attribute

    // Electron's <webview>: `send` reaches the guest's relay; what the relay sends arrives as `ipc-message`.
    const sent: { channel: string; message: { method?: string; id?: number; params?: Record<string, unknown> } }[] = [];
    Object.defineProperty(view, 'send', {
      value: async (channel: string, message: (typeof sent)[number]['message']) => void sent.push({ channel, message }),
    });
    const fromProxy = (message: unknown, channel = 'mcp-app:to-host') =>
      act(async () => void view.dispatchEvent(Object.assign(new Event('ipc-message'), { channel, args: [message] })));
    await fromProxy({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await waitFor(() =>
      expect(sent.find((s) => s.message.method === 'ui/notifications/sandbox-resource-ready')).toBeDefined(),
    );
    const ready = sent.find((s) => s.message.method === 'ui/notifications/sandbox-resource-ready')!;
    expect(ready.channel).toBe('mcp-app:to-proxy');
    expect(ready.message.params).toMatchObject({ html: '<p>app</p>', permissions: { camera: {}, geolocation: {} } });
    // Another channel on the same element is not the relay's: never read.
    const init = { protocolVersion: '2026-01-26', appInfo: { name: 'app', version: '1' }, appCapabilities: {} };
    await fromProxy({ jsonrpc: '2.0', id: 7, method: 'ui/initialize', params: init }, 'other');
    await fromProxy({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init });
    await waitFor(() => expect(sent.some((s) => s.message.id === 1)).toBe(true));
    expect(sent.some((s) => s.message.id === 7)).toBe(false);
    await fromProxy({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await waitFor(() =>
      expect(sent.find((s) => s.message.method === 'ui/notifications/tool-input')?.message.params).toEqual({
        arguments: { city: 'Ningbo' },
      }),
    );
  });

  it('a denied consent grants nothing in the URL', async () => {
    show({
      'sandbox.proxy': () => DESKTOP,
      'apps.resource': () =>
        resource({ permissions: { camera: true, microphone: true, geolocation: false, clipboardWrite: false } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deny and show the app without them' }));
    const view = await screen.findByTestId('mcp-app-frame');
    expect(new URL(view.getAttribute('src')!).searchParams.has('grant')).toBe(false);
  });
});
