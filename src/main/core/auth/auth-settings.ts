import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { AuthGrant, HttpServerConfig } from '../../../shared/config/schema';
import { expandEnvRefs, ServerConfigError } from '../mcp/server-endpoint';
import type { IdpSettings } from './cross-app-access';

/** A server's `auth:` block with `${env:NAME}` expanded and the private key loaded: what the provider works from. */
export interface ResolvedAuth {
  grant: AuthGrant;
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  /** Space-separated, as OAuth sends it. */
  scope?: string;
  privateKey?: { pem: string; algorithm: string };
  /** grant: cross_app_access. */
  idp?: IdpSettings;
}

/** Grants that need no browser: the token endpoint is asked directly, in the background as well. */
export const isMachineGrant = (grant: AuthGrant): boolean => grant !== 'authorization_code';

/** A JWT's three base64url parts: an ID token given inline (from `${env:…}`), not a file path. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * Resolves at connect time, so a secret is read from the environment (or a key file) only when needed and
 * never written back. Missing variables or an unreadable key are config errors: shown, not retried.
 */
export function resolveAuth(
  server: HttpServerConfig,
  env: Record<string, string | undefined>,
  baseDir: string = process.cwd(),
): ResolvedAuth {
  const auth = server.auth;
  if (!auth) return { grant: 'authorization_code' };
  const secrets: Record<string, string> = {};
  if (auth.clientSecret) secrets['auth.clientSecret'] = auth.clientSecret;
  if (auth.privateKey) secrets['auth.privateKey'] = auth.privateKey;
  if (auth.clientId) secrets['auth.clientId'] = auth.clientId;
  if (auth.idp) {
    secrets['auth.idp.clientId'] = auth.idp.clientId;
    secrets['auth.idp.idToken'] = auth.idp.idToken;
    if (auth.idp.clientSecret) secrets['auth.idp.clientSecret'] = auth.idp.clientSecret;
  }
  const expanded = expandEnvRefs(secrets, env);
  return {
    grant: auth.grant,
    clientId: expanded['auth.clientId'],
    clientSecret: expanded['auth.clientSecret'],
    clientMetadataUrl: auth.clientMetadataUrl,
    scope: auth.scopes?.length ? auth.scopes.join(' ') : undefined,
    privateKey:
      expanded['auth.privateKey'] !== undefined ? loadPrivateKey(expanded['auth.privateKey'], baseDir) : undefined,
    ...(auth.idp && { idp: idpSettings(auth.idp, expanded, baseDir) }),
  };
}

function idpSettings(
  idp: NonNullable<NonNullable<HttpServerConfig['auth']>['idp']>,
  expanded: Record<string, string>,
  baseDir: string,
): IdpSettings {
  const idToken = expanded['auth.idp.idToken'].trim();
  return {
    issuer: idp.issuer,
    tokenEndpoint: idp.tokenEndpoint,
    clientId: expanded['auth.idp.clientId'],
    clientSecret: expanded['auth.idp.clientSecret'],
    ...(JWT_SHAPE.test(idToken)
      ? { idToken }
      : { idTokenFile: isAbsolute(idToken) ? idToken : resolve(baseDir, idToken) }),
  };
}

/** A PEM given inline (from `${env:…}`) or a path to a PEM file; the JWT algorithm follows from the key type. */
function loadPrivateKey(value: string, baseDir: string): { pem: string; algorithm: string } {
  let pem = value.trim();
  if (!pem.startsWith('-----BEGIN')) {
    const path = isAbsolute(pem) ? pem : resolve(baseDir, pem);
    try {
      pem = readFileSync(path, 'utf8');
    } catch (error) {
      throw new ServerConfigError(
        `auth.privateKey: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ServerConfigError('auth.privateKey is not a PEM private key');
  }
  return {
    pem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    algorithm: algorithmFor(key.asymmetricKeyType, key.asymmetricKeyDetails?.namedCurve),
  };
}

function algorithmFor(type: string | undefined, curve: string | undefined): string {
  if (type === 'rsa' || type === 'rsa-pss') return type === 'rsa' ? 'RS256' : 'PS256';
  if (type === 'ec') {
    const byCurve: Record<string, string> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };
    const alg = curve ? byCurve[curve] : undefined;
    if (alg) return alg;
    throw new ServerConfigError(
      `auth.privateKey: the EC curve ${curve ?? '(unknown)'} has no JWT algorithm; use P-256, P-384 or P-521`,
    );
  }
  throw new ServerConfigError(
    `auth.privateKey: ${type ? `an ${type} key` : 'a key of unknown type'} cannot sign private_key_jwt here; use an RSA or EC key`,
  );
}
