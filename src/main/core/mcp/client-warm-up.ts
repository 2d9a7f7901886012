import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/client';
import { mcpJsonSchemaValidator } from '../../../shared/mcp/json-schema-validator';
import { nextTurn } from '../slices';
import { MODERN_REVISION } from './protocol-era';
import { clientModule } from './sdk-modules';

/** What a 2026-07-28 server answers to server/discover, at its smallest. */
const DISCOVER_ANSWER = {
  supportedVersions: [MODERN_REVISION],
  capabilities: {},
  resultType: 'complete',
  _meta: { [SERVER_INFO_META_KEY]: { name: 'switchboard-warm-up', version: '0' } },
};

/**
 * The client SDK builds its 2026-07-28 wire schemas on first use: inside the first server's answer to
 * server/discover, which made that answer one of start-up's longest blocks of the event loop. One handshake in
 * memory (a transport that answers server/discover itself: nothing leaves the process) builds them first, at a
 * moment the caller picks. True when the handshake settled on that revision, as it must for the schemas to be built.
 */
export async function warmUpClientHandshake(): Promise<boolean> {
  const { Client } = await clientModule();
  const transport: Transport = {
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message: JSONRPCMessage) {
      if ('method' in message && message.method === 'server/discover' && 'id' in message) {
        const answer: JSONRPCMessage = { jsonrpc: '2.0', id: message.id, result: DISCOVER_ANSWER };
        void nextTurn().then(() => transport.onmessage?.(answer)); // the request, then the answer: a turn each
      }
    },
  };
  const client = new Client(
    { name: 'switchboard-warm-up', version: '0' },
    // The app's validator, as every connection's (connect-attempt.ts): the SDK's default (ajv) is not in the build.
    { versionNegotiation: { mode: { pin: MODERN_REVISION } }, jsonSchemaValidator: mcpJsonSchemaValidator() },
  );
  try {
    await client.connect(transport);
    return client.getNegotiatedProtocolVersion() === MODERN_REVISION;
  } finally {
    await client.close();
  }
}
