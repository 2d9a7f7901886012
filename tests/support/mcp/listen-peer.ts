import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A v2-SDK server process (listen-server.mjs) and its stdin command channel. */
export interface ListenPeer {
  url: string;
  child: ChildProcess;
  send<T = Record<string, unknown>>(command: Record<string, unknown>): Promise<T>;
  stats(): Promise<{ listRequests: { method: string; at: number }[]; listens: number[] }>;
  kill(): void;
}

export async function startListenPeer(
  mode: 'strict' | 'dual',
  cacheHints?: Record<string, { ttlMs?: number; cacheScope?: 'public' | 'private' }>,
): Promise<ListenPeer> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'listen-server.mjs'), mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...(cacheHints && { SB_CACHE_HINTS: JSON.stringify(cacheHints) }) },
  });
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => waiting.shift()?.resolve(line));
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`listen server exited with ${code}`));
  });
  const next = () => new Promise<string>((resolve, reject) => void waiting.push({ resolve, reject }));
  const { url } = JSON.parse(await next()) as { url: string };
  const send = async <T>(command: Record<string, unknown>): Promise<T> => {
    const answer = next();
    child.stdin!.write(`${JSON.stringify(command)}\n`);
    return JSON.parse(await answer) as T;
  };
  return { url, child, send, stats: () => send({ cmd: 'stats' }), kill: () => void child.kill('SIGTERM') };
}
