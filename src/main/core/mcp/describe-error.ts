/**
 * One line for an operator: the error's message plus its causes (fetch hides ECONNREFUSED in `cause`; the SDK's
 * `auto` probe wraps fetch's error in its own, so a server that is down is two causes deep).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = httpStatusOf(error);
  // The SDK's HTTP errors carry the status (v2: `status`, SSE: `code`) but not always in the message.
  const http = status !== undefined && !error.message.includes(String(status)) ? `HTTP ${status}: ` : '';
  // A JSON-RPC error answer names its code once: a v1 server sends its message prefixed (and a v1 client prefixed it
  // again); v2's ProtocolError carries the bare message, so the prefix is added here.
  const code = (error as { code?: unknown }).code;
  const rpc =
    error instanceof Error && typeof code === 'number' && code < 0 && !/^MCP error -?\d+: /.test(error.message)
      ? `MCP error ${code}: `
      : '';
  let message = http + rpc + (error.message || error.name).replace(/^(MCP error -?\d+: )\1+/, '$1');
  let cause = (error as { cause?: unknown }).cause;
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth++) {
    const causeText = cause.message || (cause as NodeJS.ErrnoException).code;
    if (causeText && !message.includes(causeText)) message = `${message}: ${causeText}`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}

/** Causes followed: enough for the SDK's wrapping (probe → fetch → socket), never a loop. */
const MAX_CAUSES = 4;

/** Errors that mean the peer is gone (not that one request failed): worth checking the connection. */
export function looksLikeConnectionLoss(error: unknown): boolean {
  const text = describeError(error);
  return /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|fetch failed|Connection closed|Not connected|Session not found|terminated|other side closed/i.test(
    text,
  );
}

/**
 * The HTTP status of an SDK transport error: v2's SdkHttpError carries it in `status` (its `code` names the SDK error),
 * SseError in `code`. Read by shape, so core modules need not load the SDK to ask.
 */
export function httpStatusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : e?.code;
  return typeof status === 'number' && status >= 100 && status < 600 ? status : undefined;
}
