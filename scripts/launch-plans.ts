// The commands `npm start` and `npm run dev` run, as argv arrays: every JavaScript entry point runs with this
// Node (process.execPath) instead of through an npx/.cmd shim, so nothing needs a shell on any OS.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CommandPlan } from './electron-launch';

/** electron-vite's CLI script, resolved like Node resolves the package (hoisted or not). */
export function electronViteCli(root: string): string {
  const manifest = createRequire(join(root, 'package.json')).resolve('electron-vite/package.json');
  return join(dirname(manifest), 'bin', 'electron-vite.js');
}

export function buildPlan(root: string, execPath: string, env: NodeJS.ProcessEnv): CommandPlan {
  // Warnings and errors only: the ~110 lines of chunk sizes buried the outcome (`npm run build` still lists them).
  return { command: execPath, args: [electronViteCli(root), 'build', '--logLevel', 'warn'], env };
}

/** The app is the folder holding package.json (its `main` is the built out/main/index.js). */
export function electronAppPlan(binary: string, root: string, args: string[], env: NodeJS.ProcessEnv): CommandPlan {
  return { command: binary, args: [root, ...args], env };
}

export function headlessPlan(root: string, execPath: string, args: string[], env: NodeJS.ProcessEnv): CommandPlan {
  return { command: execPath, args: [join(root, 'bin', 'switchboard.mjs'), 'serve', '--open', ...args], env };
}

/** electron-vite runs the binary named by ELECTRON_EXEC_PATH; without it, it insists on path.txt. */
export function devPlan(
  root: string,
  execPath: string,
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): CommandPlan {
  return {
    command: execPath,
    args: [electronViteCli(root), 'dev', ...args],
    env: { ...env, ELECTRON_EXEC_PATH: binary },
  };
}
