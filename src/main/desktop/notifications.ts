import type { NotificationConstructorOptions } from 'electron';
import type { ApprovalRequest, EventName } from '../../shared/contract';

/** The slice of an Electron Notification the notifier uses. */
export interface NotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown;
  show(): void;
  close(): void;
}

export interface NotifierPorts {
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): NotificationLike;
  /** The app window, if there is one. */
  window(): NotifiedWindow | undefined;
  /** Tells the renderer to show this approval (an `approvals.notificationClicked` event). */
  showApproval(request: Pick<ApprovalRequest, 'id' | 'conversationId' | 'actor'>): void;
  /** Opens the window again where none is left (macOS keeps running without one); its pages show pending approvals. */
  reopen?(): void;
}

export interface NotifiedWindow {
  isFocused(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Minimized: restore; hidden (macOS closed to the dock, or tray): show; then focus. focus() alone does neither. */
export function bringToFront(window: NotifiedWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}

/** How many notifications are held at most; past it the oldest is let go (its click may then do nothing). */
export const MAX_HELD_NOTIFICATIONS = 20;

/**
 * A desktop notification per approval requested while the window is not focused. Each is kept referenced until
 * it is clicked, its approval resolved, the app quits, or MAX_HELD_NOTIFICATIONS newer ones came: an unreferenced
 * Notification can be garbage-collected before the click, which then does nothing. `close` does not let go: on
 * Windows a toast that times out into Action Center fires it, and a click there later must still work.
 */
export class ApprovalNotifier {
  /** In the order shown (a Map keeps insertion order): the first is the oldest. */
  private readonly live = new Map<string, NotificationLike>();

  constructor(
    private readonly ports: NotifierPorts,
    private readonly maxHeld = MAX_HELD_NOTIFICATIONS,
  ) {}

  /** The number of notifications held (for tests and diagnostics). */
  get held(): number {
    return this.live.size;
  }

  onEvent(name: EventName, payload: unknown): void {
    if (name === 'approvals.requested') this.requested(payload as ApprovalRequest);
    else if (name === 'approvals.resolved') this.dismiss((payload as { id: string }).id);
  }

  private requested(request: ApprovalRequest): void {
    if (this.ports.window()?.isFocused() || !this.ports.isSupported() || this.live.has(request.id)) return;
    const notification = this.ports.create({
      title: 'Switchboard: approval needed',
      body: `${request.toolName}${request.server ? ` on ${request.server}` : ''} is waiting for your approval`,
    });
    this.live.set(request.id, notification);
    for (const oldest of this.live.keys()) {
      if (this.live.size <= this.maxHeld) break;
      this.live.delete(oldest);
    }
    const release = () => this.live.get(request.id) === notification && this.live.delete(request.id);
    notification.on('click', () => {
      release();
      const window = this.ports.window();
      if (window) bringToFront(window);
      else this.ports.reopen?.();
      this.ports.showApproval({ id: request.id, conversationId: request.conversationId, actor: request.actor });
    });
    notification.on('failed', release); // never shown: nothing to click
    notification.show();
  }

  /** The app is quitting: nothing will be clicked any more. */
  releaseAll(): void {
    this.live.clear();
  }

  /** Decided elsewhere (in the window, or timed out): the notification has nothing left to offer. */
  private dismiss(id: string): void {
    const notification = this.live.get(id);
    if (!notification) return;
    this.live.delete(id);
    notification.close();
  }
}
