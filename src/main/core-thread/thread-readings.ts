import type { IntervalHistogram } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import type { ThreadEventLoop, ThreadMemory } from './core-thread-data';

/**
 * This thread's memory after two full collections (where --expose-gc gives them); heapData leaves out V8's code
 * spaces (JIT code grows as the thread warms up; it is not data). RSS is the process's.
 */
export function readThreadMemory(): ThreadMemory {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const code = getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith('code'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { rss, heapUsed, heapData: heapUsed - code, heapTotal, external, arrayBuffers };
}

/** An event-loop delay histogram's reading in ms (the caller resets it). */
export function eventLoopReading(histogram: IntervalHistogram): ThreadEventLoop {
  const ms = (ns: number) => ns / 1e6;
  return {
    max: ms(histogram.max),
    p99: ms(histogram.percentile(99)),
    p50: ms(histogram.percentile(50)),
    mean: ms(histogram.mean),
    count: histogram.count,
  };
}
