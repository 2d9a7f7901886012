import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { electronBinary, locateElectronPackage, platformExecutable } from './electron-launch';

/**
 * `npm start` for real: it builds, ensures Electron and launches it, or falls back. The tests build into out/, so
 * they run one after the other in this file. Windows can't run a script as electron.exe: skipped there. Where a real
 * Electron is installed, the installer tests are skipped: they never touch a real install.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm start -- args` (or another script) in its own process group, so the whole tree can be stopped; resolves on exit. */
function npmStart(args: string[], env: NodeJS.ProcessEnv, script = 'start') {
  const child = spawn(npm, [...(script === 'start' ? ['start'] : ['run', script]), '--', ...args], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => killGroup(child));
  return { child, exited, output: () => output };
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function waitFor(condition: () => boolean, what: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Everything but what decides the launch; DISPLAY is set (to a display that is never opened). */
function baseEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: ':99', BROWSER: 'none', ...extra };
  for (const key of [
    'ELECTRON_OVERRIDE_DIST_PATH',
    'ELECTRON_RUN_AS_NODE',
    'SWITCHBOARD_DATA_DIR',
    'npm_config_platform',
    'npm_config_arch',
  ])
    if (!(key in extra)) delete env[key];
  return env;
}

/** A fake Electron dist: an executable that runs `body` (Node) with `record` as the file to write to. */
function fakeDist(body: (record: string) => string): { dist: string; record: string } {
  const dist = tempDir('sb-fake-dist-');
  const record = join(dist, 'launched.json');
  const fake = join(dist, platformExecutable(process.platform));
  mkdirSync(join(fake, '..'), { recursive: true });
  writeFileSync(fake, `#!${process.execPath}\n${body(JSON.stringify(record))}\n`);
  chmodSync(fake, 0o755);
  return { dist, record };
}

describe.skipIf(process.platform === 'win32')('npm start', () => {
  it(
    'launches the Electron given by ELECTRON_OVERRIDE_DIST_PATH with the built app and the arguments passed on',
    { timeout: 180_000 },
    async () => {
      // An executable that records how it was launched, then exits like an app the user closed.
      const { dist, record } = fakeDist(
        (file) =>
          `require('fs').writeFileSync(${file}, JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() }));`,
      );
      const dataDir = tempDir('sb-start-data-');

      const run = npmStart([`--data-dir=${dataDir}`], baseEnv({ ELECTRON_OVERRIDE_DIST_PATH: dist }));
      expect(await run.exited, run.output()).toBe(0);

      const launched = JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; cwd: string };
      expect(launched.argv).toEqual([root, `--data-dir=${dataDir}`]);
      // "The app" is that folder: its package.json main is the entry the build just wrote.
      const main = (JSON.parse(readFileSync(join(launched.argv[0], 'package.json'), 'utf8')) as { main: string }).main;
      expect(main).toBe('out/main/index.js');
      expect(existsSync(join(root, main))).toBe(true);
      expect(run.output()).not.toMatch(/Falling back/);
    },
  );

  const installed = (() => {
    const pkg = locateElectronPackage();
    const binary = pkg && electronBinary(pkg, {}, process.platform);
    return Boolean(binary && existsSync(binary));
  })();
  it.skipIf(installed)(
    'runs the electron installer where the binary is missing; when it fails, says why and serves the headless console',
    { timeout: 180_000 },
    async () => {
      // A mirror that has nothing: the real installer asks it for the zip and gets a 404.
      const asked: string[] = [];
      const mirror: Server = createServer((req, res) => {
        asked.push(req.url ?? '');
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => mirror.close(() => resolve())));
      const port = (mirror.address() as AddressInfo).port;
      const dataDir = tempDir('sb-start-data-');

      const run = npmStart(
        [`--data-dir=${dataDir}`],
        baseEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: tempDir('sb-electron-cache-') }),
      );
      await waitFor(() => /Switchboard console: http:\/\/127\.0\.0\.1:\d+/.test(run.output()), run.output, 150_000);

      const pkg = locateElectronPackage()!;
      expect(asked.some((url) => url.includes(`electron-v${pkg.version}-${process.platform}-`))).toBe(true);
      expect(run.output()).toMatch(/running its installer \(install-electron\)/);
      expect(run.output()).toMatch(
        /Electron can't start here: the Electron installer \(install-electron\) failed with exit code 1/,
      );
      expect(run.output()).toMatch(/Falling back to the headless console/);
      expect(run.output()).toContain(`Data directory: ${dataDir}`);
      // The console it fell back to answers.
      const url = /Switchboard console: (\S+)/.exec(run.output())![1];
      expect((await fetch(url)).status).toBe(200);

      run.child.kill('SIGTERM'); // npm passes it on to start.ts, which passes it on to the console
      await run.exited;
    },
  );

  it.skipIf(installed)(
    'where the binary is missing, runs the real installer, which installs a dist and writes path.txt, then launches that dist',
    { timeout: 180_000 },
    async () => {
      // The success path end to end: the electron package's own installer downloads a (fake) Electron from a local
      // mirror, checks it against the mirror's SHASUMS256.txt, unpacks it into node_modules/electron/dist and writes
      // path.txt; `npm start` then launches what path.txt names. A launcher that gave up whenever path.txt was
      // missing would fall back to the console here instead.
      const pkg = locateElectronPackage()!;
      const pathTxt = join(pkg.dir, 'path.txt');
      const distDir = join(pkg.dir, 'dist');
      expect(existsSync(pathTxt) || existsSync(distDir), 'an Electron install was already there').toBe(false);
      cleanups.push(() => {
        rmSync(pathTxt, { force: true });
        rmSync(distDir, { recursive: true, force: true });
      });
      const staging = tempDir('sb-fake-zip-');
      const marker = join(tempDir('sb-marker-'), 'launched.json');
      writeFileSync(
        join(staging, platformExecutable(process.platform)),
        `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(marker)}, JSON.stringify({ argv: process.argv.slice(2), binary: process.argv[1] }));\n`,
        { mode: 0o755 },
      );
      writeFileSync(join(staging, 'version'), `v${pkg.version}`);
      const zipName = `electron-v${pkg.version}-${process.platform}-${process.arch}.zip`;
      const zipped = spawnSync(
        'zip',
        ['-q', '-X', join(staging, zipName), platformExecutable(process.platform), 'version'],
        { cwd: staging },
      );
      expect(zipped.status, String(zipped.stderr)).toBe(0);
      const zip = readFileSync(join(staging, zipName));
      const sums = `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`;
      const asked: string[] = [];
      const mirror: Server = createServer((req, res) => {
        asked.push(req.url ?? '');
        if (req.url?.endsWith(`/${zipName}`)) res.writeHead(200, { 'Content-Type': 'application/zip' }).end(zip);
        else if (req.url?.endsWith('/SHASUMS256.txt')) res.writeHead(200).end(sums);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => mirror.close(() => resolve())));
      const port = (mirror.address() as AddressInfo).port;
      const dataDir = tempDir('sb-start-data-');

      const run = npmStart(
        [`--data-dir=${dataDir}`],
        baseEnv({
          ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
          electron_use_remote_checksums: '1',
          electron_config_cache: tempDir('sb-electron-cache-'),
        }),
      );
      // A fallback would serve the console until stopped: fail as soon as it says so, not at the timeout.
      let exited = false;
      void run.exited.then(() => (exited = true));
      const fellBack = waitFor(() => exited || /Falling back/.test(run.output()), run.output, 170_000).then(
        () => 'fell back to the console',
      );
      expect(await Promise.race([run.exited, fellBack]), run.output()).toBe(0);

      expect(asked.some((url) => url.endsWith(`/${zipName}`))).toBe(true);
      expect(readFileSync(pathTxt, 'utf8')).toBe(platformExecutable(process.platform));
      const launched = JSON.parse(readFileSync(marker, 'utf8')) as { argv: string[]; binary: string };
      expect(launched.binary).toBe(join(distDir, platformExecutable(process.platform)));
      expect(launched.argv).toEqual([root, `--data-dir=${dataDir}`]);
      expect(run.output()).toMatch(/running its installer \(install-electron\)/);
      expect(run.output()).not.toMatch(/Falling back|can't start/);
    },
  );

  it(
    "npm run dev runs electron-vite against the ensured binary, and the dev page may run Vite's inline preamble",
    { timeout: 180_000 },
    async () => {
      // The fake fetches the page electron-vite tells it to load, as the window would, then exits (which ends dev).
      const { dist, record } = fakeDist(
        (file) => `(async () => {
  const url = process.env.ELECTRON_RENDERER_URL;
  const html = await (await fetch(url)).text();
  require('fs').writeFileSync(${file}, JSON.stringify({ argv: process.argv.slice(2), url, html }));
})();`,
      );
      const run = npmStart([], baseEnv({ ELECTRON_OVERRIDE_DIST_PATH: dist }), 'dev');
      expect(await run.exited, run.output()).toBe(0);
      const launched = JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; url: string; html: string };
      expect(launched.url).toMatch(/^http:\/\/localhost:\d+/);
      const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(launched.html)?.[1] ?? '';
      // React Fast Refresh's preamble is an inline module script: only the dev page's CSP lets it run.
      expect(launched.html).toMatch(/<script type="module">[^<]*(RefreshRuntime|@react-refresh)/);
      expect(meta).toContain("script-src 'self' 'unsafe-inline'");
      expect(meta).toContain('ws://localhost:*');
    },
  );
});
