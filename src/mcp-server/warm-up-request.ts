import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';

/** The revision whose first request the warm-ups run: the stateless one, whose code runs inside a request. */
const MODERN_REVISION = '2026-07-28';

/**
 * A 2026-07-28 client's `server/discover`, as its request and parsed body, for warming the SDK's code up in memory
 * (classification-warm-up.ts, the shop's handler): nothing is sent anywhere.
 */
export function warmUpDiscoverRequest(): { request: Request; body: unknown } {
  const body = {
    jsonrpc: '2.0',
    id: 0,
    method: 'server/discover',
    params: {
      _meta: {
        [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
        [CLIENT_INFO_META_KEY]: { name: 'switchboard-warm-up', version: '0' },
        [CLIENT_CAPABILITIES_META_KEY]: {},
      },
    },
  };
  const request = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify(body),
  });
  return { request, body };
}

/** Hands the event loop back past its timers, even from an I/O callback (two immediates: see core/slices.ts). */
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * The first 2026-07-28 request's code (the SDK's envelope parsing, a McpServer made for the request, its answer)
 * compiled by one request served in memory, on turns of its own: inside the first client's request it made that
 * request one of the embedding app's longest blocks of the event loop at start-up. True when it was answered.
 */
export async function warmUpModernHandler(handler: {
  fetch(request: Request, options?: { parsedBody?: unknown }): Promise<Response>;
}): Promise<boolean> {
  await nextLoopTurn();
  const { request, body } = warmUpDiscoverRequest();
  const response = await handler.fetch(request, { parsedBody: body });
  const answered = response.ok && (await response.text()).includes('"supportedVersions"');
  await nextLoopTurn();
  return answered;
}
