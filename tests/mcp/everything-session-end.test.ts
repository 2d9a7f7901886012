import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../src/main/core/mcp';
import { appRoot } from '../../src/main/core/paths';
import { waitFor } from '../support/mcp';

/**
 * server-everything over Streamable HTTP (its `streamableHttp` transport). It listens on the PORT it is given and
 * prints that setting, not the port it bound, so a free port is picked here first (bound to 0, then released):
 * the only way to start it without a fixed port.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let manager: ConnectionManager | undefined;
afterEach(async () => {
  await manager?.closeAll();
  child?.kill('SIGKILL');
  child = manager = undefined;
});

async function startEverythingHttp(): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  const entry = join(appRoot(), 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  child = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitFor(() => output.includes(`listening on port ${port}`), 15_000, 'server-everything listening');
  return { url: `http://127.0.0.1:${port}/mcp`, output: () => output };
}

const sessions = (output: string) => [...output.matchAll(/Session initialized with ID: (\S+)/g)].map((m) => m[1]);
const terminations = (output: string) =>
  [...output.matchAll(/Received session termination request for session (\S+)/g)].map((m) => m[1]);

describe('server-everything over Streamable HTTP', () => {
  it('gets a DELETE for its session when the server is removed from the config, and only then', async () => {
    const everything = await startEverythingHttp();
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([
      { name: 'everything', url: everything.url, enabled: true, headers: {}, transport: 'streamable-http' },
    ]);
    await manager.whenSettled();
    expect(manager.state('everything')?.status).toBe('connected');
    expect(manager.state('everything')?.tools.length).toBeGreaterThan(10);
    expect(sessions(everything.output())).toHaveLength(1);
    expect(terminations(everything.output())).toEqual([]);

    manager.reconcile([]);
    await waitFor(() => terminations(everything.output()).length > 0, 10_000, 'the session termination');
    // The session ended is the one the server opened for this client, and the server closed it.
    expect(terminations(everything.output())).toEqual(sessions(everything.output()));
    const [ended] = sessions(everything.output());
    await waitFor(
      () => everything.output().includes(`Transport closed for session ${ended}`),
      5_000,
      'the transport closed',
    );
  });
});
