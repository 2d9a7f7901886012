import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { shellEnv } from 'shell-env';
import { afterEach, describe, expect, it } from 'vitest';
import { loginShellPath, mergePaths } from './login-shell-path';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const p = (...entries: string[]) => entries.join(delimiter);

describe("the login shell's PATH for stdio servers", () => {
  it('puts the shell PATH first and keeps what only the app had', async () => {
    const path = await loginShellPath({
      platform: 'darwin',
      currentPath: p('/usr/bin', '/bin', '/Applications/Switchboard.app/bin'),
      shellEnv: async () => ({ PATH: p('/opt/homebrew/bin', '/Users/jo/.volta/bin', '/usr/bin', '/bin') }),
    });
    expect(path).toBe(
      p('/opt/homebrew/bin', '/Users/jo/.volta/bin', '/usr/bin', '/bin', '/Applications/Switchboard.app/bin'),
    );
    expect(mergePaths(p('a', '', 'b', 'a'), undefined)).toBe(p('a', 'b'));
  });

  it('keeps the current PATH on Windows, and when the shell fails or hangs (saying so)', async () => {
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    expect(
      await loginShellPath({ platform: 'win32', currentPath: 'x', shellEnv: async () => ({ PATH: 'y' }) }),
    ).toBeUndefined();
    expect(
      await loginShellPath({
        platform: 'linux',
        currentPath: 'x',
        shellEnv: () => Promise.reject(new Error('zsh: not found')),
        log,
      }),
    ).toBeUndefined();
    expect(
      await loginShellPath({
        platform: 'linux',
        currentPath: 'x',
        shellEnv: () => new Promise(() => undefined),
        timeoutMs: 20,
        log,
      }),
    ).toBeUndefined();
    expect(await loginShellPath({ platform: 'linux', currentPath: 'x', shellEnv: async () => ({}) })).toBeUndefined();
    expect(lines).toEqual([
      "[path] the login shell failed (zsh: not found); stdio servers get the app's PATH",
      "[path] the login shell did not answer within 20 ms; stdio servers get the app's PATH",
    ]);
  });

  // bash, as most operators' login shell is bash or zsh (dash's $_ holds shell-env's delimiter and cuts its output short).
  it.skipIf(process.platform === 'win32' || !existsSync('/bin/bash'))(
    'reads what a real login shell exports (shell-env, bash with a profile)',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'sb-home-'));
      dirs.push(home);
      writeFileSync(join(home, '.profile'), 'export PATH="/opt/sb-test-tools/bin:$PATH"\n');
      const before = process.env.HOME;
      process.env.HOME = home;
      try {
        const path = await loginShellPath({
          platform: process.platform,
          currentPath: '/usr/bin',
          shellEnv: () => shellEnv('/bin/bash'),
        });
        expect(path?.split(delimiter)[0]).toBe('/opt/sb-test-tools/bin');
        expect(path?.split(delimiter)).toContain('/usr/bin');
      } finally {
        process.env.HOME = before;
      }
    },
  );
});
