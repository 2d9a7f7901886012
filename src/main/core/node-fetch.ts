import { nextTurn } from './slices';

/**
 * Node's fetch, Response and Headers come from its bundled undici, compiled and run the first time one of them is
 * touched (~30 ms of CPU here, once). Touched first inside longer work (the embedded shop's HTTP server module, an
 * MCP client's first request, a provider's client), that cost was added to the work's own block of the event loop.
 * Loaded here, on a turn of its own at start-up, it is a block alone. (`fetch` itself is a wrapper that loads
 * undici on its first call; `Response` is the lazy getter that loads it.)
 */
export async function loadNodeFetch(): Promise<void> {
  await nextTurn();
  void globalThis.Response;
  await nextTurn();
}
