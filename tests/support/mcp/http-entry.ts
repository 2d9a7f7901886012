/** A Streamable HTTP server's config entry as the config parser gives it back, on `protocol` (default: auto). */
export const httpEntry = (name: string, url: string, protocol?: 'auto' | 'legacy' | '2026-07-28') => ({
  name,
  url,
  enabled: true,
  headers: {},
  transport: 'streamable-http' as const,
  ...(protocol && { protocol }),
});
