import type { Result } from '../../shared/contract';
import type { EventBus } from '../core/events';
import type { Dispatch } from '../rpc/router';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from './frames';

/** The slice of Electron's ipcMain the adapter needs; tests inject a fake, the app passes ipcMain. */
export interface IpcMainPort {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}
export interface IpcInvokeEventLike {
  senderFrame: { url: string } | null;
}
export interface EventTarget {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface IpcAdapterOptions {
  ipcMain: IpcMainPort;
  dispatch: Dispatch;
  events: EventBus;
  /** The only origins allowed to call main, e.g. the packaged file:// page or the dev server. */
  isTrustedSenderUrl: (url: string) => boolean;
  /** Where events go: the app's windows. */
  targets: () => EventTarget[];
}

/** One invoke channel, one event channel, and a sender check before anything reaches the router. */
export function attachIpcAdapter(options: IpcAdapterOptions): () => void {
  options.ipcMain.handle(IPC_REQUEST_CHANNEL, async (event, route, input): Promise<Result<unknown>> => {
    const url = event.senderFrame?.url ?? '';
    if (!options.isTrustedSenderUrl(url))
      return { ok: false, error: { code: 'forbidden', message: `IPC from an untrusted frame (${url.slice(0, 100) || 'unknown'}) was refused` } };
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

/** Trusts exactly one origin (http dev server) or one file (the packaged renderer). */
export function createSenderCheck(rendererUrl: string): (url: string) => boolean {
  const expected = new URL(rendererUrl);
  return (url) => {
    let actual: URL;
    try {
      actual = new URL(url);
    } catch {
      return false;
    }
    // The host matters too: file://server/share/... is a UNC path on Windows, i.e. someone else's file.
    if (expected.protocol === 'file:') return actual.protocol === 'file:' && actual.host === expected.host && actual.pathname === expected.pathname;
    return actual.origin === expected.origin;
  };
}
