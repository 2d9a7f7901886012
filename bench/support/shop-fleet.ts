import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ShopFleet {
  urls: string[];
  close(): Promise<void>;
}

/** Starts `count` shop servers (each delaying its initialize reply by `initializeDelayMs`) in one child process. */
export async function startShopFleet(count: number, initializeDelayMs = 0): Promise<ShopFleet> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./shop-fleet-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SHOP_COUNT: String(count), BENCH_SHOP_INIT_DELAY_MS: String(initializeDelayMs) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const urls = await new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop fleet did not start: ${stderr}`)), 30_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as { urls: string[] }).urls);
    });
    child.once('exit', (code) => reject(new Error(`shop fleet exited (${code}): ${stderr}`)));
  });
  return {
    urls,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
