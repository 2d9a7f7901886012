import { readFileSync } from 'node:fs';
import { discoverAndRequestJwtAuthGrant, requestJwtAuthorizationGrant } from '@modelcontextprotocol/client';
import type { AssertionCallback, CrossAppAccessContext } from '@modelcontextprotocol/client';
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

export function crossAppAssertion(server: string, idp: IdpSettings, now: () => Date): AssertionCallback {
  return async (ctx: CrossAppAccessContext) => {
    // jose, for the two checks, is loaded on the first exchange: not with the auth service at every start-up.
    const { checkIdJag, checkIdToken } = await import('./jwt-checks');
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

/** An IdP's error body can be a whole HTML page: the first few hundred characters say what happened. */
const clipped = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
