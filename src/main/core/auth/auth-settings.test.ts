import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServerSchema } from '../../../shared/config/schema';
import { ServerConfigError } from '../mcp';
import { resolveAuth } from './auth-settings';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-auth-settings-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const server = (auth: unknown) =>
  httpServerSchema.parse({ name: 'tracker', url: 'https://tracker.example.com/mcp', auth });
const pem = (type: 'rsa' | 'ec' | 'ed25519', curve?: string) =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: curve! })
      : generateKeyPairSync('ed25519')
  ).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

describe('resolving a server’s auth block at connect time', () => {
  it('expands ${env:…} secrets and joins scopes; no block means dynamic registration with the authorization code grant', () => {
    expect(resolveAuth(server(undefined), {})).toEqual({ grant: 'authorization_code' });
    expect(
      resolveAuth(server({ clientId: 'sb', clientSecret: '${env:TRACKER_SECRET}', scopes: ['a', 'b'] }), {
        TRACKER_SECRET: 's3cret',
      }),
    ).toEqual({
      grant: 'authorization_code',
      clientId: 'sb',
      clientSecret: 's3cret',
      clientMetadataUrl: undefined,
      scope: 'a b',
      privateKey: undefined,
    });
  });

  it('a missing variable is a config error (shown, not retried), naming where it is used', () => {
    expect(() => resolveAuth(server({ clientId: 'sb', clientSecret: '${env:NOPE}' }), {})).toThrow(
      new ServerConfigError('environment variable not set: NOPE (used in auth.clientSecret)'),
    );
  });

  it('reads the private key from ${env:…} or a file (relative to the config), and picks the JWT algorithm from the key', async () => {
    const rsa = pem('rsa');
    await writeFile(join(dir, 'key.pem'), rsa);
    const fromFile = resolveAuth(
      server({ grant: 'client_credentials', clientId: 'bot', privateKey: 'key.pem' }),
      {},
      dir,
    );
    expect(fromFile.privateKey).toMatchObject({ algorithm: 'RS256' });
    expect(fromFile.privateKey!.pem).toContain('BEGIN PRIVATE KEY');
    const ec = resolveAuth(server({ grant: 'client_credentials', clientId: 'bot', privateKey: '${env:KEY}' }), {
      KEY: pem('ec', 'P-256'),
    });
    expect(ec.privateKey!.algorithm).toBe('ES256');
    expect(
      resolveAuth(server({ grant: 'client_credentials', clientId: 'bot', privateKey: '${env:KEY}' }), {
        KEY: pem('ec', 'P-384'),
      }).privateKey!.algorithm,
    ).toBe('ES384');
  });

  it('an unreadable or unusable key is a clear config error', () => {
    const cc = (privateKey: string) => server({ grant: 'client_credentials', clientId: 'bot', privateKey });
    expect(() => resolveAuth(cc('missing.pem'), {}, dir)).toThrow(
      /auth\.privateKey: cannot read .*missing\.pem \(ENOENT\)/,
    );
    expect(() =>
      resolveAuth(cc('${env:KEY}'), { KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }),
    ).toThrow('auth.privateKey is not a PEM private key');
    expect(() => resolveAuth(cc('${env:KEY}'), { KEY: pem('ed25519') })).toThrow(
      /an ed25519 key cannot sign private_key_jwt here/,
    );
  });
});
