// The core's thread: the whole core (config, MCP connections, the agent loop, records, the embedded shop) and the
// router, off the main thread. The main thread keeps the window or the console's socket and relays the contract's
// messages (core-thread.ts). An entry of its own in the build, like the other workers (worker-entry.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as nodeModule from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { CoreOptions } from '../core/app';
import { enableCompileCache } from '../desktop/compile-cache';
import type { CoreThreadData, DesktopCoreData, ThreadEventLoop, ThreadMemory } from './core-thread-data';
import { fetchThroughHost } from './host-fetch';
import { vaultThroughHost } from './host-vault';
import { createThreadLink, type ThreadLink } from './thread-link';
import { eventLoopReading, readThreadMemory } from './thread-readings';

const data = workerData as CoreThreadData;
// Before anything loads, so loading the core counts too.
const loop = data.measureEventLoop ? monitorEventLoopDelay({ resolution: 1 }) : undefined;
loop?.enable();
const link = createThreadLink(parentPort!);
const log = (line: string) => link.notify('log', line);
if (data.desktop) {
  // The desktop's Node (22.1+) reads the core's compiled code from disk from the second start on.
  enableCompileCache(nodeModule, data.desktop.userData, process.env, log);
  // As electron-log catches them on the main thread: a stray error is logged, and the core keeps serving the window.
  process.on('uncaughtException', (error) => log(`[core] uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => log(`[core] unhandled rejection: ${String(reason)}`));
}

try {
  // One module evaluation after the other: zod alone, before the core's modules that build schemas with it.
  await import('../core/zod-jitless');
  const { createCore } = await import('../core/app');
  const { createDispatch } = await import('../rpc/dispatch');
  const { demoShopBundle } = await import('../demo-shop/bundle');
  const { EventBus } = await import('../core/events');
  const events = new EventBus();
  events.subscribe((name, payload) => link.notify('event', name, payload));
  const core = await createCore({
    dataDir: data.dataDir,
    events,
    log,
    ...demoShopBundle(),
    ...(data.desktop ? await desktopOptions(data.desktop, link, data.dataDir) : {}),
  });
  const dispatch = createDispatch(core, { log, appSandbox: data.appSandbox });
  link.serve({
    dispatch,
    close: () => core.close(),
    diagnostics,
  });
  link.notify('ready', core.services.preferences.view());
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  link.notify('failed', { message: failure.message, stack: failure.stack });
}

/** What Electron's main process lends the core, as calls back to it. */
async function desktopOptions(
  desktop: DesktopCoreData,
  host: ThreadLink,
  dataDir: string,
): Promise<Partial<CoreOptions>> {
  const [{ readKnowledgeDir }, { createEncryptedSecrets, environmentSecrets }, { systemProxyFetch }, stdio] =
    await Promise.all([
      import('../core/knowledge'),
      import('../core/secrets'),
      import('../desktop/proxy-fetch'),
      import('../desktop/stdio-launch'),
    ]);
  // A clear error now, not on the first search.
  if (desktop.knowledgeDir) await readKnowledgeDir(desktop.knowledgeDir);
  return {
    knowledgeDir: desktop.knowledgeDir,
    secrets: desktop.vaultStorage
      ? await createEncryptedSecrets(dataDir, vaultThroughHost(host, desktop.vaultStorage))
      : environmentSecrets(),
    // The host checks the URL against the shared gate before the OS opener sees it.
    openBrowser: (url) => host.call<boolean>('openBrowser', url),
    // Remote requests through the main thread's fetch (Electron's net.fetch); loopback ones direct from here.
    fetch: systemProxyFetch(fetchThroughHost(host)),
    systemLanguages: () => desktop.systemLanguages,
    connections: desktop.packaged ? { launchStdio: stdio.packagedStdioLaunch(stdio.findOnPath) } : undefined,
  };
}

function diagnostics(kind: string): ThreadMemory | ThreadEventLoop | string | null {
  if (kind === 'memory') return readThreadMemory();
  if (kind === 'heapSnapshot')
    return writeHeapSnapshot(join(tmpdir(), `switchboard-core-${process.pid}-${Date.now()}.heapsnapshot`));
  if (kind === 'eventLoop' && loop) {
    const reading = eventLoopReading(loop);
    loop.reset();
    return reading;
  }
  return null;
}
