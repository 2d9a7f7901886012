import { checkExternalUrl } from '../net/external-url';

/**
 * A record's link to its trace: the Settings template (`http://localhost:16686/trace/{traceId}` for Jaeger) with
 * `{traceId}` and `{spanId}` filled in. Null without a template or ids, or when the result would not pass the shared
 * URL gate (https:, or http: on loopback only).
 */
export function traceLink(template: string | undefined, ids: { traceId?: string; spanId?: string }): string | null {
  if (!template || !ids.traceId || !template.includes('{traceId}')) return null;
  const url = template
    .replaceAll('{traceId}', encodeURIComponent(ids.traceId))
    .replaceAll('{spanId}', encodeURIComponent(ids.spanId ?? ''));
  return checkExternalUrl(url).ok ? url : null;
}
