import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { CrossAppAccessError } from './cross-app-access';
import { checkIdJag, checkIdToken } from './jwt-checks';

/** The checks on the two tokens of cross-app access, on tokens signed as an IdP signs them (ES256). */
const NOW = new Date('2026-12-05T02:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const ctx = { authorizationServerUrl: 'https://as.example.com', resourceUrl: 'https://mcp.example.com/mcp' };

async function jwt(claims: JWTPayload, typ?: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', ...(typ && { typ }) }).sign(privateKey);
}
const jag = (claims: JWTPayload = {}, typ = 'oauth-id-jag+jwt') =>
  jwt(
    {
      iss: 'https://idp.example.com',
      sub: 'op',
      aud: 'https://as.example.com/',
      resource: ctx.resourceUrl,
      exp: seconds(NOW) + 300,
      ...claims,
    },
    typ,
  );

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CrossAppAccessError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('the ID-JAG the IdP answers with', () => {
  it('is accepted for this authorization server (trailing slash or not) and resource, while valid', async () => {
    expect(() => checkIdJag('crm', 'x', ctx, NOW)).toThrow(CrossAppAccessError);
    const grant = await jag();
    expect(() => checkIdJag('crm', grant, ctx, NOW)).not.toThrow();
    expect(() => checkIdJag('crm', grant, ctx, new Date(NOW.getTime() + 320_000))).not.toThrow(); // within the 30 s skew
  });

  it('is refused, never sent on: another type, another audience, another resource, expired', async () => {
    expect(refusal(() => checkIdJag('crm', 'not.a.jwt', ctx, NOW))).toBe(
      'the identity provider answered with a token of type (not a JWT), not an ID-JAG (oauth-id-jag+jwt); it was not sent on',
    );
    const plain = await jag({}, 'JWT');
    expect(refusal(() => checkIdJag('crm', plain, ctx, NOW))).toContain('a token of type JWT, not an ID-JAG');
    const elsewhere = await jag({ aud: ['https://as.attacker.example', 'https://as2.example'] });
    expect(refusal(() => checkIdJag('crm', elsewhere, ctx, NOW))).toBe(
      "the identity provider issued a grant for https://as.attacker.example, https://as2.example, not for crm's authorization server https://as.example.com; it was not sent on",
    );
    const otherResource = await jag({ resource: 'https://mcp.example.com/other' });
    expect(refusal(() => checkIdJag('crm', otherResource, ctx, NOW))).toContain(
      'for the resource https://mcp.example.com/other, not https://mcp.example.com/mcp',
    );
    const stale = await jag({ exp: seconds(NOW) - 60 });
    expect(refusal(() => checkIdJag('crm', stale, ctx, NOW))).toBe(
      `the grant from the identity provider had expired at ${new Date((seconds(NOW) - 60) * 1000).toISOString()} when it arrived; check the clocks of this machine and the IdP`,
    );
  });
});

describe('the ID token sent to the IdP', () => {
  it('must be a JWT for our IdP client (one audience of several will do) and unexpired', async () => {
    const good = await jwt({ aud: ['other', 'sb-at-idp'], exp: seconds(NOW) + 60 });
    expect(() => checkIdToken('crm', good, 'sb-at-idp', NOW)).not.toThrow();
    expect(refusal(() => checkIdToken('crm', 'opaque-token', 'sb-at-idp', NOW))).toContain('is not a JWT');
    const expired = await jwt({ aud: 'sb-at-idp', exp: seconds(NOW) - 31 });
    expect(refusal(() => checkIdToken('crm', expired, 'sb-at-idp', NOW))).toContain('the ID token for crm expired at');
  });
});
