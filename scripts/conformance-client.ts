/**
 * The client the MCP conformance runner launches (`npx conformance client --command "npx tsx
 * scripts/conformance-client.ts"`): `<server-url>` as the last argument, MCP_CONFORMANCE_SCENARIO and
 * MCP_CONFORMANCE_CONTEXT in the environment. It drives Switchboard's own code, the way a server in
 * switchboard.yaml is used: the config schema, the ConnectionManager and its transport factory, the
 * AuthService with its OAuth provider, and the token store (an owner-only file in a fresh data dir).
 * The browser step goes through the same opener port the CLI and the console use; this opener
 * fetches the authorization URL and follows its redirect to the loopback listener. A server's questions
 * go through the ServerRequestService as `switchboard chat --elicit defaults` answers them (accepted with
 * the schema's defaults, checked like an operator's answer); sampling is denied, as with no operator.
 * Exits 0 once every discovered tool was called, 1 on the first thing that went wrong.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { serverConfigSchema } from '../src/shared/config/schema';
import { AuthService, MAX_AUTHORIZATION_ROUNDS, OAuthStore, type BrowserOpener } from '../src/main/core/auth';
import { AuthorizationRequiredError, ConnectionManager } from '../src/main/core/mcp';
import { EventBus } from '../src/main/core/events';
import { CallRegistry } from '../src/main/core/requests/call-registry';
import { ServerRequestService } from '../src/main/core/requests/server-requests';
import { createOwnerOnlyFileSecrets } from '../src/main/core/secrets';
import { errorText } from '../src/shared/error-text';

const NAME = 'conformance';
/** A client ID metadata document URL, used where the authorization server supports it (auth/basic-cimd). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The `auth:` block an operator would write for this scenario; secrets travel as ${env:…}, as in a real config. */
function authBlock(
  scenario: string,
  context: Record<string, unknown>,
  env: Record<string, string>,
): Record<string, unknown> | undefined {
  const text = (key: string) => (typeof context[key] === 'string' ? (context[key] as string) : undefined);
  if (scenario === 'auth/client-credentials-basic') {
    env.SB_CONFORMANCE_CLIENT_SECRET = text('client_secret') ?? '';
    return {
      grant: 'client_credentials',
      clientId: text('client_id'),
      clientSecret: '${env:SB_CONFORMANCE_CLIENT_SECRET}',
    };
  }
  if (scenario === 'auth/client-credentials-jwt') {
    env.SB_CONFORMANCE_PRIVATE_KEY = text('private_key_pem') ?? '';
    return {
      grant: 'client_credentials',
      clientId: text('client_id'),
      privateKey: '${env:SB_CONFORMANCE_PRIVATE_KEY}',
    };
  }
  if (scenario === 'auth/pre-registration') {
    env.SB_CONFORMANCE_CLIENT_SECRET = text('client_secret') ?? '';
    return { clientId: text('client_id'), clientSecret: '${env:SB_CONFORMANCE_CLIENT_SECRET}' };
  }
  if (scenario === 'auth/cross-app-access-complete-flow') {
    // SEP-990: the operator's ID token goes to the enterprise IdP's token endpoint and comes back as an ID-JAG. (The
    // scenario's IdP metadata lacks fields OpenID discovery requires, so the endpoint is given, not discovered.)
    env.SB_CONFORMANCE_CLIENT_SECRET = text('client_secret') ?? '';
    env.SB_CONFORMANCE_ID_TOKEN = text('idp_id_token') ?? '';
    return {
      grant: 'cross_app_access',
      clientId: text('client_id'),
      clientSecret: '${env:SB_CONFORMANCE_CLIENT_SECRET}',
      idp: {
        tokenEndpoint: text('idp_token_endpoint'),
        clientId: text('idp_client_id'),
        idToken: '${env:SB_CONFORMANCE_ID_TOKEN}',
      },
    };
  }
  return scenario.startsWith('auth/') ? { clientMetadataUrl: CLIENT_METADATA_URL } : undefined;
}

/** Plausible arguments from a tool's input schema (numbers, strings, booleans): enough to call a test tool. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const type = properties[name]?.type;
    args[name] =
      type === 'number' || type === 'integer'
        ? 2
        : type === 'boolean'
          ? true
          : type === 'object'
            ? {}
            : type === 'array'
              ? []
              : 'conformance';
  }
  return args;
}

/** The conformance opener: no browser, so "visiting" the authorization URL is a fetch that follows its redirect to our listener. */
const fetchOpener: BrowserOpener = async (url) => {
  const response = await fetch(url, { redirect: 'follow' });
  const landed = new URL(response.url);
  log(`[conformance] authorization page -> ${response.status} at ${landed.origin}${landed.pathname}`); // never the code in the query
  await response.body?.cancel();
  return true;
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = process.argv[2];
  if (!scenario || !serverUrl)
    throw new Error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> tsx scripts/conformance-client.ts <server-url>');
  const context = process.env.MCP_CONFORMANCE_CONTEXT
    ? (JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) as Record<string, unknown>)
    : {};
  const env: Record<string, string> = {};
  const auth = authBlock(scenario, context, env);
  const server = serverConfigSchema.parse({ name: NAME, url: serverUrl, ...(auth ? { auth } : {}) });

  const dataDir = await mkdtemp(join(tmpdir(), 'sb-conformance-'));
  const store = new OAuthStore(createOwnerOnlyFileSecrets(join(dataDir, 'oauth-tokens.json')));
  const processEnv = { ...process.env, ...env };
  const authService: AuthService = new AuthService({
    store,
    connections: () => connections,
    servers: () => [server],
    env: processEnv,
    log,
  });
  const requests = new ServerRequestService({
    events: new EventBus(),
    registry: new CallRegistry(),
    provider: () => {
      throw new Error('no model in the conformance client');
    },
    settings: () => ({ elicitationTimeoutMs: 20_000, samplingTimeoutMs: 20_000, samplingPerMinute: () => 10 }),
    log,
  });
  requests.policy.elicit = 'defaults';
  requests.policy.sampling = 'deny';
  const connections = new ConnectionManager({
    auth: authService,
    requests: requests.handlers,
    env: processEnv,
    autoReconnect: false,
    healthCheckIntervalMs: 0,
    defaultTimeoutMs: 20_000,
    log,
  });
  const signIn = async (why: string) => {
    log(`[conformance] signing in (${why})`);
    const handle = await authService.signIn(NAME, fetchOpener);
    await handle.done;
  };
  try {
    connections.reconcile([server]);
    await connections.whenSettled();
    let state = connections.state(NAME)!;
    log(`[conformance] ${NAME}: ${state.status}${state.error ? ` (${state.error})` : ''}`);
    if (state.status === 'needs-auth') {
      await signIn(state.error ?? 'needs-auth');
      state = connections.state(NAME)!;
    }
    if (state.status !== 'connected') throw new Error(`not connected: ${state.status}: ${state.error}`);
    for (const tool of state.tools) {
      for (let round = 1; ; round++) {
        try {
          const result = await connections.callTool(NAME, tool.name, sampleArguments(tool), { timeoutMs: 20_000 });
          log(`[conformance] ${tool.name} -> ${result.isError ? 'error result' : 'ok'}`);
          break;
        } catch (error) {
          // The operator's move on a step-up: sign in again, then retry; the product bounds the rounds.
          if (
            error instanceof AuthorizationRequiredError &&
            error.verdict.kind === 'step-up' &&
            round < MAX_AUTHORIZATION_ROUNDS
          ) {
            await signIn(error.message);
            continue;
          }
          throw error;
        }
      }
    }
  } finally {
    await connections.closeAll();
    authService.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`[conformance] failed: ${errorText(error)}`);
    process.exit(1);
  },
);
