import { describe, expect, it } from 'vitest';
import { issuerCovers } from './oauth-provider';

describe('issuerCovers (RFC 8414 §3.3)', () => {
  it('accepts the URL the metadata was fetched for, with or without a trailing slash', () => {
    expect(issuerCovers('https://as.example/tenant1/', 'https://as.example/tenant1')).toBe(true);
  });

  it('accepts a same-origin issuer whose path leads the fetched path (a multi-tenant server)', () => {
    expect(issuerCovers('http://localhost:4000', 'http://localhost:4000/tenant1')).toBe(true);
  });

  it.each([
    ['https://login.attacker.example/', 'https://as.example/'],
    ['https://as.example:8443/', 'https://as.example/'],
    ['http://as.example/', 'https://as.example/'],
    ['https://as.example/tenant2', 'https://as.example/tenant1'],
    ['https://as.example/ten', 'https://as.example/tenant1'],
    ['https://as.example/tenant1/deeper', 'https://as.example/tenant1'],
    ['not a url', 'https://as.example/'],
  ])('refuses %s for %s', (issuer, fetched) => {
    expect(issuerCovers(issuer, fetched)).toBe(false);
  });

  it('lets the origin root speak for its whole origin only without protected resource metadata (2025-03-26 layout)', () => {
    expect(issuerCovers('http://localhost:4000/oauth', 'http://localhost:4000/', { legacyOrigin: true })).toBe(true);
    expect(issuerCovers('http://localhost:4000/oauth', 'http://localhost:4000/')).toBe(false);
    expect(issuerCovers('http://localhost:4001/oauth', 'http://localhost:4000/', { legacyOrigin: true })).toBe(false);
    expect(issuerCovers('http://localhost:4000/t2', 'http://localhost:4000/t1', { legacyOrigin: true })).toBe(false);
  });
});
