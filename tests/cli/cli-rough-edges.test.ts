import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { appRoot } from '../../src/main/core/paths';
import { CLI_ENTRY, cliEnv, runCli } from '../support/cli-process';

/** Issue 30 item 11: the CLI's rough edges, each run as an operator runs it (a real process, the demo config). */
let root: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sb-cli-edges-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'switchboard.yaml'), demoShopConfigText());
  env = cliEnv(join(root, 'home'), { SWITCHBOARD_DATA_DIR: dataDir });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.concurrent('switchboard tools call', () => {
  it('--server nosuch says there is no server of that name and lists the ones there are', async () => {
    const run = await runCli(['tools', 'call', 'query_order', '--server', 'nosuch'], env);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('no server named nosuch; the config has: shop');
  }, 90_000);

  it('a mistyped tool gets a "did you mean"', async () => {
    const run = await runCli(['tools', 'call', 'query_ordr'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no connected server offers "query_ordr" (did you mean query_order?)');
  }, 90_000);

  it('a refused call prints the operator’s sentence, never the text written for the model', async () => {
    const run = await runCli(
      ['tools', 'call', 'cancel_order', '--args', '{"orderNo":"BS1001011"}', '--approve', 'none'],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^cancel_order @shop as u1001: rejected · record r_/m); // never ran: no run time
    expect(run.stdout).toContain(
      'Not run: the operator rejected this call; nothing changed. The operator\'s note: "rejected by --approve none"',
    );
    expect(run.stdout).not.toMatch(/for you, the agent|Tell the user/);
  }, 90_000);
});

describe('switchboard tools list | head', () => {
  it('stops printing quietly when the reader goes, and exits 0 without an EPIPE trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'tools', 'list'], {
      cwd: appRoot(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader leaves before the first line, as `head -0` would: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error:|at /);
    expect(code).toBe(0);
  }, 90_000);
});
