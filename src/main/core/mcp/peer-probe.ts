import type { Client, RequestOptions } from '@modelcontextprotocol/client';

/**
 * A request that proves the peer is alive. 2026-07-28 has no ping (the SDK refuses it locally, before anything is
 * sent, so a failed ping there proved nothing about the peer and every health check "lost" the connection);
 * server/discover is that era's cheapest request.
 */
export function probePeer(client: Client, options: RequestOptions): Promise<unknown> {
  return client.getProtocolEra() === 'modern' ? client.discover(options) : client.ping(options);
}
