import type { Client, Icon } from '@modelcontextprotocol/client';
import type { ServerState } from './types';

/** What a server says of itself and whether it is also a link and a picture: kept as given, checked where shown. */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  icons?: Icon[];
}

/**
 * The server facts both eras give, from the SDK's client: the 2025 initialize answer or the 2026-07-28
 * server/discover result (its serverInfo in `_meta`). The same fields whichever era, so pins, the card and
 * `catalog` need not know which.
 */
export function serverFactsOf(
  client: Client,
): Pick<ServerState, 'serverInfo' | 'offeredCapabilities' | 'instructions'> {
  const info = client.getServerVersion();
  return {
    serverInfo: info
      ? {
          name: info.name,
          version: info.version,
          ...(typeof info.title === 'string' && info.title.trim() && { title: info.title.slice(0, 200) }),
          ...(typeof info.websiteUrl === 'string' && { websiteUrl: info.websiteUrl }),
          ...(Array.isArray(info.icons) && info.icons.length > 0 && { icons: info.icons }),
        }
      : null,
    offeredCapabilities: client.getServerCapabilities() ?? null,
    instructions: client.getInstructions() ?? null,
  };
}
