import { checkExternalUrl, externalUrlRefusalText } from '../../shared/net/external-url';

/** Thrown when a URL may not go to the OS opener; its message names the server the URL came from. */
export class ExternalUrlRefused extends Error {
  override readonly name = 'ExternalUrlRefused';
}

/**
 * Every URL main hands to the OS (Electron's shell.openExternal) passes the shared gate first: https:, or http: on
 * this machine. An OS opener would run `file:`, `smb:` or `search-ms:` handlers, and these URLs come from servers.
 * `server` names where the URL came from; the OAuth sign-in's opener is called with the URL only, so it defaults.
 */
export function checkedOpener(openExternal: (url: string) => Promise<void>, log: (line: string) => void) {
  return async (url: string, server = 'the authorization server'): Promise<boolean> => {
    const check = checkExternalUrl(url);
    if (!check.ok) {
      const message = externalUrlRefusalText(check, server);
      log(`[open] ${message}`);
      throw new ExternalUrlRefused(message);
    }
    await openExternal(check.url.href);
    return true;
  };
}
