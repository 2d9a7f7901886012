import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../electron.vite.config';
import { devMetaCsp, ELECTRON_CSP, rendererCsp, secureWindowOptions } from './window-options';

describe('Electron window security (static, runs without the binary)', () => {
  it('isolates the renderer', () => {
    const prefs = secureWindowOptions('/p/index.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // On for MCP Apps' sandbox only: the guard that refuses every other <webview> is tested as behaviour in
      // desktop/app-webview-guard.test.ts and tests/reliability/electron-security.test.ts.
      webviewTag: true,
    });
    expect(prefs.preload).toBe('/p/index.cjs');
  });

  it('has a CSP without remote or inline script', () => {
    expect(ELECTRON_CSP).toContain("script-src 'self'");
    expect(ELECTRON_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });

  it("relaxes the CSP for Vite's dev server only: its inline Fast Refresh preamble and its HMR socket", () => {
    const dev = rendererCsp('http://localhost:5173/');
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(dev).not.toMatch(/unsafe-eval|\*/);
    expect(rendererCsp()).toBe(ELECTRON_CSP);
    expect(ELECTRON_CSP).not.toMatch(/unsafe-inline'[^;]*;[^;]*style|script-src[^;]*unsafe-inline|ws:/);

    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8');
    const meta = (page: string) => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(meta(html)).toContain("script-src 'self';");
    expect(meta(devMetaCsp(html))).toContain("script-src 'self' 'unsafe-inline';");
    expect(meta(devMetaCsp(html))).toContain("connect-src 'self' ws://localhost:* ws://127.0.0.1:*;");
    // The page's meta loosening is a Vite plugin that runs under the dev server only, never in a build.
    const renderer = (viteConfig as { renderer: { plugins: { name?: string; apply?: string }[] } }).renderer;
    expect(renderer.plugins.find((plugin) => plugin.name === 'switchboard-dev-csp')?.apply).toBe('serve');
  });
  // What index.ts and the preload do with these (navigation, window.open, permissions, the bridge) is tested as
  // behaviour through Electron's ports in tests/reliability/electron-security.test.ts.
});
