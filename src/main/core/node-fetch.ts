import { nextTurn } from './slices';

/**
 * The Node modules Node's undici requires, in the order it does, each loaded on a turn of its own first: together
 * with undici they would be one long block at start-up.
 */
const UNDICI_NEEDS = [
  'stream',
  'net',
  'http',
  'crypto',
  'tls',
  'http2',
  'zlib',
  'perf_hooks',
  'util/types',
  'worker_threads',
  'stream/web',
] as const;

/**
 * Node's fetch, Response and Headers come from its bundled undici, compiled and run the first time one of them is
 * touched (once). Touched first inside longer work (an embedded server's HTTP module, an
 * MCP client's first request, a provider's client), that cost was added to the work's own block of the event loop.
 * Loaded here, on turns of its own at start-up, it is a block alone. (`fetch` itself is a wrapper that loads
 * undici on its first call; `Response` is the lazy getter that loads it.)
 */
export async function loadNodeFetch(): Promise<void> {
  for (const name of UNDICI_NEEDS) {
    await nextTurn();
    process.getBuiltinModule(`node:${name}`);
  }
  await nextTurn();
  void globalThis.Response;
  await nextTurn();
}
