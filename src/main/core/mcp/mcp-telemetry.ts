/*
 * The MCP client's OpenTelemetry, in one place: each connection's transport traced (shared/mcp/traced-transport.ts:
 * CLIENT spans for what we send, with the trace context in params._meta; SERVER spans for what a server asks us), and
 * each connect attempt (initialize + the first tools/list) as a span of its own, the start-up discovery.
 */
import { say } from '../../../shared/messages';
import { traceTransport } from '../../../shared/mcp/traced-transport';
import { endSpan, SpanKind, startSpan, telemetryState, type Span } from '../telemetry/telemetry';
import type { BuiltTransport } from './transport-factory';

/** Each server's connect attempt under way (attempts of one server never overlap): its requests are its children. */
const connecting = new Map<string, Span>();

export function traceConnection(server: string, built: BuiltTransport, protocolVersion: () => string | null): void {
  const url = built.kind === 'stdio' ? undefined : safeUrl(built.endpoint);
  traceTransport(built.transport, {
    side: 'client',
    networkTransport: built.kind === 'stdio' ? 'pipe' : 'tcp',
    ...(url && { serverAddress: url.hostname, serverPort: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) }),
    protocolVersion,
    onBadContext: (value) => telemetryState.report?.(say('telemetry.badTraceparent', { server, value })),
    parent: () => connecting.get(server),
  });
}

/** One connect attempt as `switchboard.connect {server}`: its initialize and tools/list spans are children. */
export async function traceConnect<T>(server: string, attempt: () => Promise<T>): Promise<T> {
  const span = startSpan(`switchboard.connect ${server}`, SpanKind.INTERNAL, { 'switchboard.server': server });
  if (span) connecting.set(server, span);
  try {
    const result = await attempt();
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error instanceof Error ? error.name : 'error', String(error));
    throw error;
  } finally {
    if (span && connecting.get(server) === span) connecting.delete(server);
  }
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
