// The HTTP side of the shop's JSON-RPC endpoint: reading a bounded JSON body, answering with a JSON-RPC error.
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type BodyResult = { json: unknown } | { error: string; status: number; code: number };

export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { error: 'Request body too large', status: 413, code: -32000 };
    chunks.push(chunk);
  }
  try {
    return { json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { error: 'Parse error: request body is not valid JSON', status: 400, code: -32700 };
  }
}

export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
