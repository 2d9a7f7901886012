import { delimiter } from 'node:path';

export interface LoginShellPathOptions {
  platform: NodeJS.Platform;
  /** The PATH the app started with (from Finder or a desktop launcher: /usr/bin:/bin and little more). */
  currentPath: string | undefined;
  /** The environment an interactive login shell ends up with (shell-env's `shellEnv`). */
  shellEnv: () => Promise<Record<string, string | undefined>>;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** A shell whose rc files hang (a prompt, a network mount) must not hold the app's start for long. */
export const LOGIN_SHELL_TIMEOUT_MS = 3_000;

/**
 * The PATH stdio servers should see: an app started from Finder or a launcher gets a minimal PATH, so `npx`,
 * `uvx` or a Homebrew `node` are not found although they are in the operator's terminal. The login shell's PATH
 * comes first, then whatever the app had that it lacks. Undefined: keep the current PATH (Windows, where apps
 * inherit the user's PATH; a shell that failed or took too long).
 */
export async function loginShellPath({
  platform,
  currentPath,
  shellEnv,
  timeoutMs = LOGIN_SHELL_TIMEOUT_MS,
  log = () => undefined,
}: LoginShellPathOptions): Promise<string | undefined> {
  if (platform === 'win32') return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const result = await Promise.race([shellEnv().catch((error: unknown) => error as Error), timedOut]).finally(() =>
    clearTimeout(timer),
  );
  if (result === 'timeout') {
    log(`[path] the login shell did not answer within ${timeoutMs} ms; stdio servers get the app's PATH`);
    return undefined;
  }
  if (result instanceof Error) {
    log(`[path] the login shell failed (${result.message}); stdio servers get the app's PATH`);
    return undefined;
  }
  const fromShell = result.PATH;
  if (!fromShell) return undefined;
  return mergePaths(fromShell, currentPath);
}

/** `first`'s entries in order, then `second`'s that `first` lacks; empty entries dropped. */
export function mergePaths(first: string, second: string | undefined): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of [...first.split(delimiter), ...(second ?? '').split(delimiter)]) {
    if (!entry || seen.has(entry)) continue;
    seen.add(entry);
    out.push(entry);
  }
  return out.join(delimiter);
}
