import {
  LOG_LEVEL_META_KEY,
  type JSONRPCMessage,
  type LoggingLevel,
  type Transport,
} from '@modelcontextprotocol/client';

/**
 * 2026-07-28 has no logging/setLevel: a request names the least severe level it wants in its `_meta`
 * (LOG_LEVEL_META_KEY), and a server sends no notifications/message to a request that names none. The SDK's Client
 * (2.4.0) writes only the protocol version, client info and capabilities into that envelope, so the level the operator
 * chose for the server is added here, on its way out, to every request of a 2026-07-28 connection.
 */
export function carryLogLevel(
  transport: Transport,
  level: () => LoggingLevel | undefined,
  modern: () => boolean,
): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const wanted = level();
    if (!wanted || !('method' in message) || !('id' in message) || !modern()) return send(message, options);
    const params: { _meta?: Record<string, unknown> } = message.params ?? {};
    const meta = { ...params._meta, [LOG_LEVEL_META_KEY]: wanted };
    return send({ ...message, params: { ...params, _meta: meta } } as JSONRPCMessage, options);
  };
}
