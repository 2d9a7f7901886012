import type { NotificationConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../shared/contract';
import { cancelOrderApproval } from '../../../tests/support/agent/pending-approval';
import {
  ApprovalNotifier,
  bringToFront,
  MAX_HELD_NOTIFICATIONS,
  type NotificationLike,
  type NotifiedWindow,
} from './notifications';

const request = (id: string, extra: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  ...cancelOrderApproval,
  id,
  requestedAt: '2026-01-01T00:00:00Z',
  expiresAt: '2026-01-01T00:05:00Z',
  ...extra,
});

function fakeNotification(options: NotificationConstructorOptions) {
  const listeners = new Map<string, () => void>();
  const n = {
    options,
    shown: false,
    closed: false,
    on: (event: string, listener: () => void) => listeners.set(event, listener),
    show: () => void (n.shown = true),
    close: () => void (n.closed = true),
    fire: (event: string) => listeners.get(event)?.(),
  };
  return n;
}

function fakeWindow(state: { focused?: boolean; minimized?: boolean; visible?: boolean } = {}) {
  const calls: string[] = [];
  const window: NotifiedWindow = {
    isFocused: () => state.focused ?? false,
    isMinimized: () => state.minimized ?? false,
    isVisible: () => state.visible ?? true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
  return { window, calls };
}

function setup(window = fakeWindow().window, supported = true) {
  const created: ReturnType<typeof fakeNotification>[] = [];
  const shown: unknown[] = [];
  const notifier = new ApprovalNotifier({
    isSupported: () => supported,
    create: (options) => {
      const n = fakeNotification(options);
      created.push(n);
      return n as NotificationLike;
    },
    window: () => window,
    showApproval: (approval) => void shown.push(approval),
  });
  return { notifier, created, shown };
}

describe('approval notifications', () => {
  it('keeps the notification referenced until clicked; the click restores the window and shows the approval', () => {
    const { window, calls } = fakeWindow({ minimized: true, visible: false });
    const { notifier, created, shown } = setup(window);
    notifier.onEvent('approvals.requested', request('a1'));
    expect(created).toHaveLength(1);
    expect(created[0].shown).toBe(true);
    expect(created[0].options).toMatchObject({
      title: 'Switchboard: approval needed',
      body: 'cancel_order on shop is waiting for your approval',
    });
    expect(notifier.held).toBe(1); // referenced: garbage collection can't take it before the click
    created[0].fire('click');
    expect(notifier.held).toBe(0);
    expect(calls).toEqual(['restore', 'show', 'focus']);
    expect(shown).toEqual([{ id: 'a1', conversationId: 'c1', actor: undefined }]);
  });

  it('keeps it through close (a Windows toast timed out into Action Center): a later click there still shows the approval', () => {
    const { window, calls } = fakeWindow();
    const { notifier, created, shown } = setup(window);
    notifier.onEvent('approvals.requested', request('a1'));
    created[0].fire('close');
    expect(notifier.held).toBe(1);
    created[0].fire('click');
    expect(calls).toEqual(['focus']);
    expect(shown).toEqual([{ id: 'a1', conversationId: 'c1', actor: undefined }]);
    expect(notifier.held).toBe(0);
  });

  it('releases it when it failed, when the approval is decided elsewhere (and closes it then), and at quit', () => {
    const { notifier, created } = setup();
    notifier.onEvent('approvals.requested', request('a1'));
    notifier.onEvent('approvals.requested', request('a2'));
    notifier.onEvent('approvals.requested', request('a3'));
    expect(notifier.held).toBe(3);
    created[0].fire('failed');
    notifier.onEvent('approvals.resolved', { id: 'a3', conversationId: 'c1' });
    expect(created[2].closed).toBe(true);
    expect(notifier.held).toBe(1);
    notifier.releaseAll();
    expect(notifier.held).toBe(0);
  });

  it('holds at most a bounded number: the oldest is let go when newer ones come', () => {
    const created: ReturnType<typeof fakeNotification>[] = [];
    const notifier = new ApprovalNotifier(
      {
        isSupported: () => true,
        create: (options) => {
          const n = fakeNotification(options);
          created.push(n);
          return n as NotificationLike;
        },
        window: () => fakeWindow().window,
        showApproval: () => undefined,
      },
      2,
    );
    for (const id of ['a1', 'a2', 'a3']) notifier.onEvent('approvals.requested', request(id));
    expect(notifier.held).toBe(2);
    // a1 was let go: its own release later must not drop a newer one
    created[0].fire('failed');
    expect(notifier.held).toBe(2);
    created[1].fire('click');
    created[2].fire('click');
    expect(notifier.held).toBe(0);
    expect(MAX_HELD_NOTIFICATIONS).toBeGreaterThan(2);
  });

  it('stays quiet when the window has focus, when the OS has no notifications, and for a repeated request', () => {
    const focused = setup(fakeWindow({ focused: true }).window);
    focused.notifier.onEvent('approvals.requested', request('a1'));
    expect(focused.created).toHaveLength(0);
    const unsupported = setup(fakeWindow().window, false);
    unsupported.notifier.onEvent('approvals.requested', request('a1'));
    expect(unsupported.created).toHaveLength(0);
    const { notifier, created } = setup();
    notifier.onEvent('approvals.requested', request('a1'));
    notifier.onEvent('approvals.requested', request('a1'));
    expect(created).toHaveLength(1);
  });

  it('with no window left (macOS), a click opens one', () => {
    let reopened = 0;
    const created: ReturnType<typeof fakeNotification>[] = [];
    const notifier = new ApprovalNotifier({
      isSupported: () => true,
      create: (options) => {
        const n = fakeNotification(options);
        created.push(n);
        return n as NotificationLike;
      },
      window: () => undefined,
      showApproval: () => undefined,
      reopen: () => void reopened++,
    });
    notifier.onEvent('approvals.requested', request('a1'));
    created[0].fire('click');
    expect(reopened).toBe(1);
  });

  it('bringing a window to front: focus() alone neither restores a minimized window nor shows a hidden one', () => {
    const plain = fakeWindow();
    bringToFront(plain.window);
    expect(plain.calls).toEqual(['focus']);
    const minimized = fakeWindow({ minimized: true });
    bringToFront(minimized.window);
    expect(minimized.calls).toEqual(['restore', 'focus']);
  });
});
