import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

/**
 * Why the Electron app can't start on this machine, or undefined when it can.
 * Reads the electron package's path.txt instead of require('electron'), which would try to download.
 */
export function electronUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return 'the electron package is not installed';
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return 'the Electron binary was never downloaded (node_modules/electron/path.txt is missing)';
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return `the Electron binary is missing (${binary})`;
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (DISPLAY is unset)';
  return undefined;
}
