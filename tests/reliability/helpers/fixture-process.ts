import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FixtureServer, FixtureTool } from '../../support/mcp';

type FixtureCommand =
  | { type: 'stats' }
  | { type: 'setTools'; tools: FixtureTool[] }
  | { type: 'storm'; perSecond: number; durationMs: number };
export type FixtureRequest = { id: number } & FixtureCommand;

/** A fixture MCP server in a child process (see fixture-child.ts); tools without handlers (they echo). */
export interface FixtureProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stats(): Promise<Pick<FixtureServer, 'listRequests' | 'calls'>>;
  setTools(tools: FixtureTool[]): Promise<void>;
  /** Sends tools/list_changed `perSecond` times a second for `durationMs`; resolves when the storm is over. */
  storm(perSecond: number, durationMs: number): Promise<{ sent: number; startedAt: number; endedAt: number }>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export async function startFixtureProcess(options: { tools: FixtureTool[]; port?: number }): Promise<FixtureProcess> {
  const child = fork(fileURLToPath(new URL('./fixture-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FIXTURE_TOOLS: JSON.stringify(options.tools), FIXTURE_PORT: String(options.port ?? 0) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fixture child did not start: ${stderr}`)), 20_000);
    child.on('message', (message: { ready?: { url: string; port: number } }) => {
      if (!message.ready) return;
      clearTimeout(timer);
      resolve(message.ready);
    });
    child.once('exit', (code) => reject(new Error(`fixture child exited (${code}): ${stderr}`)));
  });
  let nextId = 0;
  const ask = <T>(request: FixtureCommand): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (message: { id?: number; body?: unknown }) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.body as T);
      };
      child.on('message', onMessage);
      if (!child.send({ ...request, id })) reject(new Error('the fixture child is gone'));
    });
  return {
    ...ready,
    child,
    stats: () => ask({ type: 'stats' }),
    setTools: (tools) => ask({ type: 'setTools', tools }),
    storm: (perSecond, durationMs) => ask({ type: 'storm', perSecond, durationMs }),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
