import type { Transport } from '@modelcontextprotocol/client';

/** Where a tools/list answer's definitions travel past the SDK's checks, as they came from the server. */
export const RAW_TOOLS_KEY = 'switchboard/rawTools';

/**
 * The v2 SDK checks a 2026-07-28 tools/list answer as a whole against the spec's schema, before any caller sees it:
 * one broken definition (a string readOnlyHint) and the good tools of that page are lost with it. So the answer is
 * taken as it arrives on the transport: its definitions move to RAW_TOOLS_KEY and the SDK sees an empty `tools`
 * (still checking the page's envelope: cursor, ttlMs, cacheScope). discover-tools.ts then checks each definition on
 * its own and refuses only the bad ones. Installed once per client, after connect (which sets onmessage).
 */
export function passRawToolPages(transport: Transport): void {
  const asked = new Set<string | number>();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const request = message as { method?: unknown; id?: string | number };
    if (request.method === 'tools/list' && request.id !== undefined) asked.add(request.id);
    return send(message, options);
  };
  const receive = transport.onmessage;
  if (!receive) return;
  transport.onmessage = (message, extra) => {
    const response = message as { id?: string | number; result?: { tools?: unknown } };
    if (
      response.id !== undefined &&
      asked.delete(response.id) &&
      response.result &&
      Array.isArray(response.result.tools)
    ) {
      const { tools, ...rest } = response.result;
      return receive({ ...message, result: { ...rest, tools: [], [RAW_TOOLS_KEY]: tools } } as typeof message, extra);
    }
    return receive(message, extra);
  };
}
