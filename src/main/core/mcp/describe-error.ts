/** One line for an operator: the error's message plus its cause (fetch hides ECONNREFUSED in `cause`). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? cause.message || (cause as NodeJS.ErrnoException).code : undefined;
  const status = (error as { code?: unknown }).code;
  // The SDK's HTTP errors carry the status in `code` but not always in the message.
  const http = typeof status === 'number' && status >= 100 && status < 600 && !error.message.includes(String(status)) ? `HTTP ${status}: ` : '';
  // An SDK server sends its McpError's message, prefix included, and the client's McpError prefixes it again.
  const message = http + (error.message || error.name).replace(/^(MCP error -?\d+: )\1+/, '$1');
  return causeText && !message.includes(causeText) ? `${message}: ${causeText}` : message;
}

/** Errors that mean the peer is gone (not that one request failed): worth checking the connection. */
export function looksLikeConnectionLoss(error: unknown): boolean {
  const text = describeError(error);
  return /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|fetch failed|Connection closed|Not connected|Session not found|terminated|other side closed/i.test(text);
}
