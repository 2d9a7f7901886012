import type { EventSink } from '../events';
import { pageCacheHint, TtlRefresh } from './list-cache';
import type { ListCacheHint } from './types';

type BrowsedList = 'resources' | 'prompts';

/**
 * The console's resources and prompts lists (fetched on demand, through the SDK's response cache, which serves a
 * list while its ttlMs says it is fresh): when a list's ttl runs out, the console is told it changed, so it asks again
 * and the SDK fetches it anew. Not before; ttl 0 and no ttl are not polled. One countdown per server and list.
 */
export class BrowseListTtls {
  private readonly timers = new Map<string, TtlRefresh>();

  constructor(private readonly events: EventSink | undefined) {}

  /** A first page was just listed: its hint (as the server gave it) for the answer, and the countdown (re)started. */
  listed(server: string, list: BrowsedList, page: Readonly<Record<string, unknown>>): ListCacheHint {
    const hint = pageCacheHint(page);
    const key = `${list}\u0000${server}`;
    let timer = this.timers.get(key);
    if (!timer) this.timers.set(key, (timer = new TtlRefresh()));
    timer.schedule(hint, new Date(), () =>
      this.events?.emit(list === 'resources' ? 'resources.listChanged' : 'prompts.listChanged', { server }),
    );
    return hint;
  }

  close(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }
}
