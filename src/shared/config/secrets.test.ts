import { describe, expect, it } from 'vitest';
import { httpServerSchema, type HttpServerConfig } from './schema';
import { isSecretField, maskSecret, maskServer, restoreServerSecrets, secretFields } from './secrets';

const TOKEN = 'sk-live-0123456789abcdef1234';
const http = (headers: Record<string, string>, auth?: Record<string, unknown>): HttpServerConfig =>
  httpServerSchema.parse({ name: 'tracker', url: 'https://tracker.example/mcp', headers, ...(auth && { auth }) });

describe('masking', () => {
  it('shows the scheme and the last 4 characters of a long secret, nothing of a short one', () => {
    expect(maskSecret(`Bearer ${TOKEN}`)).toBe('Bearer ••••1234');
    expect(maskSecret(`basic ${TOKEN}`)).toBe('basic ••••1234');
    expect(maskSecret(TOKEN)).toBe('••••1234');
    expect(maskSecret('Bearer hunter2')).toBe('Bearer ••••');
    expect(maskSecret('short')).toBe('••••');
  });

  it('masks every header value, secret-looking environment variables and OAuth secrets; not ${env:…} or a key file path', () => {
    expect(isSecretField(['headers', 'X-Tenant'], 'acme')).toBe(true);
    expect(isSecretField(['headers', 'Authorization'], 'Bearer ${env:TRACKER_TOKEN}')).toBe(false);
    expect(isSecretField(['headers', 'Authorization'], '${env:A} ${env:B}')).toBe(false);
    expect(isSecretField(['headers', 'Authorization'], 'Basic ${env:USER}:hunter2')).toBe(true);
    expect(isSecretField(['env', 'GITHUB_TOKEN'], 'ghp_x')).toBe(true);
    expect(isSecretField(['env', 'OPENAI_API_KEY'], 'sk-x')).toBe(true);
    expect(isSecretField(['env', 'DB_PASSWORD'], 'x')).toBe(true);
    expect(isSecretField(['env', 'LOG_LEVEL'], 'debug')).toBe(false);
    expect(isSecretField(['env', 'PATH'], '/usr/bin')).toBe(false);
    expect(isSecretField(['auth', 'clientSecret'], 'x')).toBe(true);
    expect(isSecretField(['auth', 'privateKey'], '/home/me/key.pem')).toBe(false);
    expect(isSecretField(['auth', 'privateKey'], '-----BEGIN PRIVATE KEY-----\nabc')).toBe(true);
    expect(isSecretField(['auth', 'clientId'], 'public-id')).toBe(false);
  });

  it('masks a copy and leaves the entry as it was', () => {
    const server = http(
      { Authorization: `Bearer ${TOKEN}`, 'X-Env': '${env:X}' },
      { clientId: 'id', clientSecret: 'cs-0123456789abcdefWXYZ' },
    );
    const masked = maskServer(server);
    expect(masked).toMatchObject({
      headers: { Authorization: 'Bearer ••••1234', 'X-Env': '${env:X}' },
      auth: { clientId: 'id', clientSecret: '••••WXYZ' },
    });
    expect(JSON.stringify(masked)).not.toContain(TOKEN);
    expect(server.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(secretFields(server).map((s) => s.path.join('.'))).toEqual(['headers.Authorization', 'auth.clientSecret']);
  });
});

describe('restoring what came back masked', () => {
  const stored = http({ Authorization: `Bearer ${TOKEN}`, 'X-Other': 'other-secret-value-00000' });

  it('puts back the literal behind an unchanged mask, and keeps what the operator typed', () => {
    const incoming = { ...maskServer(stored), headers: { Authorization: 'Bearer ••••1234', 'X-New': 'typed' } };
    const { server, problems } = restoreServerSecrets(incoming, stored);
    expect(problems).toEqual([]);
    expect(server.headers).toEqual({ Authorization: `Bearer ${TOKEN}`, 'X-New': 'typed' });
  });

  it('refuses a mask typed over, moved to another header, or sent with no stored entry', () => {
    expect(
      restoreServerSecrets({ ...stored, headers: { Authorization: 'Bearer ••••1234x' } }, stored).problems,
    ).toEqual([
      {
        path: 'headers.Authorization',
        message: expect.stringContaining('a masked value (••••) that matches no stored secret'),
        uiMessage: expect.objectContaining({
          code: 'secrets.unmatchedMaskIn',
          params: { field: 'Authorization', mask: '••••' },
        }),
      },
    ]);
    expect(
      restoreServerSecrets({ ...stored, headers: { 'X-Other': 'Bearer ••••1234' } }, stored).problems,
    ).toHaveLength(1);
    expect(restoreServerSecrets(maskServer(stored), undefined).problems.map((p) => p.path)).toEqual([
      'headers.Authorization',
      'headers.X-Other',
    ]);
  });

  it('refuses a mask moved where nothing is ever masked (a renamed variable, an argument, the url), so it is never written', () => {
    const stdio = {
      name: 'gh',
      command: 'node',
      args: [],
      enabled: true,
      env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnop5678' },
    };
    const shown = maskServer(stdio);
    expect(shown.env.GITHUB_TOKEN).toBe('••••5678');
    expect(restoreServerSecrets({ ...shown, env: { GH: '••••5678' } }, stdio).problems).toEqual([
      {
        path: 'env.GH',
        message: expect.stringContaining('matches no stored secret'),
        uiMessage: expect.objectContaining({ code: 'secrets.unmatchedMaskIn' }),
      },
    ]);
    expect(
      restoreServerSecrets({ ...shown, args: ['--token', '••••5678'] }, stdio).problems.map((p) => p.path),
    ).toEqual(['args.1']);
    const remote = maskServer(stored);
    expect(
      restoreServerSecrets({ ...remote, url: 'https://h.example/mcp?key=••••1234' }, stored).problems.map(
        (p) => p.path,
      ),
    ).toEqual(['url']);
  });
});
