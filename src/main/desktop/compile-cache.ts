import { join } from 'node:path';

/** The part of `node:module` used here: Node 22.1+ has it (Electron 45's Node), Node 20 does not. */
export interface CompileCacheApi {
  enableCompileCache?: (directory?: string) => { status: number; message?: string; directory?: string };
  constants?: { compileCacheStatus?: Record<string, number> };
}

/**
 * Turns on Node's on-disk compile cache for what the main process imports from here on (the core and its
 * libraries, loaded after the window). The first start compiles and writes the
 * cache; later ones read V8's code instead of compiling it, a shorter block while the window is already open.
 * The cache lives in the user-data folder (not the shared temp folder). Skipped in an AppImage: it is mounted at a
 * new path each start, and the cache is keyed by path, so it would only grow. A failure is logged, never fatal.
 */
export function enableCompileCache(
  moduleApi: object,
  userData: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): boolean {
  const api = moduleApi as CompileCacheApi; // Node 20's types do not declare it
  if (typeof api.enableCompileCache !== 'function') return false;
  if (env.APPIMAGE) return false;
  try {
    const result = api.enableCompileCache(join(userData, 'compile-cache'));
    const status = api.constants?.compileCacheStatus ?? {};
    if (result.status === status.ENABLED || result.status === status.ALREADY_ENABLED) return true;
    log(`[start] compile cache not used: ${result.message ?? `status ${result.status}`}`);
  } catch (error) {
    log(`[start] compile cache not used: ${(error as Error).message}`);
  }
  return false;
}
