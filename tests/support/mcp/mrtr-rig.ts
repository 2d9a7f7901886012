import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stringify } from 'yaml';
import { startCoreRig } from './core-rig';
import { mountedToolsConfig } from './mounted-config';

export const MRTR_SERVER = join(import.meta.dirname, 'mrtr-server.mjs');
export const MRTR_TOOLS = [
  'confirm_order',
  'ask_model',
  'workspace_roots',
  'nag',
  'open_page',
  'open_local_file',
  'needs_url',
  'slow',
];

/** What the server process saw (MRTR_RECORD): tool starts and ends, notifications/cancelled, session DELETEs. */
export type ServerSaw = { event: string; requestId?: unknown; session?: string; round?: number }[];

export interface MrtrHttpServer {
  url: string;
  child: ChildProcess;
  saw(): Promise<ServerSaw>;
}

/** The strict and dual HTTP fixtures a test file shares, in a temp dir of their own; `children` collects them for stopMrtrServers. */
export async function startMrtrServers(
  prefix: string,
  children: ChildProcess[],
): Promise<{ dir: string; strict: MrtrHttpServer; dual: MrtrHttpServer }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const strict = await startMrtrHttp('strict', dir);
  const dual = await startMrtrHttp('dual', dir);
  children.push(strict.child, dual.child);
  return { dir, strict, dual };
}

export async function stopMrtrServers(dir: string, children: ChildProcess[]): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
}

/**
 * The fixture over HTTP, as a child process: `strict` 2026-07-28 only; `dual` both eras, 2025 with sessions;
 * `default` the SDK's default handler (2025 served statelessly).
 */
export async function startMrtrHttp(mode: 'strict' | 'dual' | 'default', dir: string): Promise<MrtrHttpServer> {
  const recordPath = join(dir, `saw-${mode}-${Math.random().toString(36).slice(2)}.jsonl`);
  const child = spawn(process.execPath, [MRTR_SERVER, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MRTR_RECORD: recordPath },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`mrtr server exited with ${code}`)));
  });
  const saw = async () =>
    (await readFile(recordPath, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ServerSaw[number]);
  return { url: (JSON.parse(line) as { url: string }).url, child, saw };
}

/** A server entry for the fixture: over HTTP at `url`, or over stdio (both eras, the opening picks one). */
export function mrtrEntry(
  name: string,
  where: { url: string } | 'stdio',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const base =
    where === 'stdio'
      ? { command: process.execPath, args: [MRTR_SERVER, 'stdio'] }
      : { transport: 'streamable-http', url: where.url };
  return { name, ...base, ...extra };
}

/** A config with one fixture server, every tool of it mounted (`confirm: never`), so `/call TOOL {}` runs it. */
export function mrtrConfig(server: Record<string, unknown>, agent: Record<string, unknown> = {}) {
  return mountedToolsConfig({
    servers: [server],
    tools: MRTR_TOOLS,
    category: { id: 'mrtr', name: 'mrtr' },
    agent: { maxSteps: 4, ...agent },
  });
}

/** The whole core (createCore + dispatch) with the demo model and one fixture server. */
export async function startMrtrCore(server: Record<string, unknown>, agent: Record<string, unknown> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-mrtr-'));
  await writeFile(join(dataDir, 'switchboard.yaml'), stringify(mrtrConfig(server, agent)));
  const rig = await startCoreRig(dataDir);
  /** Starts a turn that calls `tool`; await `.done` for its end. */
  return Object.assign(rig, { call: (tool: string) => rig.send(`/call ${tool} {}`) });
}
