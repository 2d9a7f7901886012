/*
 * The set-up of the tests where a hostile MCP server (a real process or HTTP server) meets the console: the demo
 * shop's config with a scripted model and the hostile server's tools mounted and trusted, written into a data
 * directory of the test's, and a real headless console on it with a connected client.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { ServerView } from '../../../src/shared/contract';
import { demoShopConfigText } from '../../../src/main/demo-shop/default-config';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './headless-host';

export { deferUntilAfterAll } from '../../support/deferred';

/** A data directory of the test's, removed after the file. */
export async function tempDataDir(prefix: string, defer: (close: () => unknown) => void): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  defer(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface HostileShopOptions {
  /** The scripted OpenAI-compatible model's base URL, its key's variable and its timeout. */
  model: { baseUrl: string; apiKeyEnv: string; timeoutMs: number; maxTokens?: number };
  /** The hostile server's entry (named `hostile`). */
  server: { url: string; useInstructions?: boolean };
  /** Intent node id → the hostile tool it mounts (confirm `never`). */
  mounts: Record<string, string>;
}

/** The demo shop's config plus the model and the hostile server, as an operator would have configured them. */
function hostileShopConfig(options: HostileShopOptions) {
  const config = parse(demoShopConfigText());
  config.agent.model = { provider: 'openai-compatible', model: 'test-model', ...options.model };
  config.agent.mcp.servers.push({ name: 'hostile', ...options.server });
  for (const [id, toolId] of Object.entries(options.mounts))
    config.intents.push({ id, name: id, kind: 'mcp', toolId, server: 'hostile', confirm: 'never' });
  return config;
}

/** That config written into `dir`, a headless console on it (killed after the file, its model key set) and a client. */
export async function startHostileConsole(
  dir: string,
  options: HostileShopOptions,
  defer: (close: () => unknown) => void,
): Promise<{ host: HostProcess; rpc: RpcClient }> {
  await writeFile(join(dir, 'switchboard.yaml'), stringify(hostileShopConfig(options)));
  const host = await startHostProcess(dir, { [options.model.apiKeyEnv]: 'k' });
  defer(() => host.stop('SIGKILL'));
  const rpc = await connectRpc(host.port, host.token);
  defer(() => rpc.close());
  return { host, rpc };
}

/** servers.list once every configured server is connected, or as it stands after `tries` polls `everyMs` apart. */
export async function serversOnceConnected(
  rpc: RpcClient,
  count: number,
  tries: number,
  everyMs: number,
): Promise<ServerView[]> {
  let servers: ServerView[] = [];
  for (let i = 0; i < tries && !(servers.length === count && servers.every((s) => s.status === 'connected')); i++) {
    servers = data(await rpc.request<{ servers: ServerView[] }>('servers.list')).servers;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return servers;
}
