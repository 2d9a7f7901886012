/**
 * Why a remote server's sign-in or token refresh failed (src/main/core/auth), shown on its Servers card: the
 * auth view's `error`, and the server's own error when the failure refused the connection. The log and the CLI keep
 * the English. `{{detail}}` / `{{error}}` / `{{description}}` are what the authorization server or the SDK said,
 * `{{named}}`, `{{resource}}`, `{{issuer}}`, `{{bound}}` URLs, `{{status}}` a canonical server status: verbatim.
 */
export const AUTH_MESSAGES = {
  // refreshing ahead of expiry (auth-session.ts)
  'auth.refreshRefused': 'the refresh token was refused; sign in again before the access token expires',
  'auth.refreshFailed': 'refreshing the access token failed: {{detail}}',
  // an operator's sign-in (sign-in.ts, loopback-redirect.ts)
  'auth.signInCancelled': 'the sign-in was cancelled',
  'auth.browserTimeout': 'no answer from the browser within {{seconds}} s; sign in again',
  'auth.serverAnswered': 'the authorization server answered: {{error}}',
  'auth.serverAnsweredDescribed': 'the authorization server answered: {{error}}: {{description}}',
  'auth.signedInButState': 'signed in, but {{server}} is {{status}}: {{error}}',
  'auth.signedInNotConnected': 'signed in, but {{server}} did not connect',
  'auth.serverState': '{{server}} is {{status}}: {{error}}',
  'auth.serverStateBare': '{{server}} is {{status}}',
  'auth.serverNotConfigured': '{{server}} is not configured',
  // refusals before any authorization request (oauth-provider.ts)
  'auth.resourceMismatch':
    "the server's protected resource metadata names {{named}}, not {{resource}}; refusing to authorize for another resource",
  'auth.pkceUnsupported':
    'the authorization server {{issuer}} does not advertise PKCE with S256 (code_challenge_methods_supported); refusing to sign in',
  'auth.issuerMismatch':
    'the authorization server metadata fetched for {{expected}} names the issuer {{issuer}}; RFC 8414 says it must be the same, so it is not used for registration, sign-in or tokens',
  // the browser step (sign-in.ts): the authorization URL passes the URL gate before any opener sees it
  'auth.authorizationUrlRefused': 'refused to open the sign-in page of {{server}}: {{reason}}',
  'auth.clientBoundElsewhere':
    'client {{clientId}} was first used with authorization server {{bound}}, but {{server}} now names {{issuer}}; check the server, or sign out to forget the binding',
  // grant: cross_app_access (cross-app-access.ts): checked before anything is sent on
  'auth.idTokenUnreadable': 'the ID token for {{server}} cannot be read: {{detail}}',
  'auth.idTokenMalformed':
    "the ID token for {{server}} is not a JWT; give the ID token from your identity provider's sign-in",
  'auth.idTokenExpired':
    'the ID token for {{server}} expired at {{time}}; sign in to your identity provider again to renew it',
  'auth.idTokenAudience':
    'the ID token for {{server}} was issued to {{audience}}, not to the IdP client {{clientId}}; it was not sent',
  'auth.idpRefused': 'the identity provider {{idp}} refused the token exchange for {{server}}: {{detail}}',
  'auth.idJagType':
    'the identity provider answered with a token of type {{type}}, not an ID-JAG (oauth-id-jag+jwt); it was not sent on',
  'auth.idJagAudience':
    "the identity provider issued a grant for {{audience}}, not for {{server}}'s authorization server {{issuer}}; it was not sent on",
  'auth.idJagResource':
    'the identity provider issued a grant for the resource {{named}}, not {{resource}}; it was not sent on',
  'auth.idJagExpired':
    'the grant from the identity provider had expired at {{time}} when it arrived; check the clocks of this machine and the IdP',
} as const;
