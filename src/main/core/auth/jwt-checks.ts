import type { CrossAppAccessContext } from '@modelcontextprotocol/client';
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { say } from '../../../shared/messages';
import { CrossAppAccessError } from './cross-app-access';

/** The checks cross_app_access makes on the two tokens it handles (see cross-app-access.ts). */

const ID_JAG_TYPE = 'oauth-id-jag+jwt';
/** Clock difference tolerated between this machine and the IdP when judging `exp`. */
const CLOCK_SKEW_SECONDS = 30;

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
