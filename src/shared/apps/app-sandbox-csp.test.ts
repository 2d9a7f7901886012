import { describe, expect, it } from 'vitest';
import {
  allowAttribute,
  appContentSecurityPolicy,
  cspSource,
  decodeAppCsp,
  encodeAppCsp,
  MAX_CSP_DOMAINS,
  readAppCsp,
  requestedPermissions,
} from './app-sandbox-csp';

describe("an MCP App's CSP", () => {
  it('defaults to none for network, frames and base-uri when the resource declares nothing', () => {
    const policy = appContentSecurityPolicy(readAppCsp(undefined).csp);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|\*/);
  });

  it('puts each declared origin in its directive', () => {
    const { csp, refused } = readAppCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.net'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://example.com'],
    });
    expect(refused).toEqual([]);
    const policy = appContentSecurityPolicy(csp);
    expect(policy).toContain('connect-src https://api.example.com wss://live.example.com:8443');
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.net");
    expect(policy).toContain("img-src 'self' data: blob: https://*.cdn.example.net");
    expect(policy).toContain('frame-src https://www.youtube.com');
    expect(policy).toContain('base-uri https://example.com');
  });

  it('refuses *, bare schemes, keywords, injected directives and plain http off loopback, naming each', () => {
    const hostile = [
      '*',
      'https:',
      'https://*',
      'https://*.com',
      "'unsafe-eval'",
      'https://a.com; script-src *',
      'http://evil.example.com',
      'data:',
      'javascript://x.com',
      'https://a.com https://b.com',
      'ftp://x.com',
      'https://ex*ample.com',
    ];
    const { csp, refused } = readAppCsp({ connectDomains: hostile, resourceDomains: hostile });
    expect(csp.connectDomains).toEqual([]);
    expect(csp.resourceDomains).toEqual([]);
    expect(refused).toHaveLength(hostile.length * 2);
    expect(refused.find((r) => r.value === '*')?.reason).toBe('wildcard');
    expect(refused.find((r) => r.value === 'http://evil.example.com')?.reason).toBe('insecure-scheme');
    const policy = appContentSecurityPolicy(csp);
    expect(policy).not.toMatch(/\*|unsafe-eval|evil/);
  });

  it('allows http and ws on loopback only, and keeps the origin without its path', () => {
    expect(cspSource('http://127.0.0.1:3000')).toEqual({ ok: true, source: 'http://127.0.0.1:3000' });
    expect(cspSource('ws://localhost:9000/')).toEqual({ ok: true, source: 'ws://localhost:9000' });
    expect(cspSource('https://api.example.com/v1/x').ok).toBe(false);
  });

  it('bounds each list', () => {
    const many = Array.from({ length: MAX_CSP_DOMAINS + 5 }, (_, i) => `https://h${i}.example.com`);
    const { csp, refused } = readAppCsp({ connectDomains: many });
    expect(csp.connectDomains).toHaveLength(MAX_CSP_DOMAINS);
    expect(refused.filter((r) => r.reason === 'too-many')).toHaveLength(5);
  });

  it('round-trips through the proxy URL, and reads anything malformed as none', () => {
    const { csp } = readAppCsp({ connectDomains: ['https://api.example.com'], wasmUnsafeEval: true });
    expect(decodeAppCsp(encodeAppCsp(csp))).toEqual(csp);
    expect(decodeAppCsp('!!!').connectDomains).toEqual([]);
    expect(decodeAppCsp(null).connectDomains).toEqual([]);
    // A hand-made query cannot smuggle in what the resource could not.
    const forged = btoa(JSON.stringify({ connectDomains: ['*'], resourceDomains: ["'unsafe-eval'"] }));
    expect(appContentSecurityPolicy(decodeAppCsp(forged))).not.toMatch(/\*|unsafe-eval/);
  });

  it('lists the known permissions asked for, and builds the allow attribute only from the granted ones', () => {
    expect(requestedPermissions({ camera: {}, clipboardWrite: {}, usb: {} })).toEqual(['camera', 'clipboardWrite']);
    expect(requestedPermissions('x')).toEqual([]);
    expect(allowAttribute(['camera', 'clipboardWrite'])).toBe('camera; clipboard-write');
    expect(allowAttribute([])).toBe('');
  });
});
