import { readFileSync } from 'node:fs';
import { discoverAndRequestJwtAuthGrant, requestJwtAuthorizationGrant } from '@modelcontextprotocol/client';
import type { AssertionCallback, CrossAppAccessContext } from '@modelcontextprotocol/client';
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { say } from '../../../shared/messages';
import { AuthFailure } from './auth-failure';
import { errorText } from '../../../shared/error-text';

/**
 * grant: cross_app_access (SEP-990, enterprise-managed authorization). The SDK's CrossAppAccessProvider sends the
 * RFC 7523 jwt-bearer grant; this is its assertion callback: the operator's ID token goes to the enterprise IdP in
 * an RFC 8693 token exchange (the SDK's requestJwtAuthorizationGrant) and comes back as an ID-JAG for the MCP
 * server's authorization server. Both tokens are checked here so a stale or misdirected credential is named in
 * the operator's words and never sent on; signatures are the IdP's and the authorization server's to verify.
 */
export interface IdpSettings {
  issuer?: string;
  tokenEndpoint?: string;
  clientId: string;
  clientSecret?: string;
  /** The ID token itself (from `${env:NAME}`), or the file it is read from for each exchange. */
  idToken?: string;
  idTokenFile?: string;
}

/** An ID token or ID-JAG this client refuses to send, or an IdP that refused the exchange. */
export class CrossAppAccessError extends AuthFailure {}

const ID_JAG_TYPE = 'oauth-id-jag+jwt';
/** Clock difference tolerated between this machine and the IdP when judging `exp`. */
const CLOCK_SKEW_SECONDS = 30;

export function crossAppAssertion(server: string, idp: IdpSettings, now: () => Date): AssertionCallback {
  return async (ctx: CrossAppAccessContext) => {
    const idToken = readIdToken(server, idp);
    checkIdToken(server, idToken, idp.clientId, now());
    const request = {
      audience: ctx.authorizationServerUrl,
      resource: ctx.resourceUrl,
      idToken,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scope: ctx.scope,
      fetchFn: ctx.fetchFn,
    };
    let grant: string;
    try {
      const result = idp.tokenEndpoint
        ? await requestJwtAuthorizationGrant({ ...request, tokenEndpoint: idp.tokenEndpoint })
        : await discoverAndRequestJwtAuthGrant({ ...request, idpUrl: idp.issuer! });
      grant = result.jwtAuthGrant;
    } catch (error) {
      // The SDK's words carry the IdP's error and description, never the tokens sent.
      throw new CrossAppAccessError(
        say('auth.idpRefused', {
          idp: originOf(idp.tokenEndpoint ?? idp.issuer!),
          server,
          detail: clipped(errorText(error)),
        }),
      );
    }
    checkIdJag(server, grant, ctx, now());
    return grant;
  };
}

function readIdToken(server: string, idp: IdpSettings): string {
  if (idp.idToken !== undefined) return idp.idToken.trim();
  try {
    return readFileSync(idp.idTokenFile!, 'utf8').trim();
  } catch (error) {
    throw new CrossAppAccessError(
      say('auth.idTokenUnreadable', {
        server,
        detail: `${idp.idTokenFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      }),
    );
  }
}

/** The ID token must be a JWT, issued to our IdP client, and not expired: the IdP would refuse it anyway, less clearly. */
export function checkIdToken(server: string, token: string, clientId: string, now: Date): void {
  const claims = decoded(token, () => say('auth.idTokenMalformed', { server }));
  const audiences = audiencesOf(claims);
  if (audiences.length > 0 && !audiences.includes(clientId))
    throw new CrossAppAccessError(say('auth.idTokenAudience', { server, audience: audiences.join(', '), clientId }));
  if (expired(claims, now))
    throw new CrossAppAccessError(
      say('auth.idTokenExpired', { server, time: new Date(claims.exp! * 1000).toISOString() }),
    );
}

/** The ID-JAG must be one, for this authorization server and this resource, and still valid: else it goes nowhere. */
export function checkIdJag(
  server: string,
  grant: string,
  ctx: Pick<CrossAppAccessContext, 'authorizationServerUrl' | 'resourceUrl'>,
  now: Date,
): void {
  let type: string | undefined;
  try {
    type = decodeProtectedHeader(grant).typ;
  } catch {
    type = undefined;
  }
  if (type !== ID_JAG_TYPE) throw new CrossAppAccessError(say('auth.idJagType', { type: type ?? '(not a JWT)' }));
  const claims = decoded(grant, () => say('auth.idJagType', { type: '(not a JWT)' }));
  const audiences = audiencesOf(claims);
  if (!audiences.some((aud) => sameUrl(aud, ctx.authorizationServerUrl)))
    throw new CrossAppAccessError(
      say('auth.idJagAudience', {
        audience: audiences.join(', ') || '(none)',
        server,
        issuer: ctx.authorizationServerUrl,
      }),
    );
  const resource = typeof claims.resource === 'string' ? claims.resource : undefined;
  if (resource !== undefined && !sameUrl(resource, ctx.resourceUrl))
    throw new CrossAppAccessError(say('auth.idJagResource', { named: resource, resource: ctx.resourceUrl }));
  if (expired(claims, now))
    throw new CrossAppAccessError(say('auth.idJagExpired', { time: new Date(claims.exp! * 1000).toISOString() }));
}

function decoded(token: string, malformed: () => ReturnType<typeof say>): JWTPayload {
  try {
    return decodeJwt(token);
  } catch {
    throw new CrossAppAccessError(malformed());
  }
}

const audiencesOf = (claims: JWTPayload): string[] =>
  claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud];

const expired = (claims: JWTPayload, now: Date): boolean =>
  typeof claims.exp === 'number' && claims.exp + CLOCK_SKEW_SECONDS <= now.getTime() / 1000;

function sameUrl(a: string, b: string): boolean {
  const norm = (s: string) => {
    try {
      return new URL(s).href.replace(/\/+$/, '');
    } catch {
      return s.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** An IdP's error body can be a whole HTML page: the first few hundred characters say what happened. */
const clipped = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
