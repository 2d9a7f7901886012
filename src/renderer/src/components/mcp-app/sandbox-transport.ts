import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

/** How much an app may say per second before the console stops listening for the rest of that second. */
export const APP_MESSAGES_PER_SECOND = 60;
/** A message larger than this (its JSON) is dropped: an app cannot make the console parse megabytes at a time. */
export const APP_MESSAGE_MAX_BYTES = 1024 * 1024;

export interface FloodReport {
  /** Messages dropped in the second that just ended. */
  dropped: number;
  /** Dropped since the app was loaded. */
  total: number;
}

export interface BoundedTransportOptions {
  onFlood?(report: FloodReport): void;
  now?(): number;
  perSecond?: number;
}

/**
 * What both transports to the sandbox proxy share: incoming messages are rate-bound (beyond APP_MESSAGES_PER_SECOND
 * in a second the rest are dropped unparsed and `onFlood` says how many, once per second, for the console to show),
 * size-bound and parsed as JSON-RPC; a bad one is an error, never thrown into the console. How a message arrives and
 * leaves is the subclass's: postMessage (SandboxTransport) or the desktop's `<webview>` relay (WebviewTransport).
 */
export abstract class BoundedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private windowStart = 0;
  private inWindow = 0;
  private droppedInWindow = 0;
  private droppedTotal = 0;

  constructor(private readonly bounds: BoundedTransportOptions = {}) {}

  abstract start(): Promise<void>;
  abstract send(message: JSONRPCMessage): Promise<void>;
  abstract close(): Promise<void>;

  /** One message from the proxy, already known to come from it. */
  protected deliver(data: unknown): void {
    if (!this.admit()) return;
    let message: JSONRPCMessage;
    try {
      if (JSON.stringify(data).length > APP_MESSAGE_MAX_BYTES) throw new Error('an app message over 1 MiB');
      message = parseJSONRPCMessage(data);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  private admit(): boolean {
    const now = (this.bounds.now ?? Date.now)();
    if (now - this.windowStart >= 1000) {
      if (this.droppedInWindow > 0) this.bounds.onFlood?.({ dropped: this.droppedInWindow, total: this.droppedTotal });
      this.windowStart = now;
      this.inWindow = 0;
      this.droppedInWindow = 0;
    }
    if (this.inWindow >= (this.bounds.perSecond ?? APP_MESSAGES_PER_SECOND)) {
      this.droppedInWindow++;
      this.droppedTotal++;
      // The first drop is told at once; the count follows when the second ends.
      if (this.droppedInWindow === 1) this.bounds.onFlood?.({ dropped: 1, total: this.droppedTotal });
      return false;
    }
    this.inWindow++;
    return true;
  }
}

/**
 * The AppBridge's transport to the sandbox proxy in a frame (the browser console): postMessage to exactly the
 * sandbox origin (never '*', so a proxy frame navigated elsewhere gets nothing), and only messages from that frame
 * at that origin are read.
 */
export class SandboxTransport extends BoundedTransport {
  private readonly listener = (event: MessageEvent) => this.receive(event);

  constructor(
    private readonly frame: () => Window | null,
    private readonly origin: string,
    options: BoundedTransportOptions = {},
  ) {
    super(options);
  }

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.frame()?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }

  /** Public for tests: what happens to one message event. */
  receive(event: Pick<MessageEvent, 'source' | 'origin' | 'data'>): void {
    const frame = this.frame();
    if (!frame || event.source !== frame || event.origin !== this.origin) return;
    this.deliver(event.data);
  }
}
