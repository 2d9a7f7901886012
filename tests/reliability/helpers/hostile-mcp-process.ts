import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** hostile-mcp-child.ts as a real process; `stop` kills it and waits for the exit. */
export interface HostileMcpProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startHostileMcpProcess(env: {
  HOSTILE_TOOLS_FILE?: string;
  HOSTILE_INSTRUCTIONS_FILE?: string;
  HOSTILE_SAMPLING?: '1';
}): Promise<HostileMcpProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./hostile-mcp-child.ts', import.meta.url))],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hostile server did not start: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/ready (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`hostile server exited (${code}): ${err}`)));
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
