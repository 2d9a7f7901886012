/** How often the console may hear that one server's resources (or prompts) list changed. */
export const LIST_CHANGE_PERIOD_MS = 200;

type ListChangedEvent = 'resources.listChanged' | 'prompts.listChanged';

/**
 * Tells the console a server's resources or prompts list changed, at most once per period per list and server: the
 * first change at once, a burst's later ones once at the end of the period. A server that floods (1,000
 * notifications a second, on a 2025 connection or a 2026-07-28 listen stream) costs a few events a second, and the
 * last change is always announced.
 */
export class ListChangeAnnouncer {
  private readonly windows = new Map<string, { timer: NodeJS.Timeout; again: boolean }>();

  constructor(
    private readonly emit: (event: ListChangedEvent, server: string) => void,
    private readonly periodMs = LIST_CHANGE_PERIOD_MS,
  ) {}

  changed(event: ListChangedEvent, server: string): void {
    const key = `${event}\u0000${server}`;
    const open = this.windows.get(key);
    if (open) {
      open.again = true;
      return;
    }
    this.emit(event, server);
    this.open(key, event, server);
  }

  close(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private open(key: string, event: ListChangedEvent, server: string): void {
    const window = {
      again: false,
      timer: setTimeout(() => {
        this.windows.delete(key);
        if (!window.again) return;
        this.emit(event, server);
        this.open(key, event, server);
      }, this.periodMs),
    };
    window.timer.unref();
    this.windows.set(key, window);
  }
}
