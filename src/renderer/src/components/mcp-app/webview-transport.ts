import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { APP_RELAY_TO_HOST, APP_RELAY_TO_PROXY } from '../../../../shared/apps/app-relay';
import { BoundedTransport, type BoundedTransportOptions } from './sandbox-transport';

/** An `ipc-message` event of Electron's `<webview>` element: what the guest's relay sent with sendToHost. */
export interface WebviewIpcMessage extends Event {
  channel: string;
  args: unknown[];
}

/** The slice of Electron's `<webview>` element the transport uses. */
export interface AppWebview {
  send(channel: string, ...args: unknown[]): Promise<void> | void;
  addEventListener(type: 'ipc-message' | 'dom-ready', listener: (event: Event) => void): void;
  removeEventListener(type: 'ipc-message' | 'dom-ready', listener: (event: Event) => void): void;
}

/**
 * The AppBridge's transport to the sandbox proxy in the desktop's `<webview>` (partition `mcp-apps`): the guest's
 * relay preload sends with sendToHost, which reaches only this element; we answer with `webview.send`, which main
 * delivers only to this element's guest. Only the relay's channel is read, one message per event, with the same
 * bounds as the frame transport.
 */
export class WebviewTransport extends BoundedTransport {
  private readonly listener = (event: Event) => this.receive(event as WebviewIpcMessage);
  private element: AppWebview | null = null;

  constructor(
    private readonly webview: () => AppWebview | null,
    options: BoundedTransportOptions = {},
  ) {
    super(options);
  }

  async start(): Promise<void> {
    this.element = this.webview();
    this.element?.addEventListener('ipc-message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const element = this.webview();
    if (!element) return;
    try {
      await element.send(APP_RELAY_TO_PROXY, message);
    } catch {
      // Electron refuses a send before the guest is attached: send once it has loaded.
      await new Promise<void>((resolve) => {
        const ready = () => (element.removeEventListener('dom-ready', ready), resolve());
        element.addEventListener('dom-ready', ready);
      });
      await element.send(APP_RELAY_TO_PROXY, message);
    }
  }

  async close(): Promise<void> {
    this.element?.removeEventListener('ipc-message', this.listener);
    this.element = null;
    this.onclose?.();
  }

  /** Public for tests: what happens to one `ipc-message` event. */
  receive(event: Pick<WebviewIpcMessage, 'channel' | 'args'>): void {
    if (event.channel !== APP_RELAY_TO_HOST || !Array.isArray(event.args) || event.args.length !== 1) return;
    this.deliver(event.args[0]);
  }
}
