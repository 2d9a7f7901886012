import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A shop MCP server child process (see shop-child.ts). */
export interface ShopProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stats(): Promise<{ writesExecuted: number; writesApplied: number }>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export async function startShopProcess(
  options: { port?: number; token?: string; maxSessions?: number; sessionIdleMs?: number } = {},
): Promise<ShopProcess> {
  const child = fork(fileURLToPath(new URL('./shop-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      SHOP_PORT: String(options.port ?? 0),
      SHOP_TOKEN: options.token ?? '',
      SHOP_MAX_SESSIONS: String(options.maxSessions ?? ''),
      SHOP_SESSION_IDLE_MS: String(options.sessionIdleMs ?? ''),
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop child did not start: ${stderr}`)), 20_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as { url: string; port: number });
    });
    child.once('exit', (code) => reject(new Error(`shop child exited (${code}): ${stderr}`)));
  });
  return {
    ...ready,
    child,
    stats: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as { writesExecuted: number; writesApplied: number }));
        child.send('stats');
      }),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
