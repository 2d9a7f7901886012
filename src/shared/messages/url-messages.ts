/**
 * Why the URL gate (shared/net/external-url.ts) refused a server-given URL, as a clause the sentences naming the
 * server insert (`auth.authorizationUrlRefused`, `request.settled.urlRefused`). `{{scheme}}` is verbatim.
 */
export const URL_MESSAGES = {
  'url.refusal.malformed': 'it is not a valid URL',
  'url.refusal.scheme': 'the scheme "{{scheme}}:" is not allowed (only https:, or http: on this machine)',
  'url.refusal.httpNotLoopback': 'plain http: is allowed only for this machine (localhost); use https:',
  'url.refusal.credentials': 'it carries a user name or password before its host',
} as const;
