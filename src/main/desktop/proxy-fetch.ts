/**
 * The fetch the desktop lends the core for model providers and MCP HTTP servers. Remote hosts go through
 * Electron's `net.fetch`, i.e. Chromium's network stack, which honours the system proxy settings (and PAC
 * scripts, and the OS certificate store); Node's own fetch connects directly. Loopback addresses go direct: they
 * need no proxy, and Chromium refuses some ports local servers use (ERR_UNSAFE_PORT: 6000, 6665-6669, …).
 */
export function systemProxyFetch(
  netFetch: (input: string | Request, init?: RequestInit) => Promise<Response>,
  direct: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  // net.fetch takes a string or a Request, not a URL object (the SDKs pass either).
  return (input, init) =>
    isLoopback(urlOf(input)) ? direct(input, init) : netFetch(input instanceof URL ? input.href : input, init);
}

function urlOf(input: string | URL | Request): URL | undefined {
  try {
    return new URL(input instanceof Request ? input.url : String(input));
  } catch {
    return undefined;
  }
}

export function isLoopback(url: URL | undefined): boolean {
  if (!url) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
