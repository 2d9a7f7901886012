import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { MODERN_REVISION } from '../core/mcp/protocol-era';
import { nextTurn } from '../core/slices';

/**
 * The server SDK builds its 2026-07-28 wire schemas on first use: inside the embedded shop's first request, which
 * made that request one of start-up's longest blocks of the event loop. Classifying one request like a 2026-07-28
 * client's `server/discover` (its envelope validated by the SDK, nothing served) builds them first, at a moment
 * the caller picks. True when the SDK read it as that era, as it must for the schemas to be built.
 */
export async function warmUpRequestClassification(): Promise<boolean> {
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
  await nextTurn(); // the first Request made (undici's code compiled) apart from the schemas' build
  return !(await isLegacyRequest(request, body));
}
