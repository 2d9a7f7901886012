import { isLegacyRequest } from '@modelcontextprotocol/server';
import { warmUpDiscoverRequest } from '../../mcp-server/warm-up-request';
import { nextTurn } from '../core/slices';

/**
 * The server SDK builds its 2026-07-28 wire schemas on first use: inside the embedded shop's first request, which
 * made that request one of start-up's longest blocks of the event loop. Classifying one request like a 2026-07-28
 * client's `server/discover` (its envelope validated by the SDK, nothing served) builds them first, at a moment
 * the caller picks. True when the SDK read it as that era, as it must for the schemas to be built.
 */
export async function warmUpRequestClassification(): Promise<boolean> {
  const { request, body } = warmUpDiscoverRequest();
  await nextTurn(); // the first Request made (undici's code compiled) apart from the schemas' build
  return !(await isLegacyRequest(request, body));
}
