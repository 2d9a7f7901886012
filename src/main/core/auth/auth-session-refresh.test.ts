import { describe, expect, it } from 'vitest';
import type { UiMessage } from '../../../shared/i18n-message';
import { AuthSession } from './auth-session';
import { OAuthStore } from './oauth-store';
import { memorySecrets } from '../../../../tests/support/memory-secrets';

const resource = 'https://t.example/mcp';
async function sessionWithExpiringToken(fetch: typeof globalThis.fetch) {
  const store = new OAuthStore(memorySecrets());
  // A token at the end of its life: the refresh is due at once.
  await store.update('tracker', resource, (s) => ({
    ...s,
    obtainedAt: new Date(Date.now() - 3_600_000).toISOString(),
    tokens: { access_token: 'at-0123456789', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt-0123456789' },
    client: { client_id: 'c1' },
  }));
  const logged: string[] = [];
  const session = new AuthSession(
    'tracker',
    resource,
    { grant: 'authorization_code' },
    { store, now: () => new Date(), log: (line) => logged.push(line), fetch },
  );
  return { session, logged };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('a token refresh that fails', () => {
  it('kept as a code for the Servers card: failed, saying why (nothing answered the refresh; the v2 SDK reports the network error)', async () => {
    const { session } = await sessionWithExpiringToken(async () => {
      throw new TypeError('fetch failed');
    });
    session.forAttempt().connected();
    await expect.poll(() => session.lastError, { timeout: 5_000 }).toBeDefined();
    expect(session.lastError).toMatchObject({
      code: 'auth.refreshFailed',
      text: expect.stringContaining('fetch failed'),
    });
    session.dispose();
  });

  it('kept as a code, our own refusal nested as its code (no PKCE); the log keeps the English', async () => {
    const { session, logged } = await sessionWithExpiringToken(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('oauth-protected-resource'))
        return json({ resource, authorization_servers: ['https://as.example'] });
      if (url.startsWith('https://as.example/.well-known/'))
        return json({
          issuer: 'https://as.example',
          authorization_endpoint: 'https://as.example/authorize',
          token_endpoint: 'https://as.example/token',
          response_types_supported: ['code'],
        });
      return new Response('not found', { status: 404 });
    });
    session.forAttempt().connected();
    await expect.poll(() => session.lastError, { timeout: 5_000 }).toBeDefined();
    const failed = session.lastError as UiMessage;
    expect(failed).toMatchObject({
      code: 'auth.refreshFailed',
      params: { detail: { code: 'auth.pkceUnsupported', params: { issuer: 'https://as.example' } } },
    });
    expect(failed.text).toBe(
      'refreshing the access token failed: the authorization server https://as.example does not advertise PKCE with S256 (code_challenge_methods_supported); refusing to sign in',
    );
    expect(logged).toContain(`[auth] tracker: ${failed.text}`);
    session.dispose();
  });
});
