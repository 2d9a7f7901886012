import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImport, type ImportOptions } from './import-command';
import { runConfirmLaunch } from './launch-command';

/**
 * `import` and `confirm-launch` read and write the config through the app's config store (createCore, connecting no
 * server): its parse and problems, its first-run file, and never writing over a file it cannot parse (issue 29).
 */
let dir: string;
const out: string[] = [];
const err: string[] = [];
const io = { stdout: (line: string) => out.push(line), stderr: (line: string) => err.push(line) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-config-'));
  out.length = 0;
  err.length = 0;
});
afterEach(async () => {
  process.exitCode = 0;
  await rm(dir, { recursive: true, force: true });
});

const importOptions = (more: Partial<ImportOptions>): ImportOptions => ({
  dataDir: join(dir, 'data'),
  onConflict: 'ask',
  allowEnv: [],
  ...more,
});

async function serversFile(): Promise<string> {
  const file = join(dir, 'servers.json');
  await writeFile(file, JSON.stringify({ mcpServers: { remote: { url: 'https://mcp.example.com/mcp' } } }));
  return file;
}

describe('import through the config store', () => {
  it('a config it cannot parse is reported with its lines and left exactly as it was', async () => {
    const config = join(dir, 'broken.yaml');
    const text = 'agent:\n  mcp:\n    servers: [\n      - name: a\n';
    await writeFile(config, text);
    expect(await runImport(await serversFile(), importOptions({ config }), io, {})).toBe(2);
    expect(err[0]).toBe(`${config} is not a valid Switchboard config:`);
    expect(err.slice(1).join('\n')).toMatch(/\(line \d+(:\d+)?\)/);
    expect(await readFile(config, 'utf8')).toBe(text);
  });

  it('a fresh data directory gets its first-run config, and the import is written into it', async () => {
    expect(await runImport(await serversFile(), importOptions({}), io, {})).toBe(0);
    const written = await readFile(join(dir, 'data', 'switchboard.yaml'), 'utf8');
    expect(written).toContain('https://mcp.example.com/mcp');
    expect(out.at(-1)).toBe('imported 1 of 1 server(s)');
  });
});

describe('confirm-launch through the config store', () => {
  it('never writes a first-run config: a data directory without one is said, exit 2', async () => {
    const dataDir = join(dir, 'fresh');
    expect(await runConfirmLaunch('files', { dataDir, yes: true }, io, undefined)).toBe(2);
    expect(err.join('\n')).toContain(`no config file at ${join(dataDir, 'switchboard.yaml')}`);
    expect(existsSync(join(dataDir, 'switchboard.yaml'))).toBe(false);
  });

  it('names a server that is not configured, and one that runs no command', async () => {
    const dataDir = join(dir, 'data');
    await runImport(await serversFile(), importOptions({}), io, {});
    expect(await runConfirmLaunch('nosuch', { dataDir, yes: true }, io, undefined)).toBe(2);
    expect(err.at(-1)).toBe('no MCP server named "nosuch" is configured');
    expect(await runConfirmLaunch('remote', { dataDir, yes: true }, io, undefined)).toBe(2);
    expect(err.at(-1)).toBe('"remote" is not a stdio server: it runs no command');
  });
});
