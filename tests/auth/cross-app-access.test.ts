import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverConfigSchema, type ServerConfig } from '../../src/shared/config/schema';
import { AuthService, OAuthStore } from '../../src/main/core/auth';
import { ConnectionManager } from '../../src/main/core/mcp';
import { createOwnerOnlyFileSecrets } from '../../src/main/core/secrets';
import { appRoot } from '../../src/main/core/paths';

/**
 * grant: cross_app_access against a real SEP-990 deployment in a child process (tests/support/mcp/
 * cross-app-access-fixture.mjs): an enterprise IdP doing RFC 8693 token exchange, and an MCP server whose
 * authorization server takes the RFC 7523 jwt-bearer grant. The console's connection manager and auth service
 * connect as they would from switchboard.yaml. Each bad input gets its reason on the server's state, nothing is
 * sent where it should not go (the fixture counts what it received), and no token or secret reaches the log.
 */
const FIXTURE = join(appRoot(), 'tests', 'support', 'mcp', 'cross-app-access-fixture.mjs');

interface Fixture {
  mcpUrl: string;
  asIssuer: string;
  idpIssuer: string;
  idpTokenEndpoint: string;
  idpClientId: string;
  clientId: string;
  clientSecret: string;
  idToken: string;
  expiredIdToken: string;
  otherClientIdToken: string;
}
interface Counts {
  idpExchanges: number;
  idpRefusals: number;
  jwtBearerGrants: number;
  jwtBearerRefusals: number;
  mcpRequests: number;
}

let dir: string;
let child: ChildProcess | undefined;
let rig: { auth: AuthService; connections: ConnectionManager; logs: string[]; store: OAuthStore } | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-xaa-'));
});
afterEach(async () => {
  await rig?.connections.closeAll();
  rig?.auth.close();
  rig = undefined;
  child?.kill('SIGTERM');
  child = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function startFixture(...args: string[]): Promise<Fixture> {
  child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child!.once('exit', (code) => reject(new Error(`the fixture exited with ${code}`)));
  });
  return JSON.parse(first) as Fixture;
}

const counts = async (fixture: Fixture): Promise<Counts> =>
  (await (await fetch(new URL('/fixture/counts', fixture.mcpUrl))).json()) as Counts;

async function connect(
  fixture: Fixture,
  idToken: string,
  idp: Record<string, unknown> = { tokenEndpoint: fixture.idpTokenEndpoint },
) {
  const env = { XAA_SECRET: fixture.clientSecret, XAA_ID_TOKEN: idToken };
  const server = serverConfigSchema.parse({
    name: 'crm',
    url: fixture.mcpUrl,
    auth: {
      grant: 'cross_app_access',
      clientId: fixture.clientId,
      clientSecret: '${env:XAA_SECRET}',
      idp: { clientId: fixture.idpClientId, idToken: '${env:XAA_ID_TOKEN}', ...idp },
    },
  }) as ServerConfig;
  const logs: string[] = [];
  const store = new OAuthStore(createOwnerOnlyFileSecrets(join(dir, 'oauth-tokens.json')));
  const auth: AuthService = new AuthService({
    store,
    connections: () => connections,
    servers: () => [server],
    env,
    baseDir: dir,
    log: (l) => logs.push(l),
  });
  const connections = new ConnectionManager({
    auth,
    env,
    autoReconnect: false,
    healthCheckIntervalMs: 0,
    defaultTimeoutMs: 10_000,
    log: (l) => logs.push(l),
  });
  rig = { auth, connections, logs, store };
  connections.reconcile([server]);
  await connections.whenSettled();
  return { state: connections.state('crm')!, logs, secrets: [fixture.clientSecret, idToken] };
}

/** What the operator sees: the server's error, else (a machine grant's) the auth view's. */
const reason = (state: { error: string | null }) => state.error ?? '';

function expectNoSecrets(logs: string[], secrets: string[], state: { error: string | null }) {
  const text = [...logs, reason(state)].join('\n');
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/); // no JWT (ID token or ID-JAG) of any kind
}

describe('grant: cross_app_access (SEP-990)', () => {
  it('exchanges the ID token for an ID-JAG, gets an access token with it, and calls the tool; no token in the log', async () => {
    const fixture = await startFixture();
    const { state, logs, secrets } = await connect(fixture, fixture.idToken);
    expect(state.status, reason(state)).toBe('connected');
    const result = await rig!.connections.callTool('crm', 'whoami', {}, { timeoutMs: 10_000 });
    expect(result.content).toEqual([{ type: 'text', text: 'operator@example.com' }]);
    expect(await counts(fixture)).toMatchObject({
      idpExchanges: 1,
      idpRefusals: 0,
      jwtBearerGrants: 1,
      jwtBearerRefusals: 0,
    });
    const access = rig!.store.read('crm', fixture.mcpUrl).tokens?.access_token;
    expect(access).toMatch(/^xaa-/);
    expectNoSecrets(logs, [...secrets, access!], state);
  });

  it('finds the IdP token endpoint from its issuer metadata', async () => {
    const fixture = await startFixture();
    const { state } = await connect(fixture, fixture.idToken, { issuer: fixture.idpIssuer });
    expect(state.status, reason(state)).toBe('connected');
    expect(await counts(fixture)).toMatchObject({ idpExchanges: 1, jwtBearerGrants: 1 });
  });

  it('an expired ID token is named and never sent to the IdP', async () => {
    const fixture = await startFixture();
    const { state, logs, secrets } = await connect(fixture, fixture.expiredIdToken);
    expect(state.status).not.toBe('connected');
    expect(reason(state)).toMatch(
      /the ID token for crm expired at \d{4}-\d\d-\d\dT.*sign in to your identity provider again/,
    );
    expect(await counts(fixture)).toMatchObject({ idpExchanges: 0, jwtBearerGrants: 0 });
    expectNoSecrets(logs, secrets, state);
  });

  it('an ID token issued to another client (wrong audience) is named and never sent to the IdP', async () => {
    const fixture = await startFixture();
    const { state, logs, secrets } = await connect(fixture, fixture.otherClientIdToken);
    expect(reason(state)).toContain(
      `the ID token for crm was issued to some-other-app, not to the IdP client ${fixture.idpClientId}`,
    );
    expect(await counts(fixture)).toMatchObject({ idpExchanges: 0 });
    expectNoSecrets(logs, secrets, state);
  });

  it('an IdP that refuses: its error and description reach the operator; nothing goes to the authorization server', async () => {
    const fixture = await startFixture('--idp', 'refuse');
    const { state, logs, secrets } = await connect(fixture, fixture.idToken);
    expect(state.status).not.toBe('connected');
    expect(reason(state)).toContain(
      `the identity provider ${new URL(fixture.idpIssuer).origin} refused the token exchange for crm`,
    );
    expect(reason(state)).toContain('access_denied - policy forbids this user from reaching that application');
    expect(await counts(fixture)).toMatchObject({ idpRefusals: 1, jwtBearerGrants: 0, jwtBearerRefusals: 0 });
    expectNoSecrets(logs, secrets, state);
  });

  it('an ID-JAG for another authorization server (wrong audience) is not sent on to this one', async () => {
    const fixture = await startFixture('--jag-audience', 'https://as.elsewhere.example/');
    const { state, logs, secrets } = await connect(fixture, fixture.idToken);
    expect(reason(state)).toContain(
      `the identity provider issued a grant for https://as.elsewhere.example/, not for crm's authorization server ${fixture.asIssuer}`,
    );
    expect(await counts(fixture)).toMatchObject({ idpExchanges: 1, jwtBearerGrants: 0, jwtBearerRefusals: 0 });
    expectNoSecrets(logs, secrets, state);
  });

  it('an ID token file that cannot be read is named by its path; one that holds no JWT is refused before any request', async () => {
    const fixture = await startFixture();
    const missing = await connect(fixture, 'tokens/none-here.jwt');
    expect(reason(missing.state)).toContain(
      `the ID token for crm cannot be read: ${join(dir, 'tokens', 'none-here.jwt')}: ENOENT`,
    );
    await rig!.connections.closeAll();
    rig!.auth.close();
    await writeFile(join(dir, 'garbage.txt'), 'not a token at all\n');
    const garbage = await connect(fixture, 'garbage.txt');
    expect(reason(garbage.state)).toContain('the ID token for crm is not a JWT');
    expect(await counts(fixture)).toMatchObject({ idpExchanges: 0 });
  });
});

describe('the cross_app_access config block', () => {
  const parse = (auth: Record<string, unknown>) =>
    serverConfigSchema.safeParse({ name: 'crm', url: 'https://crm.example/mcp', auth });
  const idp = { tokenEndpoint: 'https://idp.example/token', clientId: 'c', idToken: '${env:ID_TOKEN}' };
  const messages = (result: ReturnType<typeof parse>) =>
    result.success ? [] : result.error.issues.map((i) => i.message);

  it('needs the authorization server client and an idp block; idp belongs to this grant only; issuer or tokenEndpoint, not both', () => {
    expect(parse({ grant: 'cross_app_access', clientId: 'a', clientSecret: 's', idp }).success).toBe(true);
    expect(messages(parse({ grant: 'cross_app_access', clientId: 'a', idp }))).toContain(
      "the cross_app_access grant needs the clientId and clientSecret registered with the MCP server's authorization server",
    );
    expect(messages(parse({ grant: 'cross_app_access', clientId: 'a', clientSecret: 's' }))).toContain(
      'the cross_app_access grant needs an idp block: issuer or tokenEndpoint, clientId, idToken',
    );
    expect(messages(parse({ clientId: 'a', idp }))).toContain('idp is used with grant: cross_app_access');
    expect(
      messages(
        parse({
          grant: 'cross_app_access',
          clientId: 'a',
          clientSecret: 's',
          idp: { ...idp, issuer: 'https://idp.example' },
        }),
      ),
    ).toContain('idp needs either issuer or tokenEndpoint');
  });

  it('takes no literal IdP secret or ID token: the console could not mask them', () => {
    const base = { grant: 'cross_app_access', clientId: 'a', clientSecret: 's' };
    expect(
      parse({ ...base, idp: { ...idp, clientSecret: '${env:IDP_SECRET}', idToken: 'tokens/id.jwt' } }).success,
    ).toBe(true);
    expect(messages(parse({ ...base, idp: { ...idp, clientSecret: 'hunter2' } }))).toEqual([
      'idp.clientSecret is written as ${env:NAME}',
    ]);
    expect(messages(parse({ ...base, idp: { ...idp, idToken: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJvIn0.c2ln' } }))).toEqual(
      ['idp.idToken is ${env:NAME} or a file path, never the token itself'],
    );
  });
});
