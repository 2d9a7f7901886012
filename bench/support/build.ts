import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { MAIN_BUNDLED_DEPS } from '../../scripts/main-bundled-deps';
import { sdkWithoutAjv } from '../../scripts/sdk-without-ajv';

/**
 * The bench serves its own builds, from the sources as they are now, into node_modules/.cache (ignored,
 * and inside the repo so the bundle still finds package.json and resources/): the renderer, and the
 * headless host as one Node bundle (as `switchboard serve` runs from out/, without tsx's loader thread
 * inflating the RSS it measures). out/ is left alone: e2e runs may be using it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the app loads from node_modules at run time (electron-vite externalizes `dependencies`, not devDependencies). */
const RUNTIME_DEPS = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies,
);
export const BENCH_CACHE = join(root, 'node_modules', '.cache', 'switchboard-bench');

let renderer: Promise<string> | undefined;
let host: Promise<string> | undefined;

export function buildRenderer(): Promise<string> {
  renderer ??= (async () => {
    const outDir = join(BENCH_CACHE, 'renderer');
    await build({
      configFile: false,
      logLevel: 'warn',
      root: join(root, 'src', 'renderer'),
      base: './',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, minify: true, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
    });
    return outDir;
  })();
  return renderer;
}

/** Returns the path of the bundled host entry (bench/support/host-entry.ts). */
export function buildHost(): Promise<string> {
  host ??= (async () => {
    const outDir = join(BENCH_CACHE, 'host');
    await build({
      configFile: false,
      logLevel: 'warn',
      root,
      plugins: [sdkWithoutAjv()],
      // As electron-vite bundles the main process: the runtime `dependencies` external, except MAIN_BUNDLED_DEPS, and
      // everything else (devDependencies, such as OpenTelemetry's API and jose) bundled.
      ssr: { noExternal: true, external: RUNTIME_DEPS.filter((name) => !MAIN_BUNDLED_DEPS.includes(name)) },
      build: {
        // The config and records index workers are entries of their own, as in the app's build: each is started from
        // beside the chunks, and without it the work would run on the event loop (the fallback).
        ssr: true,
        outDir,
        emptyOutDir: true,
        minify: false,
        target: 'node20',
        reportCompressedSize: false,
        rollupOptions: {
          input: {
            'host-entry': join(root, 'bench', 'support', 'host-entry.ts'),
            'config-worker': join(root, 'src', 'main', 'core', 'config', 'config-worker.ts'),
            'records-index-worker': join(root, 'src', 'main', 'core', 'stores', 'records-index-worker.ts'),
            'span-export-worker': join(root, 'src', 'main', 'core', 'telemetry', 'span-export-worker.ts'),
            'core-thread-worker': join(root, 'src', 'main', 'core-thread', 'core-thread-worker.ts'),
          },
          output: {
            format: 'es',
            entryFileNames: (chunk) => (chunk.name === 'host-entry' ? 'host-entry.mjs' : '[name].js'),
          },
        },
      },
    });
    // The app's chunks sit under the project's package.json ("type": "module"), so Node loads each as ESM at once. Here,
    // under node_modules/, no package.json applies: Node would first try every chunk as CommonJS (module syntax
    // detection, a second parse of each), a cost of loading the app has no part in.
    await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
    return join(outDir, 'host-entry.mjs');
  })();
  return host;
}
