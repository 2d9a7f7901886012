import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ELECTRON_CSP, secureWindowOptions } from './window-options';

describe('Electron window security (static, runs without the binary)', () => {
  it('isolates the renderer', () => {
    const prefs = secureWindowOptions('/p/index.cjs').webPreferences!;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(prefs.preload).toBe('/p/index.cjs');
  });

  it('has a CSP without remote or inline script', () => {
    expect(ELECTRON_CSP).toContain("script-src 'self'");
    expect(ELECTRON_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });

  it('the entry blocks navigation and window.open and takes the single-instance lock', () => {
    const entry = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    expect(entry).toContain("'will-navigate'");
    expect(entry).toMatch(/setWindowOpenHandler\([\s\S]*action: 'deny'/);
    expect(entry).toContain('requestSingleInstanceLock');
  });

  it('the preload exposes only request and on', () => {
    const preload = readFileSync(new URL('../preload/index.ts', import.meta.url), 'utf8');
    expect(preload.match(/exposeInMainWorld/g)).toHaveLength(1);
    expect(preload).toMatch(/exposeInMainWorld\('api', \{\s*request:[\s\S]*on:/);
  });
});
