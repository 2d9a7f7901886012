import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config/schema';
import { redactSecrets, secretValuesOf, withIssuedSecrets } from './redact-secrets';

const stdio = (env: Record<string, string>) =>
  ({ name: 'gh', command: 'node', args: [], enabled: true, env }) as ServerConfig;
const http = (headers: Record<string, string>) =>
  ({ name: 'tracker', url: 'https://t.example/mcp', enabled: true, headers }) as unknown as ServerConfig;

describe('the secrets a server is given, and what it echoes of them', () => {
  it('takes secret-named variables and header credentials as the server receives them, ${env:NAME} expanded', () => {
    const values = secretValuesOf(
      stdio({ GITHUB_TOKEN: 'ghp_abcdefghijklmnop5678', API_KEY: '${env:SVC}', LOG_LEVEL: 'debugging-verbose' }),
      { SVC: 'svc-0123456789' },
    );
    expect(values).toEqual(['ghp_abcdefghijklmnop5678', 'svc-0123456789']);
    expect(secretValuesOf(http({ Authorization: 'Bearer ${env:TOK}' }), { TOK: 'tok-abcdefghijklmnopqrst' })).toEqual([
      'Bearer tok-abcdefghijklmnopqrst',
      'tok-abcdefghijklmnopqrst',
    ]);
    expect(secretValuesOf(stdio({ TOKEN: 'short' }), {})).toEqual([]); // too short to redact wherever it appears
  });

  it('masks each occurrence, the longest value first', () => {
    const secrets = secretValuesOf(http({ Authorization: 'Bearer tok-abcdefghijklmnopqrst' }), {});
    expect(
      redactSecrets('sent "Bearer tok-abcdefghijklmnopqrst"; token tok-abcdefghijklmnopqrst refused', secrets),
    ).toBe('sent "Bearer ••••qrst"; token ••••qrst refused');
    expect(redactSecrets('nothing here', secrets)).toBe('nothing here');
  });
});

describe('secrets issued at run time (OAuth tokens)', () => {
  it('join the configured ones, longest first, without duplicates or values too short to redact', () => {
    const configured = ['ghp_abcdefghijklmnop5678'];
    expect(withIssuedSecrets(configured, undefined)).toBe(configured);
    expect(withIssuedSecrets(configured, ['short', 'ghp_abcdefghijklmnop5678'])).toBe(configured);
    expect(withIssuedSecrets(configured, ['at-0123456789', 'rt-0123456789abcdefghijklmnopqrstuv'])).toEqual([
      'rt-0123456789abcdefghijklmnopqrstuv',
      'ghp_abcdefghijklmnop5678',
      'at-0123456789',
    ]);
  });
});
