import { SHARE_ENV, type Worker } from 'node:worker_threads';
import type { Preferences, Result } from '../../shared/contract';
import { errorText } from '../../shared/error-text';
import { EventBus } from '../core/events';
import type { KeyVault } from '../core/secrets';
import { startWorkerBeside } from '../core/worker-entry';
import type { Dispatch } from '../rpc/router';
import type { CoreThreadData, DiagnosticKind } from './core-thread-data';
import { serveHostFetch } from './host-fetch';
import { serveHostVault } from './host-vault';
import { createThreadLink, UnsendableError } from './thread-link';

/**
 * The core on a thread of its own. Loading it (the SDKs, zod, the contract's schemas), reading history, the embedded
 * shop's requests and the token tables are single synchronous steps of 10-30 ms each; on the main thread they held
 * Electron's main process (its IPC, the window) and the console's socket. Here the main thread only relays: a route
 * call goes over, its Result comes back, the core's events come back as they are emitted.
 */
export interface CoreThread {
  /** The router in the core's thread; a thread that stopped answers `unavailable`. */
  dispatch: Dispatch;
  /** The core's events, re-emitted on this thread (the bus passed in, or a new one). */
  events: EventBus;
  /** The operator's preferences as the core last reported them (the desktop's menu and dialogs speak its language). */
  preferences(): Preferences;
  /** For the bench: the thread's memory (after a full GC where exposed), its event-loop delay, a heap snapshot. */
  diagnostics<T>(kind: DiagnosticKind): Promise<T>;
  /** Closes the core (connections, files) and ends the thread. */
  close(): Promise<void>;
}

/**
 * The core thread's young generation, capped: V8 grows it to ~48 MB under the core's allocation rate, and with a
 * second isolate in the process that no longer fits the host's 150 MB (bench scenario 6: warm RSS ~152 MB uncapped,
 * ~131 MB at 16 MB). Scavenges come more often and each is shorter.
 */
export const CORE_YOUNG_GENERATION_MB = 16;

/** What the main thread lends the core (the desktop's Electron-only abilities). */
export interface HostAbilities {
  vault?: KeyVault;
  openBrowser?: (url: string) => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface CoreThreadOptions {
  data: CoreThreadData;
  events?: EventBus;
  log?: (line: string) => void;
  host?: HostAbilities;
  /** The thread ended on its own after it was ready (an uncaught error): said once. */
  onStopped?: (reason: string) => void;
  /** Tests start a thread of their own. */
  startWorker?: (data: CoreThreadData) => Worker;
}

/** Starts the core's thread; resolves once the core is built, rejects with the reason it could not be. */
export async function startCoreThread(options: CoreThreadOptions): Promise<CoreThread> {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = options.events ?? new EventBus();
  const worker =
    options.startWorker?.(options.data) ??
    startWorkerBeside('core-thread-worker', import.meta.url, {
      workerData: options.data,
      env: SHARE_ENV,
      resourceLimits: { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB },
    });
  const link = createThreadLink(worker);
  let stopped: string | undefined;
  let closing = false;
  let preferences: Preferences | undefined;

  link.onNotice('event', (name: never, payload: never) => {
    if (name === 'preferences.changed') preferences = payload;
    events.emit(name, payload);
  });
  link.onNotice('log', (line: string) => log(line));
  const { vault, openBrowser, fetch: hostFetch } = options.host ?? {};
  if (vault) serveHostVault(link, vault);
  if (openBrowser) link.serve({ openBrowser: (url: string) => openBrowser(url) });
  if (hostFetch) serveHostFetch(link, hostFetch);

  const stop = (reason: string) => {
    if (stopped) return;
    stopped = reason;
    link.end(reason);
    if (!closing && preferences) options.onStopped?.(reason);
  };
  worker.on('error', (error) => stop(`the core's thread failed: ${errorText(error)}`));
  worker.on('exit', (code) => stop(`the core's thread exited (code ${code})`));

  try {
    preferences = await new Promise<Preferences>((resolve, reject) => {
      link.onNotice('ready', (view: Preferences) => resolve(view));
      link.onNotice('failed', (failure: { message: string; stack?: string }) =>
        reject(Object.assign(new Error(failure.message), { stack: failure.stack })),
      );
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the core's thread exited (code ${code}) before the core was ready`)),
      );
    });
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw error;
  }

  return {
    events,
    dispatch: async (route, input, ctx) => {
      try {
        return await link.call<Result<unknown>>('dispatch', route, input, ctx);
      } catch (error) {
        if (stopped)
          return { ok: false, error: { code: 'unavailable', message: `The core is not running: ${stopped}.` } };
        // An input that cannot cross (nested past the structured clone's stack) cannot be JSON either: a BigInt, which
        // crosses but is no JSON, has the router refuse it in its own words (`bad_request`, input not serialisable).
        if (error instanceof UnsendableError)
          return link.call<Result<unknown>>('dispatch', route, 0n, ctx).catch(() => internalError(error));
        return internalError(error);
      }
    },
    preferences: () => preferences!,
    diagnostics: (kind) => link.call('diagnostics', kind),
    async close() {
      if (closing) return;
      closing = true;
      try {
        if (!stopped) await link.call('close');
      } finally {
        link.end('the core was closed');
        await worker.terminate();
      }
    },
  };
}

function internalError(error: unknown): Result<unknown> {
  return { ok: false, error: { code: 'internal', message: errorText(error) } };
}
