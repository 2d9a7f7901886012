import type { ThreadLink } from './thread-link';

/**
 * A fetch whose request runs on the main thread, for the core's thread: the desktop's remote requests go through
 * Electron's `net.fetch` (the system proxy, PAC, the OS certificate store), which only the main process has. The
 * request body crosses once; the response body is pulled a chunk at a time, so a slow stream (SSE, a model's reply)
 * flows as it arrives and a reader that stops stops the host's reading too.
 */
interface FetchHead {
  status: number;
  statusText: string;
  headers: [string, string][];
  url: string;
  redirected: boolean;
  hasBody: boolean;
}
interface FetchRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  redirect: RequestInit['redirect'];
}
type ReadChunk = { done: true } | { done: false; value: Uint8Array };

/** Statuses whose Response may carry no body (the constructor throws otherwise). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/** The main thread's side: runs each request with `fetchImpl` and hands the body out on request. */
export function serveHostFetch(link: ThreadLink, fetchImpl: typeof fetch): void {
  const open = new Map<number, { abort: AbortController; reader?: ReadableStreamDefaultReader<Uint8Array> }>();
  link.onNotice('fetch.abort', (id: number) => open.get(id)?.abort.abort());
  link.serve({
    'fetch.start': async (id: number, request: FetchRequest): Promise<FetchHead> => {
      const abort = new AbortController();
      open.set(id, { abort });
      try {
        const { url, method, headers, body, redirect } = request;
        const response = await fetchImpl(url, { method, headers, body, redirect, signal: abort.signal });
        const reader = response.body?.getReader();
        if (reader) open.set(id, { abort, reader });
        else open.delete(id);
        return {
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          url: response.url,
          redirected: response.redirected,
          hasBody: reader !== undefined,
        };
      } catch (error) {
        open.delete(id);
        throw error;
      }
    },
    'fetch.read': async (id: number): Promise<ReadChunk> => {
      const reader = open.get(id)?.reader;
      if (!reader) return { done: true };
      try {
        const chunk = await reader.read();
        if (chunk.done) open.delete(id);
        return chunk.done ? { done: true } : { done: false, value: chunk.value };
      } catch (error) {
        open.delete(id);
        throw error;
      }
    },
    'fetch.cancel': async (id: number) => {
      const entry = open.get(id);
      open.delete(id);
      entry?.abort.abort();
      await entry?.reader?.cancel().catch(() => undefined);
    },
  });
}

/** The core thread's side: a fetch that asks the main thread to run it. */
export function fetchThroughHost(link: ThreadLink): typeof fetch {
  let nextId = 1;
  return async (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const id = nextId++;
    const body = request.body ? await request.arrayBuffer() : null;
    const onAbort = () => link.notify('fetch.abort', id);
    signal.addEventListener('abort', onAbort, { once: true });
    let head: FetchHead;
    try {
      head = await link.call<FetchHead>('fetch.start', id, {
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        body,
        redirect: request.redirect,
      } satisfies FetchRequest);
    } catch (error) {
      signal.removeEventListener('abort', onAbort);
      signal.throwIfAborted();
      throw new TypeError('fetch failed', { cause: error });
    }
    const stream =
      head.hasBody && !NULL_BODY_STATUS.has(head.status)
        ? new ReadableStream<Uint8Array>(
            {
              async pull(controller) {
                try {
                  const chunk = await link.call<ReadChunk>('fetch.read', id);
                  if (chunk.done) {
                    signal.removeEventListener('abort', onAbort);
                    controller.close();
                  } else controller.enqueue(chunk.value);
                } catch (error) {
                  signal.removeEventListener('abort', onAbort);
                  controller.error(signal.aborted ? signal.reason : error);
                }
              },
              async cancel() {
                signal.removeEventListener('abort', onAbort);
                await link.call('fetch.cancel', id).catch(() => undefined);
              },
            },
            { highWaterMark: 0 },
          )
        : null;
    if (!stream) {
      signal.removeEventListener('abort', onAbort);
      if (head.hasBody) void link.call('fetch.cancel', id).catch(() => undefined);
    }
    const response = new Response(stream, { status: head.status, statusText: head.statusText, headers: head.headers });
    // A Response made here has no url; callers (OAuth discovery among them) read the one the host fetched.
    Object.defineProperties(response, { url: { value: head.url }, redirected: { value: head.redirected } });
    return response;
  };
}
