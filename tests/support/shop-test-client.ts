// Test helpers for the shop server: an SDK client over real HTTP, a tools/call wrapper that sends
// the acting customer in _meta, and a raw node:http request (fetch cannot set the Host header).
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CUSTOMER_ID_META_KEY } from '../../src/mcp-server/shop-mcp-server';

/** A 2025-era client by default; `pin` makes it a client of that revision only (2026-07-28: no initialize, no session). */
export async function connectShopClient(url: string, token?: string, pin?: string): Promise<Client> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client(
    { name: 'shop-server-test', version: '0.0.0' },
    pin ? { versionNegotiation: { mode: { pin } } } : {},
  );
  await client.connect(transport);
  return client;
}

export interface ToolOutcome {
  isError: boolean;
  text: string;
  structured: unknown;
}

/** tools/call as `customerId` (undefined = no identity in _meta). */
export async function callAs(
  client: Client,
  customerId: string | undefined,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome> {
  const result = await client.callTool({
    name,
    arguments: args,
    ...(customerId === undefined ? {} : { _meta: { [CUSTOMER_ID_META_KEY]: customerId } }),
  });
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return {
    isError: result.isError === true,
    text: content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join(''),
    structured: result.structuredContent,
  };
}

export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '0' } },
});

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to 127.0.0.1:port with exactly these headers (Host included when given). */
export function rawRequest(
  port: number,
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'POST',
        path: opts.path ?? '/mcp',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
