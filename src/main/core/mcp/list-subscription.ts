import type { Client, McpSubscription, ServerCapabilities, SubscriptionFilter } from '@modelcontextprotocol/client';
import { backoffDelay, type BackoffOptions } from './backoff';
import { describeError } from './describe-error';

/** A server that has no subscriptions/listen (-32601) is not asked again on this connection. */
const METHOD_NOT_FOUND = -32601;

/**
 * What to listen for: the lists the server says change (listChanged in server/discover's capabilities), and the
 * resources the operator subscribed to (2026-07-28 has no resources/subscribe: they ride on this stream), where the
 * server offers subscriptions. Undefined when there is nothing to listen for.
 */
export function listenFilterFor(
  capabilities: ServerCapabilities | undefined,
  resourceUris: readonly string[] = [],
): SubscriptionFilter | undefined {
  const filter: SubscriptionFilter = {
    ...(capabilities?.tools?.listChanged && { toolsListChanged: true }),
    ...(capabilities?.prompts?.listChanged && { promptsListChanged: true }),
    ...(capabilities?.resources?.listChanged && { resourcesListChanged: true }),
    ...(capabilities?.resources?.subscribe && resourceUris.length > 0 && { resourceSubscriptions: [...resourceUris] }),
  };
  return Object.keys(filter).length ? filter : undefined;
}

export interface ListSubscriptionDeps {
  backoff: BackoffOptions;
  log(line: string): void;
  /**
   * The stream came back after it dropped: changes made meanwhile were never announced, so every list it covers is
   * treated as changed once (the same path a notification takes).
   */
  onResumed(filter: SubscriptionFilter): void;
}

/**
 * The 2026-07-28 replacement for unsolicited list_changed notifications: one subscriptions/listen stream per
 * connection. The SDK dispatches what arrives on it to the client's notification handlers, so tools, prompts and
 * resources are rediscovered exactly as a 2025 server's notifications/…/list_changed would have them. A stream that
 * drops (or that the server ends) is opened again with the connection backoff; stop() ends it for good.
 */
export class ListSubscription {
  private current: McpSubscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;
  private everOpen = false;
  /** The next open replaces a stream on purpose (a new filter): nothing was missed, so nothing is resumed. */
  private replacing = false;

  constructor(
    private readonly client: Client,
    private filter: SubscriptionFilter,
    private readonly deps: ListSubscriptionDeps,
  ) {}

  /** Listens for `filter` from now on: the stream is opened again with it (a stream's filter is fixed when it opens). */
  update(filter: SubscriptionFilter): void {
    if (this.stopped) return;
    this.filter = filter;
    clearTimeout(this.timer);
    const current = this.current;
    this.current = undefined;
    this.replacing = this.everOpen;
    this.failures = 0;
    void current?.close().catch(() => undefined);
    void this.open();
  }

  start(): void {
    void this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const current = this.current;
    this.current = undefined;
    void current?.close().catch(() => undefined);
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    let subscription: McpSubscription;
    try {
      subscription = await this.client.listen(this.filter);
    } catch (error) {
      if (this.stopped) return;
      if ((error as { code?: unknown }).code === METHOD_NOT_FOUND)
        return this.deps.log(
          `subscriptions/listen is not offered (${describeError(error)}); lists are fetched again only on reconnect or ttl`,
        );
      return this.retry(`subscriptions/listen failed: ${describeError(error)}`);
    }
    if (this.stopped) return void subscription.close().catch(() => undefined);
    this.current = subscription;
    this.failures = 0;
    if (this.everOpen && !this.replacing) this.deps.onResumed(subscription.honoredFilter);
    this.everOpen = true;
    this.replacing = false;
    const why = await subscription.closed;
    if (this.stopped || this.current !== subscription) return;
    this.current = undefined;
    this.retry(
      why === 'graceful'
        ? 'the server ended the subscriptions/listen stream'
        : 'the subscriptions/listen stream dropped',
    );
  }

  private retry(reason: string): void {
    if (this.stopped) return;
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.deps.backoff);
    this.deps.log(`${reason}; listening again in ${delay} ms`);
    this.timer = setTimeout(() => void this.open(), delay);
    this.timer.unref();
  }
}
