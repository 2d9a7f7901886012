import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ERA_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'era-server.mjs');

export type EraMode = 'strict' | 'dual' | 'legacy' | 'lies-modern' | 'lies-legacy';

export interface EraServerOptions {
  port?: number;
  /** Every message the server receives ends up in `received`. */
  record?: boolean;
  discoverDelayMs?: number;
  instructions?: string;
  /** Declare the logging capability. */
  logging?: boolean;
  info?: { title?: string; websiteUrl?: string; icons?: { src: string; mimeType?: string }[] };
}

/** A v2-SDK server process over HTTP (tests/support/mcp/era-server.mjs). */
export interface EraServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** What it received (with `record`), in order. */
  received: { method?: string; id?: unknown; params?: Record<string, unknown> }[];
  stop(): Promise<void>;
}

export async function startEraServer(mode: EraMode, options: EraServerOptions = {}): Promise<EraServer> {
  const child = spawn(process.execPath, [ERA_SERVER, mode, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const received: EraServer['received'] = [];
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const parsed = JSON.parse(line) as { url?: string; received?: EraServer['received'][number] };
      if (parsed.url) resolve(parsed.url);
      if (parsed.received) received.push(parsed.received);
    });
    child.once('exit', (code) => reject(new Error(`era server exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { url, port: Number(new URL(url).port), child, received, stop };
}

/** The same server over stdio: a command line for a stdio server config. */
export function eraStdioCommand(
  mode: EraMode,
  options: { recordFile?: string; startsFile?: string; modeFile?: string; info?: EraServerOptions['info'] } = {},
) {
  return { command: process.execPath, args: [ERA_SERVER, mode, JSON.stringify({ ...options, stdio: true })] };
}
