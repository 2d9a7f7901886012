import type { AppSandbox } from '../../shared/contract';
import type { KeyVault } from '../core/secrets';

/** What the main thread hands the core's thread when it starts it (workerData: plain data only). */
export interface CoreThreadData {
  dataDir: string;
  /** Where this entry renders MCP Apps. */
  appSandbox?: AppSandbox;
  /** The thread keeps its own event-loop histogram from before the core loads (read with `diagnostics`). */
  measureEventLoop?: boolean;
  /**
   * The desktop app's part: what Electron's main process lends the core. Its remote requests go through the main
   * thread's fetch, so the thread is started with `host.fetch` (Electron's net.fetch).
   */
  desktop?: DesktopCoreData;
}

export interface DesktopCoreData {
  /** Electron's user-data folder: the thread keeps its compile cache there, as the main thread does. */
  userData: string;
  /** The packaged app's knowledge base (resources/knowledge). */
  knowledgeDir?: string;
  /** Packaged: stdio servers whose command is not on PATH are named as such (desktop/stdio-launch.ts). */
  packaged: boolean;
  /** The OS's preferred languages when the app started. */
  systemLanguages: string[];
  /** Keys are sealed by the host's safeStorage (calls to the main thread); absent: the environment's keys only. */
  vaultStorage?: KeyVault['storage'];
}

/** What the main thread can ask the core's thread for, beside the routes: the bench reads these. */
export type DiagnosticKind = 'memory' | 'eventLoop' | 'heapSnapshot';

export interface ThreadMemory {
  rss: number;
  heapUsed: number;
  /** heapUsed without V8's code spaces (JIT code grows as the thread warms up; it is not data). */
  heapData: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** A thread's event-loop delay since the last reading, in ms. */
export interface ThreadEventLoop {
  /** The longest the event loop was held. */
  max: number;
  p99: number;
  p50: number;
  mean: number;
  count: number;
}
