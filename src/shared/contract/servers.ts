import { z } from 'zod';
import { iconSchema } from './resources';
import { AUTH_GRANTS, serverConfigSchema } from '../config/schema';
import { uiMessageSchema } from './message';
import { SERVER_STATUSES } from '../catalog/types';
import { command, query } from './define';

export const serverStatusSchema = z.enum(SERVER_STATUSES);

/** A remote server's OAuth state as the console shows it. Never a token: those stay in main's secret store. */
export const serverAuthViewSchema = z.object({
  grant: z.enum(AUTH_GRANTS),
  signedIn: z.boolean(),
  signingIn: z.boolean(),
  /** While signing in: the authorization page, to open it again (a blocked pop-up, a closed tab, a step-up). */
  signInUrl: z.string().nullable(),
  authorizationServer: z.string().nullable(),
  /** Granted scopes (as the token response named them, else as requested). */
  scopes: z.array(z.string()),
  expiresAt: z.string().nullable(),
  /** More scope the server asked for with 403 insufficient_scope; signing in again grants it. */
  pendingScope: z.string().nullable(),
  /** The last sign-in failure, as the authorization server put it (error and error_description). */
  error: z.string().nullable(),
  /** `error` as a code when it is one of ours (a refresh refused, the browser gave no answer…); the console translates it. */
  errorMessage: uiMessageSchema.optional(),
  /** False when tokens are kept in memory only and are gone after a restart. */
  persistent: z.boolean(),
});
export type ServerAuthView = z.infer<typeof serverAuthViewSchema>;

/** One configured server: its config (main resolves commands from it; the renderer only sends names) and its live state. */
export const serverViewSchema = z.object({
  name: z.string(),
  kind: z.enum(['http', 'sse', 'stdio', 'builtin']),
  enabled: z.boolean(),
  status: serverStatusSchema,
  error: z.string().nullable(),
  /** `error` as a code and params the console translates; absent or null when it is only text (a server's own words). */
  errorMessage: uiMessageSchema.nullable().optional(),
  transport: z.enum(['streamable-http', 'sse', 'stdio']).nullable(),
  /** The URL or command line as configured (unexpanded, so no secret from the environment leaks). */
  endpoint: z.string(),
  connectedAt: z.string().nullable(),
  discoveredAt: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  /**
   * What the server says of itself (2025 initialize or 2026-07-28 server/discover). `websiteUrl` as given (the card
   * links it only through the external-URL gate); `icons` only those the console shows (inline data: images).
   */
  serverInfo: z
    .object({
      name: z.string(),
      version: z.string(),
      title: z.string().optional(),
      websiteUrl: z.string().optional(),
      icons: z.array(iconSchema).optional(),
    })
    .nullable(),
  /** The last initialize: what the server offered, and what we declared (it may hide tools behind what we did not). */
  offeredCapabilities: z.record(z.string(), z.unknown()).nullable(),
  declaredCapabilities: z.record(z.string(), z.unknown()).nullable(),
  /** The server's `instructions` from initialize (null when it gave none); sent to the model only with `useInstructions`. */
  instructions: z.string().nullable(),
  /**
   * The instructions the operator trusts (pinned at first sight or on accept). `held`: the server now gives other
   * instructions (`currentHash`, null when it gives none); the model keeps receiving `pinned.text` until the operator
   * accepts the change (servers.acceptInstructions). Null when nothing is pinned.
   */
  instructionsPin: z
    .object({
      pinned: z.object({ hash: z.string(), text: z.string(), pinnedAt: z.string() }),
      currentHash: z.string().nullable(),
      held: z.boolean(),
    })
    .nullable()
    .optional(),
  toolCount: z.number().int(),
  tools: z.array(z.string()),
  /** Definitions its last tools/list held that are not valid tools, each with why (never offered to the model). */
  refusedTools: z
    .array(z.object({ index: z.number().int(), name: z.string().nullable(), reason: z.string() }))
    .optional(),
  /**
   * The last tools/list's caching hint (MCP 2026-07-28): ttlMs and cacheScope as the server gave them (null: it gave
   * none), when the list was fetched and when the hint makes it stale (null: no ttl, or 0). Null until a tools/list.
   */
  toolsCache: z
    .object({
      ttlMs: z.number().int().nullable(),
      cacheScope: z.enum(['public', 'private']).nullable(),
      fetchedAt: z.string(),
      expiresAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
  stderrTail: z.string().nullable(),
  /** A package runner's first start (npx, uvx…): installing / starting, with its longer budget (installTimeoutMs). */
  startup: z.object({ runner: z.string(), budgetMs: z.number().int() }).nullable(),
  reconnectAttempt: z.number().int(),
  nextRetryAt: z.string().nullable(),
  /** OAuth, for a remote server that signs in; null for stdio, builtin, or a static Authorization header. */
  auth: serverAuthViewSchema.nullable(),
  /** A stdio server that waits for the operator before its first launch (status needs-confirmation): its exact command line. */
  launchConfirmation: z.object({ commandLine: z.string() }).nullable().optional(),
  config: serverConfigSchema,
});
export type ServerView = z.infer<typeof serverViewSchema>;

export const serverListSchema = z.object({ servers: z.array(serverViewSchema) });

const serverName = z.string().min(1).max(64);

export const importConflictPolicySchema = z.enum(['ask', 'skip', 'rename', 'replace']);

/**
 * One use of a `${env:NAME}` reference in an imported entry: the variable, the server it would go to and where
 * (a header, a stdio child's env, an OAuth field, the url, the command, its cwd or an argument, `key` naming the
 * header, variable, field or argument index). `allowed`: the operator allowed this variable for this import.
 */
export const importEnvReferenceSchema = z.object({
  variable: z.string(),
  server: z.string(),
  where: z.enum(['header', 'env', 'auth', 'url', 'command', 'cwd', 'args']),
  key: z.string().nullable(),
  allowed: z.boolean(),
});
export type ImportEnvReference = z.infer<typeof importEnvReferenceSchema>;

/** An environment variable's name as `${env:NAME}` writes it. */
const envVariableName = z.string().min(1).max(256);

export const importResultSchema = z.object({
  /** False when nothing was written: a clash under 'ask', or nothing importable. */
  applied: z.boolean(),
  format: z.enum(['mcpServers', 'vscode']).nullable(),
  /** Imported names that already exist in the config. */
  conflicts: z.array(z.string()),
  /** What would be (or was) written, in order. */
  servers: z.array(
    z.object({
      name: z.string(),
      originalName: z.string(),
      action: z.enum(['add', 'rename', 'replace', 'skip']),
      config: serverConfigSchema,
    }),
  ),
  added: z.array(z.string()),
  renamed: z.array(z.object({ from: z.string(), to: z.string() })),
  replaced: z.array(z.string()),
  skipped: z.array(z.string()),
  /** Every `${env:NAME}` the pasted entries use; one not allowed is left out of what is written (import-env.ts). */
  environment: z.array(importEnvReferenceSchema).default([]),
  /** Entries or values that could not be imported, e.g. a VS Code `${input:…}` reference. */
  problems: z.array(
    z.object({
      server: z.string().nullable(),
      path: z.string(),
      message: z.string(),
      uiMessage: uiMessageSchema.optional(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const serverRoutes = {
  'servers.list': query(z.strictObject({}).default({}), serverListSchema),
  /** Appends a server (or inserts it at `index`); a name that exists is a conflict. */
  'servers.add': command(
    z.strictObject({ server: serverConfigSchema, index: z.number().int().min(0).optional() }),
    serverListSchema,
  ),
  /** Replaces the entry called `name` (the new one may carry a new name). */
  'servers.update': command(z.strictObject({ name: serverName, server: serverConfigSchema }), serverListSchema),
  'servers.remove': command(z.strictObject({ name: serverName }), serverListSchema),
  /** Reconnects now, resetting the backoff. Takes a name only: main resolves the command from its own config. */
  'servers.reconnect': command(z.strictObject({ name: serverName }), serverViewSchema),
  /**
   * Starts an OAuth sign-in (PKCE, loopback redirect). Answers once the browser step is under way: main
   * opened the system browser (`opened`), or the console opens `authorizationUrl` itself. The rest arrives
   * as servers.authChanged / servers.statusChanged; client_credentials answers with no URL.
   */
  'servers.signIn': command(
    z.strictObject({ name: serverName }),
    z.object({ name: z.string(), authorizationUrl: z.string().nullable(), opened: z.boolean() }),
  ),
  /** Forgets the server's tokens and registration; it then waits for a sign-in (needs-auth). */
  'servers.signOut': command(z.strictObject({ name: serverName }), serverViewSchema),
  /**
   * The operator's answer to a stdio server waiting for its first launch: `launch` confirms the exact `commandLine`
   * shown (refused as a conflict if the entry changed since) and starts it; `false` disables the entry.
   */
  'servers.confirmLaunch': command(
    z.strictObject({ name: serverName, commandLine: z.string().max(100_000), launch: z.boolean() }),
    serverViewSchema,
  ),
  /**
   * Trusts the server's current instructions (a held change): they are pinned and reach the model from the next call.
   * `currentHash` is what the operator reviewed: a server that changed them again since is a conflict.
   */
  'servers.acceptInstructions': command(
    z.strictObject({ name: serverName, currentHash: z.string().max(128) }),
    serverViewSchema,
  ),
  /** tools/list again for one server, or all when no name is given. */
  'servers.rediscover': command(z.strictObject({ name: serverName.optional() }).default({}), serverListSchema),
  /** Imports Claude Desktop / Cursor `{"mcpServers": …}` or VS Code `{"servers": …}` JSON into agent.mcp.servers. */
  'config.import': command(
    z.strictObject({
      text: z.string().max(1_000_000),
      onConflict: importConflictPolicySchema.default('ask'),
      /** Preview only: report what would be written, write nothing. */
      dryRun: z.boolean().default(false),
      /** The `${env:NAME}` variables the operator allows this import to use, by name; every other reference is left out. */
      allowEnv: z.array(envVariableName).max(1_000).default([]),
    }),
    importResultSchema,
  ),
};

export const serverEvents = {
  'servers.statusChanged': z.object({ name: z.string(), status: serverStatusSchema }),
  /** A server's authorization moved: sign-in started, finished or failed, tokens refreshed or forgotten. */
  'servers.authChanged': z.object({ name: z.string() }),
  /** A server's instructions were pinned, changed against their pin, or accepted. */
  'servers.instructionsChanged': z.object({ name: z.string() }),
};
