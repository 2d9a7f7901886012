import type { Result } from '../../shared/contract';
import type { EventBus } from '../core/events';
import type { Dispatch } from '../rpc/router';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from './frames';

/** The slice of Electron's ipcMain the adapter needs; tests inject a fake, the app passes ipcMain. */
export interface IpcMainPort {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}
/** The identity of a frame: the renderer process it lives in and its id there (Electron's WebFrameMain). */
export interface FrameLike {
  processId: number;
  routingId: number;
  url?: string;
}
export interface IpcInvokeEventLike {
  /** The webContents that sent the message. */
  sender: unknown;
  /** The frame that sent it; null once that frame is gone. */
  senderFrame: FrameLike | null;
}
export interface EventTarget {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface IpcAdapterOptions {
  ipcMain: IpcMainPort;
  dispatch: Dispatch;
  events: EventBus;
  /** Whether the message comes from the app's own page (see createSenderCheck). */
  isTrustedSender: (event: IpcInvokeEventLike) => boolean;
  /** Where events go: the app's windows. */
  targets: () => EventTarget[];
}

/** One invoke channel, one event channel, and a sender check before anything reaches the router. */
export function attachIpcAdapter(options: IpcAdapterOptions): () => void {
  options.ipcMain.handle(IPC_REQUEST_CHANNEL, async (event, route, input): Promise<Result<unknown>> => {
    if (!options.isTrustedSender(event)) {
      const url = event.senderFrame?.url ?? '';
      return {
        ok: false,
        error: {
          code: 'forbidden',
          message: `IPC from an untrusted frame (${url.slice(0, 100) || 'unknown'}) was refused`,
        },
      };
    }
    return options.dispatch(route, input, { transport: 'ipc' });
  });
  const unsubscribe = options.events.subscribe((name, payload) => {
    for (const target of options.targets()) if (!target.isDestroyed()) target.send(IPC_EVENT_CHANNEL, name, payload);
  });
  return () => {
    options.ipcMain.removeHandler(IPC_REQUEST_CHANNEL);
    unsubscribe();
  };
}

/** The app window as the sender check sees it: its webContents and that webContents' main frame. */
export interface TrustedWindow {
  webContents: { mainFrame: FrameLike; isDestroyed(): boolean };
}

/**
 * Trusts the app window's own main frame and nothing else, by identity: the sender must be that window's
 * webContents and the frame its main frame (same renderer process, same frame id). No URL strings: Chromium
 * spells a Windows file URL's drive letter differently from Node (file:///C:/ vs file:///c:/), and a look-alike
 * URL is not the same frame. Navigation away from our page is blocked, so the main frame is always our page.
 */
export function createSenderCheck(window: () => TrustedWindow | undefined): (event: IpcInvokeEventLike) => boolean {
  return (event) => {
    const contents = window()?.webContents;
    const frame = event.senderFrame;
    if (!contents || contents.isDestroyed() || !frame || event.sender !== contents) return false;
    const main = contents.mainFrame;
    return frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
  };
}
