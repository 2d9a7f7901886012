import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker thread `name` (e.g. 'config-worker') that lives beside the module at `here` (its
 * import.meta.url). From source (tsx, vitest) it is `name`.ts, loaded through tsx's API (a worker does not
 * inherit the parent's --import hooks on Node 20). A build ships it as out/main/`name`.js, an entry of its own
 * (electron.vite.config.ts, bench/support/build.ts), beside or one level above the chunk the caller lands in.
 */
export function startWorkerBeside(name: string, here: string, options: WorkerOptions = {}): Worker {
  const source = new URL(`${name}.ts`, here);
  if (existsSync(source)) {
    const tsx = pathToFileURL(
      createRequire(here)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(here)}))`;
    return new Worker(boot, { ...options, eval: true, execArgv: [] });
  }
  const built = [`./${name}.js`, `../${name}.js`].map((path) => new URL(path, here)).find((url) => existsSync(url));
  if (!built) throw new Error(`${name}.js is not beside the build`);
  return new Worker(built, options);
}
