import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  displayProblem,
  electronBinary,
  ensureElectron,
  platformExecutable,
  runInherited,
  type CommandPlan,
  type ElectronPackage,
} from './electron-launch';
import { buildPlan, devPlan, electronAppPlan, electronViteCli, headlessPlan } from './launch-plans';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakePackage(): ElectronPackage {
  const dir = mkdtempSync(join(tmpdir(), 'sb-electron-pkg-'));
  dirs.push(dir);
  return { dir, version: '45.5.0' };
}

/** What the real installer leaves behind: dist/<binary> and path.txt naming it. */
function install(pkg: ElectronPackage, name = 'electron') {
  mkdirSync(join(pkg.dir, 'dist'), { recursive: true });
  writeFileSync(join(pkg.dir, 'dist', name), '');
  writeFileSync(join(pkg.dir, 'path.txt'), name);
}

const DISPLAY = { DISPLAY: ':0' };

describe('the Electron launch decision (npm start, npm run dev, the electron Playwright project)', () => {
  it('names the executable the way the package installer does', () => {
    expect(platformExecutable('linux')).toBe('electron');
    expect(platformExecutable('win32')).toBe('electron.exe');
    expect(platformExecutable('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
  });

  it('needs a display on Linux only', () => {
    expect(displayProblem({}, 'linux')).toMatch(/no display/);
    expect(displayProblem({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
    expect(displayProblem({ DISPLAY: ':1' }, 'linux')).toBeUndefined();
    expect(displayProblem({}, 'win32')).toBeUndefined();
    expect(displayProblem({}, 'darwin')).toBeUndefined();
  });

  it('runs the installer where path.txt is missing, then launches what it installed', async () => {
    const pkg = fakePackage();
    const ran: CommandPlan[] = [];
    const decision = await ensureElectron({
      electronPackage: pkg,
      env: DISPLAY,
      platform: 'linux',
      runInstaller: async (plan) => (ran.push(plan), install(pkg), 0),
    });
    expect(decision).toEqual({ ok: true, binary: join(pkg.dir, 'dist', 'electron'), installed: true });
    // The package's own installer (its install-electron bin), run by this Node, no shell.
    expect(ran).toEqual([{ command: process.execPath, args: [join(pkg.dir, 'install.js')], env: DISPLAY }]);
  });

  it('does not run the installer when the binary is there, or when there is no display to show it on', async () => {
    const pkg = fakePackage();
    install(pkg);
    const never = async () => expect.unreachable('the installer must not run') as never;
    expect(
      await ensureElectron({ electronPackage: pkg, env: DISPLAY, platform: 'linux', runInstaller: never }),
    ).toEqual({
      ok: true,
      binary: join(pkg.dir, 'dist', 'electron'),
      installed: false,
    });
    const bare = fakePackage();
    expect(await ensureElectron({ electronPackage: bare, env: {}, platform: 'linux', runInstaller: never })).toEqual({
      ok: false,
      reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    });
  });

  it('reports a failed installer, an installer that left no binary, and a missing package', async () => {
    const pkg = fakePackage();
    expect(
      await ensureElectron({ electronPackage: pkg, env: DISPLAY, platform: 'linux', runInstaller: async () => 1 }),
    ).toEqual({
      ok: false,
      reason: 'the Electron installer (install-electron) failed with exit code 1; the binary could not be downloaded',
    });
    const empty = await ensureElectron({
      electronPackage: pkg,
      env: DISPLAY,
      platform: 'linux',
      runInstaller: async () => 0,
    });
    expect(empty).toMatchObject({ ok: false, reason: expect.stringMatching(/installer finished, but no binary/) });
    const thrown = await ensureElectron({
      electronPackage: pkg,
      env: DISPLAY,
      platform: 'linux',
      runInstaller: () => Promise.reject(new Error('spawn EACCES')),
    });
    expect(thrown).toEqual({ ok: false, reason: 'the Electron installer could not run (spawn EACCES)' });
    expect(await ensureElectron({ electronPackage: null, env: DISPLAY })).toEqual({
      ok: false,
      reason: 'the electron package is not installed (run npm ci)',
    });
    expect(await ensureElectron({ electronPackage: pkg, env: DISPLAY, platform: 'linux', install: false })).toEqual({
      ok: false,
      reason: 'the Electron 45.5.0 binary is not installed',
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the package does, without installing', async () => {
    const pkg = fakePackage();
    const dist = mkdtempSync(join(tmpdir(), 'sb-electron-dist-'));
    dirs.push(dist);
    const env = { ...DISPLAY, ELECTRON_OVERRIDE_DIST_PATH: dist };
    const never = async () => expect.unreachable('the installer must not run') as never;
    expect(await ensureElectron({ electronPackage: pkg, env, platform: 'linux', runInstaller: never })).toEqual({
      ok: false,
      reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${join(dist, 'electron')} does not exist`,
    });
    writeFileSync(join(dist, 'electron'), '');
    expect(await ensureElectron({ electronPackage: pkg, env, platform: 'linux', runInstaller: never })).toEqual({
      ok: true,
      binary: join(dist, 'electron'),
      installed: false,
    });
    // path.txt, when present, names the executable inside the override too (the package's index.js does the same).
    writeFileSync(join(pkg.dir, 'path.txt'), 'custom-name');
    expect(electronBinary(pkg, env, 'linux')).toBe(join(dist, 'custom-name'));
    expect(electronBinary(fakePackage(), env, 'win32')).toBe(join(dist, 'electron.exe'));
  });
});

describe('command construction (Windows: no shell, paths with spaces intact)', () => {
  const root = process.cwd();
  const nodeOnWindows = 'C:\\Program Files\\nodejs\\node.exe';
  const env = { PATH: 'x' };

  it('runs every JavaScript entry with node.exe itself, as one argv element, never through npx or cmd.exe', () => {
    const build = buildPlan(root, nodeOnWindows, env);
    expect(build).toEqual({
      command: nodeOnWindows,
      args: [electronViteCli(root), 'build', '--logLevel', 'warn'],
      env,
    });
    expect(build.args[0]).toMatch(/electron-vite[\\/]bin[\\/]electron-vite\.js$/);
    expect(headlessPlan(root, nodeOnWindows, ['--data-dir=C:\\My Data'], env)).toEqual({
      command: nodeOnWindows,
      args: [join(root, 'bin', 'switchboard.mjs'), 'serve', '--open', '--data-dir=C:\\My Data'],
      env,
    });
  });

  it('launches electron.exe with the app folder, and points electron-vite dev at the ensured binary', () => {
    const binary = 'C:\\Users\\Jo Doe\\app\\node_modules\\electron\\dist\\electron.exe';
    expect(electronAppPlan(binary, 'C:\\Users\\Jo Doe\\app', ['--data-dir=D:\\x y'], env)).toEqual({
      command: binary,
      args: ['C:\\Users\\Jo Doe\\app', '--data-dir=D:\\x y'],
      env,
    });
    const dev = devPlan(root, nodeOnWindows, binary, [], env);
    expect(dev.command).toBe(nodeOnWindows);
    expect(dev.args.slice(1)).toEqual(['dev']);
    expect(dev.env).toEqual({ PATH: 'x', ELECTRON_EXEC_PATH: binary });
  });

  it('spawns without a shell: an executable under a path with spaces gets its arguments byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb dir with spaces '));
    dirs.push(dir);
    const script = join(dir, 'record args.cjs');
    const out = join(dir, 'args.json');
    writeFileSync(script, `require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.argv.slice(2)))`);
    chmodSync(script, 0o755);
    const tricky = ['a b', '"quoted"', 'x & echo pwned', '%PATH%', '$(id)', ''];
    expect(await runInherited({ command: process.execPath, args: [script, ...tricky] })).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(tricky);
  });
});
