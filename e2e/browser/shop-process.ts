import { spawn, type ChildProcess } from 'node:child_process';

export interface ShopProcess {
  url: string;
  port: number;
  /** Kills the server outright (SIGKILL), as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
}

/** Runs the demo shop MCP server (`switchboard shop-server`) as its own process, so a test can kill it. */
export async function startShopProcess(port = 0): Promise<ShopProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/switchboard.mjs', 'shop-server', '--port', String(port), '--no-token'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SHOP_TOKEN: '' },
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`shop server did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`shop server exited (${code}): ${stderr}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
