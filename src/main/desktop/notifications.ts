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

/**
 * A desktop notification per approval requested while the window is not focused. Each is kept referenced
 * until it is clicked, closed or its approval resolved: an unreferenced Notification can be garbage-collected
 * before the click, which then does nothing.
 */
export class ApprovalNotifier {
  private readonly live = new Map<string, NotificationLike>();

  constructor(private readonly ports: NotifierPorts) {}

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
    const release = () => this.live.delete(request.id);
    notification.on('click', () => {
      release();
      const window = this.ports.window();
      if (window) bringToFront(window);
      else this.ports.reopen?.();
      this.ports.showApproval({ id: request.id, conversationId: request.conversationId, actor: request.actor });
    });
    notification.on('close', release);
    notification.on('failed', release);
    notification.show();
  }

  /** Decided elsewhere (in the window, or timed out): the notification has nothing left to offer. */
  private dismiss(id: string): void {
    const notification = this.live.get(id);
    if (!notification) return;
    this.live.delete(id);
    notification.close();
  }
}
