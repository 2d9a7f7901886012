import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/main/core/paths';
import { startOAuthMcpServer, type OAuthMcpServer } from '../support/mcp';

/**
 * A hostile OAuth authorization server against the real CLI (`switchboard auth login`, a child process):
 * - its metadata's authorization_endpoint is file:, smb: or search-ms:. The sign-in must refuse it, naming the
 *   server, before any opener runs: $BROWSER is a script that leaves a marker file if it is ever started.
 * - its metadata names another issuer than the URL it was fetched for (RFC 8414 §3.3): nothing may be sent to
 *   its /register, /authorize or /token.
 */
const CLI = join(appRoot(), 'src', 'main', 'cli.ts');

let dir: string;
let marker: string;
let browser: string;
const servers: OAuthMcpServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-hostile-as-'));
  marker = join(dir, 'browser-was-started');
  browser = join(dir, 'browser.mjs');
  await writeFile(
    browser,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(marker)}, process.argv.slice(2).join(' ') + '\\n');\n`,
  );
});
afterAll(async () => {
  for (const server of servers) await server.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function configFor(server: OAuthMcpServer, name: string): Promise<string> {
  const config = join(dir, `${name}.yaml`);
  await writeFile(
    config,
    ['agent:', '  mcp:', '    servers:', `      - name: ${name}`, `        url: ${server.url}`, ''].join('\n'),
  );
  return config;
}

function authLogin(
  config: string,
  name: string,
  browserCommand = `${process.execPath} ${browser}`,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, 'auth', 'login', name, '--config', config, '--data-dir', dir, '--timeout', '20'],
      {
        cwd: appRoot(),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, SWITCHBOARD_DATA_DIR: '', BROWSER: browserCommand },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('an authorization_endpoint the URL gate refuses never reaches $BROWSER', () => {
  it.each([
    ['file', 'file:///home/operator/Desktop/update.desktop', 'the scheme "file:" is not allowed'],
    ['smb', 'smb://attacker.example/share/payload', 'the scheme "smb:" is not allowed'],
    [
      'search-ms',
      'search-ms:query=invoice&crumb=location:%5C%5Cattacker.example%5Cshare',
      'the scheme "search-ms:" is not allowed',
    ],
  ])('%s: refused with a message naming the server; the browser never starts', async (scheme, endpoint, why) => {
    const server = await startOAuthMcpServer({ metadataOverrides: { authorization_endpoint: endpoint } });
    servers.push(server);
    const name = `hostile-${scheme}`;
    const run = await authLogin(await configFor(server, name), name);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`refused to open the sign-in page of ${name}: ${why}`);
    expect(run.stderr).not.toContain('Sign in at:');
    expect(run.stderr).not.toContain(endpoint.slice(0, 12));
    await new Promise((resolve) => setTimeout(resolve, 500)); // a detached browser would have written by now
    expect(existsSync(marker)).toBe(false);
  });
});

describe('authorization server metadata whose issuer is not the URL it was fetched for (RFC 8414 §3.3)', () => {
  it('is refused with its reason before any registration, authorization or token request', async () => {
    const server = await startOAuthMcpServer({ metadataOverrides: { issuer: 'https://login.attacker.example/' } });
    servers.push(server);
    const run = await authLogin(await configFor(server, 'mismatched'), 'mismatched');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `the authorization server metadata fetched for ${server.issuer} names the issuer https://login.attacker.example/`,
    );
    expect(server.counts).toMatchObject({ registrations: 0, authorizations: 0, codeExchanges: 0 });
    expect(existsSync(marker)).toBe(false);
  });

  it('the same server with a matching issuer signs in (the check does not refuse honest metadata)', async () => {
    // The same metadata route as the hostile ones, with the fixture's own issuer.
    const server = await startOAuthMcpServer({ metadataOverrides: {} });
    servers.push(server);
    const follow = join(appRoot(), 'tests', 'support', 'mcp', 'follow-url.mjs');
    const run = await authLogin(await configFor(server, 'honest'), 'honest', `${process.execPath} ${follow}`);
    expect(run.stderr).toContain('Sign in at: http://127.0.0.1:');
    expect(run.code).toBe(0);
    expect(server.counts).toMatchObject({ authorizations: 1, codeExchanges: 1 });
  });
});
