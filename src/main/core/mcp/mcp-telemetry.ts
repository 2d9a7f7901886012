/*
 * The MCP client's OpenTelemetry, in one place: each connection's transport traced (shared/mcp/traced-transport.ts:
 * CLIENT spans for what we send, with the trace context in params._meta; SERVER spans for what a server asks us), and
 * each connect attempt (initialize + the first tools/list) as a span of its own, the start-up discovery.
 */
import { say } from '../../../shared/messages';
import { traceTransport } from '../../../shared/mcp/traced-transport';
import { endSpan, inSpan, SpanKind, startSpan, telemetryState } from '../telemetry/telemetry';
import type { BuiltTransport } from './transport-factory';

export function traceConnection(server: string, built: BuiltTransport, protocolVersion: () => string | null): void {
  const url = built.kind === 'stdio' ? undefined : safeUrl(built.endpoint);
  traceTransport(built.transport, {
    side: 'client',
    networkTransport: built.kind === 'stdio' ? 'pipe' : 'tcp',
    ...(url && { serverAddress: url.hostname, serverPort: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) }),
    protocolVersion,
    onBadContext: (value) => telemetryState.report?.(say('telemetry.badTraceparent', { server, value })),
  });
}

/** One connect attempt as `switchboard.connect {server}`: its initialize and tools/list spans are children. */
export async function traceConnect<T>(server: string, attempt: () => Promise<T>): Promise<T> {
  const span = startSpan(`switchboard.connect ${server}`, SpanKind.INTERNAL, { 'switchboard.server': server });
  try {
    const result = await inSpan(span, attempt);
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error instanceof Error ? error.name : 'error', String(error));
    throw error;
  }
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
