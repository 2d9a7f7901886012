/**
 * The one change the console's own CSP gets for MCP Apps: `frame-src` as default-src 'self' had it, plus exactly
 * the sandbox origin. Both the header and the page's meta tag (index.html) get it: a browser enforces both, and
 * the stricter wins.
 */
export function frameSource(sandboxOrigin: string): string {
  return `frame-src 'self' ${sandboxOrigin}`;
}

/** A policy with the sandbox frame source put right after default-src. */
export function withFrameSource(policy: string, sandboxOrigin: string): string {
  return policy.replace("default-src 'self'", `default-src 'self'; ${frameSource(sandboxOrigin)}`);
}

/** index.html's meta CSP with the same one frame source; nothing else in the tag changes. */
export function withSandboxFrameSource(html: string, sandboxOrigin: string): string {
  return html.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/,
    (_all, open: string, csp: string, close: string) => `${open}${frameSource(sandboxOrigin)}; ${csp}${close}`,
  );
}
