import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { MAIN_BUNDLED_DEPS } from './main-bundled-deps';
import { sdkWithoutAjv } from './sdk-without-ajv';

const root = join(import.meta.dirname, '..');

/**
 * For tests of the main-process build: bundles `code` (an entry in the repo's root, so node_modules resolves) as that
 * build does (MAIN_BUNDLED_DEPS inside, the rest external) into one ES module. `cleanup` removes what it wrote.
 */
export async function bundleLikeMain(
  code: string,
): Promise<{ text: string; url: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(root, 'node_modules', '.cache', 'bundle-like-main-'));
  const entry = join(dir, 'entry.ts');
  await writeFile(entry, code);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [sdkWithoutAjv()],
    ssr: { noExternal: MAIN_BUNDLED_DEPS },
    build: {
      ssr: entry,
      write: false,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', codeSplitting: false } },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const text = (Array.isArray(output) ? output[0] : output).output
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n');
  const file = join(dir, 'bundle.mjs');
  await writeFile(file, text);
  return { text, url: pathToFileURL(file).href, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
