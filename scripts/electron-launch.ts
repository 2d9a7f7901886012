// How `npm start`, `npm run dev` and the electron Playwright project get an Electron binary, and why they
// fall back when they can't. The electron package (45.x) has no install script: its binary arrives the first
// time something runs the package's own installer (`install-electron`, i.e. node_modules/electron/install.js).
// Nothing here requires('electron'): that would download as a side effect, outside our decision.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import crossSpawn from 'cross-spawn';
import { errorText } from '../src/shared/error-text';

/** Where a command runs and with what; an argv array, never a shell string (see runCommand). */
export interface CommandPlan {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface ElectronPackage {
  dir: string;
  version: string;
}

export type ElectronDecision = { ok: true; binary: string; installed: boolean } | { ok: false; reason: string };

export interface EnsureElectronOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** The electron package; the default resolves it from here. `null`: it is not installed. */
  electronPackage?: ElectronPackage | null;
  /** Runs the package's installer; resolves with its exit code. The default runs it with stdio inherited. */
  runInstaller?: (plan: CommandPlan) => Promise<number>;
  /** Say what is happening (the installer downloads ~100 MB). */
  log?: (line: string) => void;
  /** False: never run the installer, only report (the Playwright project decides this way after one attempt). */
  install?: boolean;
}

/** The executable inside an Electron dist, as the package's own installer names it. */
export function platformExecutable(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

export function locateElectronPackage(): ElectronPackage | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('electron/package.json');
    return {
      dir: dirname(manifest),
      version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version,
    };
  } catch {
    return null;
  }
}

/** Linux needs an X11 or Wayland display; macOS and Windows always have a desktop session to draw on. */
export function displayProblem(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'linux' && platform !== 'freebsd' && platform !== 'openbsd') return undefined;
  return env.DISPLAY || env.WAYLAND_DISPLAY
    ? undefined
    : 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)';
}

/**
 * The binary the electron package would run, resolved the way its index.js does: ELECTRON_OVERRIDE_DIST_PATH
 * (joined with path.txt's name, or the platform's) wins; otherwise dist/<path.txt>. Undefined: not installed.
 */
export function electronBinary(
  pkg: ElectronPackage,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): string | undefined {
  const pathFile = join(pkg.dir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH)
    return join(env.ELECTRON_OVERRIDE_DIST_PATH, named || platformExecutable(platform));
  return named ? join(pkg.dir, 'dist', named) : undefined;
}

/** The package's own installer (its `install-electron` bin), run by this Node: no shell, no npx shim. */
export function installerPlan(pkg: ElectronPackage, execPath: string, env: NodeJS.ProcessEnv): CommandPlan {
  return { command: execPath, args: [join(pkg.dir, 'install.js')], env };
}

/**
 * Makes sure an Electron binary is there, running the installer where it is missing, and says why not
 * otherwise. The display is checked first: without one there is no point downloading ~100 MB.
 */
export async function ensureElectron(options: EnsureElectronOptions = {}): Promise<ElectronDecision> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const log = options.log ?? (() => undefined);
  const pkg = options.electronPackage === undefined ? locateElectronPackage() : options.electronPackage;
  if (!pkg) return { ok: false, reason: 'the electron package is not installed (run npm ci)' };
  const noDisplay = displayProblem(env, platform);
  if (noDisplay) return { ok: false, reason: noDisplay };

  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const binary = electronBinary(pkg, env, platform)!;
    return existsSync(binary)
      ? { ok: true, binary, installed: false }
      : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${binary} does not exist` };
  }
  const present = electronBinary(pkg, env, platform);
  if (present && existsSync(present)) return { ok: true, binary: present, installed: false };
  if (options.install === false) return { ok: false, reason: `the Electron ${pkg.version} binary is not installed` };

  log(
    `The Electron ${pkg.version} binary is not installed yet: running its installer (install-electron), which downloads it once.`,
  );
  const plan = installerPlan(pkg, process.execPath, env);
  let code: number;
  try {
    code = await (options.runInstaller ?? runInherited)(plan);
  } catch (error) {
    return {
      ok: false,
      reason: `the Electron installer could not run (${errorText(error)})`,
    };
  }
  if (code !== 0)
    return {
      ok: false,
      reason: `the Electron installer (install-electron) failed with exit code ${code}; the binary could not be downloaded`,
    };
  const installed = electronBinary(pkg, env, platform);
  if (!installed || !existsSync(installed))
    return {
      ok: false,
      reason: `the Electron installer finished, but no binary is at ${installed ?? join(pkg.dir, 'dist')}`,
    };
  return { ok: true, binary: installed, installed: true };
}

/**
 * Spawns through cross-spawn: an .exe (node, electron) runs directly with its argv intact, a .cmd shim gets
 * cmd.exe quoting done properly. `shell: true` handed "C:\Program Files\nodejs\node.exe" to cmd.exe unquoted.
 */
export function spawnPlan(plan: CommandPlan, options: { cwd?: string; stdio?: 'inherit' | 'pipe' } = {}) {
  return crossSpawn(plan.command, plan.args, {
    cwd: options.cwd,
    env: plan.env ?? process.env,
    stdio: options.stdio ?? 'inherit',
    windowsHide: false,
  });
}

/** Runs a plan to its end with the terminal attached; resolves with its exit code (1 for a signal). */
export function runInherited(plan: CommandPlan, cwd?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawnPlan(plan, { cwd });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs the app in the foreground until it ends: SIGINT/SIGTERM/SIGHUP sent to us reach it, and its exit code is ours. */
export function runInForeground(plan: CommandPlan, cwd: string): Promise<never> {
  return new Promise(() => {
    const child = spawnPlan(plan, { cwd });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
    child.once('error', (error) => {
      console.error(`Could not launch ${plan.command}: ${error.message}`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}
