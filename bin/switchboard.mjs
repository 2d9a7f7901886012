#!/usr/bin/env node
// Runs the built CLI; before the first build, runs the TypeScript source through tsx.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'out', 'main', 'cli.js');
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'src', 'main', 'cli.ts'), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(result.status ?? 1);
}
