// Builds the desktop package the way `npm run dist` does, but for Linux's unpacked `dir` target and with a fake
// Electron dist (electron-builder's `electronDist`), so nothing is downloaded. Used by scripts/package-build.test.ts.
import { chmodSync, copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { runInherited, type CommandPlan } from './electron-launch';
import { electronViteCli } from './launch-plans';

/** @electron/fuses' sentinel: the fuse wire follows it in the Electron binary (version byte, length byte, one byte per fuse). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;
/** A fuse's byte on the wire (@electron/fuses' FuseState). */
export const FUSE_ENABLED = 0x31; // '1'
export const FUSE_DISABLED = 0x30; // '0'

/** electron-builder.yml's key for a fuse: FuseV1Options' name with a lower-case first letter. */
export const fuseConfigKey = (option: string): string => option[0].toLowerCase() + option.slice(1);
/** The fuses @electron/fuses knows, in wire order. */
export const FUSE_NAMES: string[] = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));

/**
 * Why the build can't run here, or undefined. electron-builder's Linux `dir` target needs no download with
 * `electronDist`; on Windows the fake binary can't be a script, and elsewhere it only runs where the package is
 * installed.
 */
export function packageBuildSkipReason(platform: NodeJS.Platform, resolve: (id: string) => string): string | undefined {
  if (platform !== 'linux')
    return `the fake-dist package build runs on Linux only (this is ${platform}); the desktop workflow builds real installers per OS`;
  try {
    resolve('electron-builder/package.json');
    resolve('@electron/asar/package.json');
  } catch {
    return 'electron-builder is not installed (run npm ci)';
  }
  return undefined;
}

/**
 * A fake Electron dist: an `electron` script (never run) carrying the fuse wire, every fuse set to the opposite of
 * `configured`, so each one the build flips is seen flipped.
 */
export function writeFakeElectronDist(dir: string, configured: Record<string, boolean | undefined>): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = FUSE_NAMES.map((name) => (configured[fuseConfigKey(name)] === true ? FUSE_DISABLED : FUSE_ENABLED));
  const binary = join(dir, 'electron');
  writeFileSync(
    binary,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "a fake Electron for packaging tests"\nexit 1\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([FUSE_WIRE_VERSION, wire.length, ...wire]),
      Buffer.from('\n'),
    ]),
  );
  chmodSync(binary, 0o755);
  writeFileSync(join(dir, 'version'), '45.5.0');
  return binary;
}

/**
 * A staging project: the repo's package.json and electron-builder.yml copied, its node_modules, build/, resources/,
 * docs/ and README linked, and `out/` built into it (the repo's own out/ is left to `npm start` and the e2e runs).
 */
export async function stageProject(root: string, stage: string): Promise<void> {
  mkdirSync(stage, { recursive: true });
  for (const file of ['package.json', 'electron-builder.yml']) copyFileSync(join(root, file), join(stage, file));
  for (const entry of ['node_modules', 'build', 'resources', 'docs', 'README.md'])
    if (existsSync(join(root, entry))) symlinkSync(join(root, entry), join(stage, entry));
  const built = await runInherited(
    {
      command: process.execPath,
      args: [electronViteCli(root), 'build', '--outDir', join(stage, 'out'), '--logLevel', 'warn'],
    },
    root,
  );
  if (built !== 0) throw new Error(`electron-vite build exited with ${built}`);
}

/** `electron-builder --linux dir` on the staged project with the fake dist; resolves with its exit code. */
export function packagePlan(root: string, stage: string, electronDist: string): CommandPlan {
  const cli = join(
    dirname(createRequire(join(root, 'package.json')).resolve('electron-builder/package.json')),
    'cli.js',
  );
  return {
    command: process.execPath,
    args: [
      cli,
      '--projectDir',
      stage,
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${join(stage, 'dist')}`,
    ],
    // Under vitest (VITEST set) electron-builder logs nothing; its log is what a failed build shows.
    env: { ...withoutVitest(process.env), CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
  };
}

function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('VITEST')));
}
