import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tests/support/mcp';
import { cliDataDir, terminalOpener } from './cli-auth';

let dir: string;
let recorder: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-auth-'));
  recorder = join(dir, 'record.mjs');
  // A stand-in browser that writes down the arguments it was started with.
  await writeFile(
    recorder,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], JSON.stringify(process.argv.slice(3)));\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined; // not written yet
  }
};

const URL_ = 'https://auth.example.com/authorize?client_id=a&state=b c';

describe('the terminal opener of `switchboard auth login`', () => {
  it('runs $BROWSER with the URL appended, and prints the URL too', async () => {
    const out = join(dir, 'appended.json');
    const lines: string[] = [];
    const opened = await terminalOpener({ stdout: () => undefined, stderr: (l) => lines.push(l) }, 'tracker', {
      BROWSER: `"${process.execPath}" ${recorder} ${out}`,
    })(URL_);
    expect(opened).toBe(true);
    expect(lines).toEqual([`Sign in at: ${URL_}`]);
    expect(await waitFor(() => readJson(out), 5_000, 'the browser to start')).toEqual([URL_]);
  });

  it('puts the URL where $BROWSER says %s, and takes the first of a colon-separated list', async () => {
    const out = join(dir, 'placed.json');
    await terminalOpener({ stdout: () => undefined, stderr: () => undefined }, 'tracker', {
      BROWSER: `${process.execPath} ${recorder} ${out} --url=%s --new-tab:firefox`,
    })(URL_);
    expect(await waitFor(() => readJson(out), 5_000, 'the browser to start')).toEqual([`--url=${URL_}`, '--new-tab']);
  });

  it('when no browser can start, says so and leaves the printed URL to the operator', async () => {
    const lines: string[] = [];
    const opened = await terminalOpener({ stdout: () => undefined, stderr: (l) => lines.push(l) }, 'tracker', {
      BROWSER: join(dir, 'no-such-browser'),
    })(URL_);
    expect(opened).toBe(false);
    expect(lines).toEqual([
      `Sign in at: ${URL_}`,
      `Could not start ${join(dir, 'no-such-browser')}; open the address above in a browser.`,
    ]);
  });
});

describe('the terminal opener refuses what the URL gate refuses', () => {
  it.each([
    'file:///home/op/Desktop/evil.desktop',
    'smb://attacker.example/share',
    'search-ms:query=invoice&crumb=location:\\\\attacker\\share',
    'http://auth.example.com/authorize',
  ])('%s: neither printed nor handed to $BROWSER, and the refusal names the server', async (url) => {
    const out = join(dir, `refused-${Buffer.from(url).toString('hex').slice(0, 16)}.json`);
    const lines: string[] = [];
    const open = terminalOpener({ stdout: () => undefined, stderr: (l) => lines.push(l) }, 'tracker', {
      BROWSER: `"${process.execPath}" ${recorder} ${out}`,
    });
    await expect(open(url)).rejects.toThrow(/refused a URL from tracker/);
    expect(lines).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(readJson(out)).toBeUndefined();
  });
});

describe('where CLI commands keep tokens', () => {
  it('--data-dir, else $SWITCHBOARD_DATA_DIR, else ~/.switchboard: never the directory of --config', () => {
    expect(cliDataDir({ dataDir: '/d' }, { SWITCHBOARD_DATA_DIR: '/e' })).toBe('/d');
    expect(cliDataDir({}, { SWITCHBOARD_DATA_DIR: '/e' })).toBe('/e');
    expect(cliDataDir({}, {})).toBe(join(homedir(), '.switchboard'));
  });
});
