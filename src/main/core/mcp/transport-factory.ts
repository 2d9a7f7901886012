import type { Readable } from 'node:stream';
import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import {
  isBuiltinServer,
  isStdioServer,
  type BuiltinServerConfig,
  type HttpServerConfig,
  type ServerConfig,
} from '../../../shared/config/schema';
import { minimalChildEnv } from './child-env';
import { PACKAGE_RUNNER_TERM_GRACE_MS, packageRunnerOf, patientStdioTransport } from './package-runner';
import { sseModule, stdioModule, streamableHttpModule } from './sdk-modules';
import { expandEnvRefs, normalizeServerUrl, refuseUnsendable, ServerConfigError } from './server-endpoint';
import type { ConnectionAuth, ConnectionAuthPort } from './types';

export type TransportKind = 'streamable-http' | 'sse' | 'stdio';

/** Where an embedded server (a config's `builtin:` entry) listens; the entry point starts it on demand. */
export type ResolveBuiltin = (
  name: BuiltinServerConfig['builtin'],
) => Promise<{ url: string; headers: Record<string, string> }>;

/** The embedded servers an entry point provides: their names, where each listens, and how to stop them. */
export interface BuiltinServers {
  /** What a config's `builtin:` may name; the config is refused for any other (with these names). */
  readonly names: readonly string[];
  resolveBuiltin: ResolveBuiltin;
  /** Puts the embedded servers' data back to its seed; false when none has started (its data is fresh). */
  resetData?(): Promise<boolean>;
  close(): Promise<void>;
}

/** A stdio command as this host runs it: the packaged desktop app runs `node` as itself (see desktop/stdio-launch). */
export type LaunchStdio = (
  command: string,
  env: Record<string, string>,
) => { command: string; env: Record<string, string> };

export interface TransportDeps {
  /** Source for `${env:NAME}` and for the stdio child's PATH/HOME. */
  env: Record<string, string | undefined>;
  resolveBuiltin?: ResolveBuiltin;
  auth?: ConnectionAuthPort;
  /** The fetch HTTP transports use (the desktop's honours the system proxy); default Node's. */
  fetch?: FetchLike;
  launchStdio?: LaunchStdio;
}

export interface BuiltTransport {
  transport: Transport;
  kind: TransportKind;
  /** For display: the URL, or the command line (no header or env values, which may be secrets). */
  endpoint: string;
  /** The stdio child's stderr, piped so it can be shown as a tail. */
  stderr?: Readable;
  /** OAuth for this attempt (remote servers that take it). */
  auth?: ConnectionAuth;
}

/**
 * Builds a fresh SDK transport for one connection attempt; a transport is single-use. `probeInPlace`: the era is
 * known (remembered or pinned), so the SDK's server/discover runs on this stdio process, not on a sibling it spawns
 * (the SDK probes in place on any subclass of its stdio transport).
 */
export async function buildTransport(
  server: ServerConfig,
  deps: TransportDeps,
  options: { probeInPlace?: boolean } = {},
): Promise<BuiltTransport> {
  if (isBuiltinServer(server)) {
    if (!deps.resolveBuiltin)
      throw new ServerConfigError(`the builtin server "${server.builtin}" is not available in this process`);
    const { url, headers } = await deps.resolveBuiltin(server.builtin);
    const endpoint = normalizeServerUrl(url);
    return http(new URL(endpoint), headers, 'streamable-http', endpoint, undefined, deps.fetch);
  }
  if (isStdioServer(server)) {
    const expanded = expandEnvRefs(prefixed('env', server.env), deps.env);
    const own = Object.fromEntries(Object.keys(server.env).map((key) => [key, expanded[`env.${key}`]]));
    refuseUnsendable(own, 'env');
    const launch = (deps.launchStdio ?? asWritten)(server.command, minimalChildEnv(deps.env, own));
    const params = {
      command: launch.command,
      args: server.args,
      // The SDK also adds its own safe defaults (HOME, LOGNAME, PATH, SHELL, TERM, USER) beneath these.
      env: launch.env,
      cwd: server.cwd,
      stderr: 'pipe' as const,
    };
    const runner = packageRunnerOf(server.command, server.args);
    // A package runner (npx, uvx…) is stopped patiently: a kill mid-install leaves its cache half-written.
    const { StdioClientTransport } = await stdioModule();
    const transport = runner
      ? await patientStdioTransport(params, PACKAGE_RUNNER_TERM_GRACE_MS)
      : options.probeInPlace
        ? new (class InPlaceProbeStdioTransport extends StdioClientTransport {})(params)
        : new StdioClientTransport(params);
    return {
      transport,
      kind: 'stdio',
      endpoint: [server.command, ...server.args].join(' '),
      stderr: transport.stderr as Readable,
    };
  }
  const expanded = expandEnvRefs({ url: server.url, ...prefixed('headers', server.headers) }, deps.env);
  const headers = Object.fromEntries(Object.keys(server.headers).map((key) => [key, expanded[`headers.${key}`]]));
  refuseUnsendable(headers, 'header');
  const url = endpointUrl(server, expanded.url);
  const auth = deps.auth?.forAttempt(server, url.href);
  return http(url, headers, server.transport, server.url, auth, deps.fetch); // display the unexpanded URL: expansions may hold secrets
}

/** The URL a remote server is reached at: `${env:…}` expanded, then normalised (Streamable HTTP gets its /mcp). */
export function httpEndpoint(server: HttpServerConfig, env: Record<string, string | undefined>): URL {
  return endpointUrl(server, expandEnvRefs({ url: server.url }, env).url);
}

function endpointUrl(server: HttpServerConfig, expanded: string): URL {
  try {
    return new URL(server.transport === 'sse' ? expanded.replace(/\/+$/, '') : normalizeServerUrl(expanded));
  } catch {
    throw new ServerConfigError(`"${server.url}" is not a valid URL after expanding variables`);
  }
}

const asWritten: LaunchStdio = (command, env) => ({ command, env });

/**
 * The SDK hands its connection-wide AbortSignal to every fetch, and undici adds an abort listener to
 * that signal per request which only a garbage collection removes: a busy connection piled up
 * thousands (a MaxListenersExceededWarning per call past 1,500, and per-call listener bookkeeping
 * that grew with the pile; `npm run bench`, tool-call scenario). Each request gets its own signal that
 * follows the connection's until its response body has been read (an SSE stream: until it ends), so
 * closing the transport still aborts everything in flight. (AbortSignal.any would do it in one line,
 * but Node 20 never drops a dependant from its source signal: one dead WeakRef per request.)
 */
export const fetchWithRequestSignal: FetchLike = (url, init) => requestSignalFetch(fetch)(url, init);

/** fetchWithRequestSignal over another fetch (the desktop's system-proxy fetch). */
export const requestSignalFetch =
  (base: FetchLike): FetchLike =>
  async (url, init) => {
    const connection = init?.signal;
    if (!connection) return base(url, init);
    const request = new AbortController();
    const forward = () => request.abort(connection.reason);
    if (connection.aborted) request.abort(connection.reason);
    else connection.addEventListener('abort', forward, { once: true });
    const release = () => connection.removeEventListener('abort', forward);
    let response: Response;
    try {
      response = await base(url, { ...init, signal: request.signal });
    } catch (error) {
      release();
      throw error;
    }
    // Errors and redirects are read at once (or not at all) and keep their url; only a body being streamed needs the link.
    if (!response.ok || !response.body) {
      release();
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

async function http(
  url: URL,
  headers: Record<string, string>,
  kind: 'streamable-http' | 'sse',
  endpoint: string,
  auth?: ConnectionAuth,
  base?: FetchLike,
): Promise<BuiltTransport> {
  const withSignal = base ? requestSignalFetch(base) : fetchWithRequestSignal;
  // With OAuth the SDK answers a 401 itself (refresh, or ask for a sign-in) and sends the bearer token.
  const fetch = auth ? auth.wrapFetch(withSignal) : withSignal;
  const authProvider = auth?.authProvider;
  // Ours checks the authorization server's issuer (auth/oauth-provider.ts OWN_ISSUER_CHECK).
  const issuerCheck = authProvider ? { skipIssuerMetadataValidation: true } : {};
  // The SDK's transports load on first use (sdk-modules.ts).
  const transport =
    kind === 'sse'
      ? new (await sseModule()).SSEClientTransport(url, {
          requestInit: { headers },
          fetch,
          authProvider,
          ...issuerCheck,
        })
      : // The SDK retries a dropped GET stream on its own; keep that short, our manager owns reconnection.
        new (await streamableHttpModule()).StreamableHTTPClientTransport(url, {
          requestInit: { headers },
          fetch,
          authProvider,
          ...issuerCheck,
          reconnectionOptions: {
            initialReconnectionDelay: 500,
            maxReconnectionDelay: 2_000,
            reconnectionDelayGrowFactor: 2,
            maxRetries: 1,
          },
        });
  return { transport, kind, endpoint, auth };
}

const prefixed = (prefix: string, record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}.${key}`, value]));

/** The SDK tells HTTP transports the negotiated version; stdio has no hook, so give it one. */
export function captureProtocolVersion(transport: Transport): () => string | null {
  let version: string | null = null;
  const original = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (v: string) => {
    version = v;
    original?.(v);
  };
  return () => version;
}
