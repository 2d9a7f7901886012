// The headless host (startHeadless: the same core as `switchboard serve`, on its own thread) in its own process,
// driven over IPC by bench/support/host.ts: it reports its URL, its memory on request (after a full GC in both
// threads when started with --expose-gc), and with BENCH_EVENT_LOOP=1 how long each thread's event loop was held.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ThreadEventLoop, ThreadMemory } from '../../src/main/core-thread/core-thread-data';
import { eventLoopReading, readThreadMemory } from '../../src/main/core-thread/thread-readings';

// Enabled before the app's code is even loaded, so loading and evaluating it count too (as in Electron's main).
const loop = process.env.BENCH_EVENT_LOOP ? monitorEventLoopDelay({ resolution: 1 }) : undefined;
loop?.enable();
// With a CPU profile (BENCH_CPU_PROF) or BENCH_GAPS=1, where the gaps of a 1 ms ticker fell (monotonic µs, the profile's
// clock), so a block the histogram saw can be found in the profile, and the CPU time the main thread used meanwhile
// (a gap with little CPU is the machine's load, not our code). The thread's own time where Linux gives it
// (/proc/thread-self/schedstat, ns on a core): the process's would count the worker threads' (the records index) too.
// The ticker runs at the histogram's resolution: a 5 ms one read a block up to 5 ms short, as the 1 ms timer did not.
const gaps: { at: number; ms: number; cpuMs: number }[] = [];
if (loop && (process.env.BENCH_CPU_PROF || process.env.BENCH_GAPS)) {
  const { readFileSync } = await import('node:fs');
  const cpuMs = (): number => {
    try {
      return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
    } catch {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    }
  };
  let last = process.hrtime.bigint();
  let lastCpu = cpuMs();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const cpu = cpuMs();
    const ms = Number(now - last) / 1e6 - 1;
    if (ms > 6) gaps.push({ at: Number(now / 1000n), ms: Math.round(ms), cpuMs: Math.round(cpu - lastCpu) });
    last = now;
    lastCpu = cpu;
  }, 1).unref();
}
const { startHeadless } = await import('../../src/main/server');

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
const handle = await startHeadless({
  dataDir,
  port: 0,
  staticDir: process.env.BENCH_STATIC_DIR || undefined,
  log: (line) => process.stderr.write(`${line}\n`),
  measureEventLoop: loop !== undefined,
});

const ms = (ns: number) => ns / 1e6;
process.on('message', (message: { type: string }) => void answer(message));
async function answer(message: { type: string }): Promise<void> {
  if (message.type === 'memory') {
    // The core's data is on its thread (it collects there first); this thread's heap is the relay's.
    const core = await handle.core.diagnostics<ThreadMemory>('memory');
    const own = readThreadMemory();
    process.send?.({
      type: 'memory',
      rss: own.rss,
      heapUsed: own.heapUsed + core.heapUsed,
      heapData: own.heapData + core.heapData,
      heapTotal: own.heapTotal + core.heapTotal,
      external: own.external + core.external,
      arrayBuffers: own.arrayBuffers + core.arrayBuffers,
    });
  } else if (message.type === 'heapSnapshot') {
    // For investigating a leak the memory scenario reports: `BENCH_HEAP_SNAPSHOT=1 npm run bench -- --only=memory`.
    // The core's thread, where the data is.
    process.send?.({ type: 'heapSnapshot', path: await handle.core.diagnostics<string>('heapSnapshot') });
  } else if (message.type === 'eventLoop' && loop) {
    // The delay histogram since the last read (in ms): its longest block, p99 and how many samples; the main
    // thread's (the console's socket, what Electron's main process is to the window) and the core thread's.
    const core = await handle.core.diagnostics<ThreadEventLoop>('eventLoop');
    process.send?.({ type: 'eventLoop', ...eventLoopReading(loop), core });
    if (gaps.length) {
      // p99 counts samples: how many blocks of 10 ms or more there were, and how many of them were this thread's CPU.
      const long = gaps.filter((g) => g.ms >= 10);
      const own = gaps.filter((g) => g.cpuMs >= 10);
      const p = (q: number) => ms(loop.percentile(q)).toFixed(1);
      process.stderr.write(
        `[event-loop] samples ${loop.count}, p90 ${p(90)} p99 ${p(99)} ms; gaps >= 10 ms: ${long.length}, with >= 10 ms of own CPU: ${own.length} ` +
          `(${own.reduce((sum, g) => sum + g.cpuMs, 0)} ms); in order: ${JSON.stringify(long.sort((a, b) => a.at - b.at))}; ` +
          `longest 8: ${JSON.stringify([...gaps].sort((a, b) => b.ms - a.ms).slice(0, 8))}; ` +
          `core thread: samples ${core.count}, p99 ${core.p99.toFixed(1)} ms, longest ${core.max.toFixed(1)} ms\n`,
      );
    }
    gaps.length = 0;
    loop.reset();
  } else if (message.type === 'close') {
    await handle.close();
    process.exit(0);
  }
}
process.on('disconnect', () => void handle.close().then(() => process.exit(0)));
process.send?.({
  type: 'ready',
  url: handle.url,
  port: handle.port,
  token: handle.token,
  nodeVersion: process.version,
});
