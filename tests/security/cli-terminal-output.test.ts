import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/main/core/paths';
import { configDir, type ConfigDir } from '../support/config-dir';
import { runCli } from '../support/cli-process';

/**
 * The real CLI (a child process) against a hostile stdio MCP server (another child process) whose tool names,
 * descriptions, results and log lines carry terminal escapes (erase line, column 1, green PASS), a carriage
 * return and a U+202E override, and a cases file whose case name does the same: what reaches the terminal
 * shows those characters escaped, never raw. `--json` keeps the values exact. Also `switchboard test`'s case cap.
 */
const HOSTILE = join(appRoot(), 'tests', 'support', 'mcp', 'hostile-stdio-server.mjs');
const ESC = '\u001b';
const FAKE_PASS = `${ESC}[2K${ESC}[1G${ESC}[32mPASS${ESC}[0m`;
/** Any character a terminal would act on: C0 but tab and newline, DEL, C1, bidi controls. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let folder: ConfigDir;
let dir: string;
let config: string;
beforeAll(async () => {
  folder = await configDir('sb-cli-escapes-', {
    agent: {
      model: { provider: 'demo' },
      mcp: { servers: [{ name: 'hostile', command: process.execPath, args: [HOSTILE] }] },
    },
    intents: [{ id: 'esc', name: 'Escape', kind: 'mcp', toolId: 'escape_tool', confirm: 'never' }],
  });
  ({ dir, config } = folder);
});
afterAll(() => folder?.remove());

const cli = (...args: string[]) => runCli(args, { ...process.env, SWITCHBOARD_DATA_DIR: '' });

function expectTerminalSafe(run: { stdout: string; stderr: string }): void {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
}

describe('server-controlled text reaches the terminal escaped', () => {
  it('tools list: the hostile name is shown as \\u001b[2K…, not acted on; --json keeps it exact', async () => {
    const text = await cli('tools', 'list', '--config', config, '--data-dir', dir);
    expect(text.code).toBe(0);
    expectTerminalSafe(text);
    expect(text.stdout).toContain('named\\u001b[2K\\u001b[1G\\u001b[32mPASS\\u001b[0m');
    const json = await cli('tools', 'list', '--config', config, '--data-dir', dir, '--json');
    expectTerminalSafe(json);
    const rows = JSON.parse(json.stdout) as { toolId: string }[];
    expect(rows.map((r) => r.toolId)).toContain(`named${FAKE_PASS}`);
  });

  it('catalog: descriptions with escapes, a carriage return and U+202E are shown escaped; --json is exact', async () => {
    const text = await cli('catalog', '--config', config, '--data-dir', dir);
    expect(text.code).toBe(0);
    expectTerminalSafe(text);
    const json = await cli('catalog', '--config', config, '--data-dir', dir, '--json');
    expectTerminalSafe(json);
    expect(json.stdout).toContain('\\u202e'); // JSON's own escape: the parsed value is the server's text
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(
      JSON.stringify(`Looks harmless${FAKE_PASS}\rOVERWRITTEN`).slice(1, -1),
    );
  });

  it('tools call: the result text and the server name are shown escaped', async () => {
    const run = await cli('tools', 'call', 'escape_tool', '--config', config, '--data-dir', dir);
    expect(run.code).toBe(0);
    expectTerminalSafe(run);
    expect(run.stdout).toContain(
      'result\\u001b[2K\\u001b[1G\\u001b[32mPASS\\u001b[0m\\u000dOVERWRITTEN \\u202etxt.exe',
    );
  });

  it('test: a failing case named to print a green PASS over its FAIL line shows as FAIL with the escapes visible', async () => {
    const cases = join(dir, 'escape-cases.yaml');
    await writeFile(
      cases,
      stringify({
        cases: [
          {
            name: `checkout${FAKE_PASS}`,
            messages: ['hello'],
            expect: { calls: [{ tool: 'escape_tool', arguments: { never: 'given' } }] },
          },
        ],
      }),
    );
    const run = await cli('test', '--config', config, '--cases', cases, '--data-dir', dir);
    expect(run.code).toBe(1);
    expectTerminalSafe(run);
    expect(run.stdout).toMatch(/^FAIL {2}checkout\\u001b\[2K\\u001b\[1G\\u001b\[32mPASS\\u001b\[0m {2}\(/m);
  });
});

describe('switchboard test: a cap on the number of cases', () => {
  const casesOf = (n: number) =>
    stringify({ cases: Array.from({ length: n }, (_, i) => ({ name: `case ${i}`, messages: ['hello'] })) });

  it('1,001 cases (plus the examples) are refused with exit 2 before any runs; --max-cases lets them through', async () => {
    const many = join(dir, 'many-cases.yaml');
    await writeFile(many, casesOf(1001));
    const refused = await cli('test', '--config', config, '--cases', many, '--data-dir', dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('1001 cases');
    expect(refused.stderr).toContain(
      'more than the 1000 allowed; nothing was run. Pass --max-cases 1001 to run them all.',
    );
    expect(refused.stdout).not.toMatch(/PASS|FAIL/);
  });

  it('--max-cases N: N+1 cases are refused, N run; a value that is not a positive whole number is a usage error', async () => {
    const four = join(dir, 'four-cases.yaml');
    await writeFile(four, casesOf(4));
    const over = await cli('test', '--config', config, '--cases', four, '--data-dir', dir, '--max-cases', '3');
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('4 cases');
    const within = await cli(
      'test',
      '--config',
      config,
      '--cases',
      four,
      '--data-dir',
      dir,
      '--max-cases',
      '4',
      '--json',
    );
    expect(within.code).toBe(0);
    expect(JSON.parse(within.stdout)).toMatchObject({ passed: 4, failed: 0 });
    const bad = await cli('test', '--config', config, '--cases', four, '--data-dir', dir, '--max-cases', '0');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('a whole number of cases, 1 or more');
  });
});
