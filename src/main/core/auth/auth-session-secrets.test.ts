import { describe, expect, it } from 'vitest';
import { AuthSession } from './auth-session';
import { OAuthStore } from './oauth-store';
import { memorySecrets } from '../../../../tests/support/memory-secrets';

describe('an OAuth session remembers the tokens it handed out', () => {
  it('the stored tokens and a registered client secret, and a refreshed-away token for a while', async () => {
    const store = new OAuthStore(memorySecrets());
    const resource = 'https://t.example/mcp';
    const session = new AuthSession(
      'tracker',
      resource,
      { grant: 'authorization_code' },
      { store, now: () => new Date(), log: () => {} },
    );
    expect(session.secrets()).toEqual([]);
    await store.update('tracker', resource, (s) => ({
      ...s,
      tokens: { access_token: 'at-first-0123456789', token_type: 'Bearer', refresh_token: 'rt-first-0123456789' },
      client: { client_id: 'c1', client_secret: 'cs-0123456789' },
    }));
    expect(session.secrets()).toEqual(['at-first-0123456789', 'rt-first-0123456789', 'cs-0123456789']);
    await store.update('tracker', resource, (s) => ({
      ...s,
      tokens: { access_token: 'at-second-0123456789', token_type: 'Bearer', refresh_token: 'rt-second-0123456789' },
    }));
    expect(session.secrets()).toEqual([
      'at-first-0123456789',
      'rt-first-0123456789',
      'cs-0123456789',
      'at-second-0123456789',
      'rt-second-0123456789',
    ]);
    // Another server's tokens are not this one's.
    await store.update('other', resource, (s) => ({
      ...s,
      tokens: { access_token: 'at-other-0123456789', token_type: 'Bearer' },
    }));
    expect(session.secrets()).not.toContain('at-other-0123456789');
    for (let i = 0; i < 20; i++)
      await store.update('tracker', resource, (s) => ({
        ...s,
        tokens: { access_token: `at-${i}-0123456789`, token_type: 'Bearer' },
      }));
    expect(session.secrets()).toHaveLength(12);
    expect(session.secrets().at(-1)).toBe('at-19-0123456789');
    session.dispose();
  });
});
