import { z } from 'zod';
import { formatMessage } from '../i18n-message';
import { MAIN_MESSAGES } from '../messages';
import { ACTING_IDENTITY_CHARACTERS, ACTING_IDENTITY_MAX_LENGTH } from '../acting-identity';
import {
  authBlockProblems,
  ENV_NAME,
  hasText,
  HEADER_NAME,
  isEnvVariableName,
  isHttpUrl,
  MODEL_SETTINGS_LIMITS,
  INTENT_NODE_ID,
  intentTreeProblems,
  type NameRule,
  SCOPE_WORD,
  SERVER_LIMITS,
  SERVER_NAME,
  serverNameProblems,
  SKILL_NAME,
  skillListProblems,
} from './rules';
import { numberWithin } from './bounded-number';
import { isEnvReference } from './secrets';
import { telemetrySettingsSchema } from './telemetry-schema';
import { unknownNames, VENDOR_PROVIDERS, type ConfigRuleProblem, type ConfigVocabulary } from './vocabulary';

/** Tool names the host provides in-process; a remote tool with one of these names is `reserved`. */
export const RESERVED_TOOL_NAMES = ['search_knowledge', 'load_skill'] as const;

/** A name field from its shared rule (config/rules.ts); the characters message is the rule's, in English. */
const nameField = (rule: NameRule) =>
  z.string().min(1).max(rule.maxLength).regex(rule.pattern, MAIN_MESSAGES[rule.charactersCode]);

const serverName = nameField(SERVER_NAME);

const serverCommon = {
  name: serverName,
  enabled: z.boolean().default(true),
  timeoutMs: z.number().int().positive().max(SERVER_LIMITS.timeoutMs).optional(),
  /**
   * A call that reports progress may run past timeoutMs (each progress notification restarts it), but never
   * longer than this (default 600000: 10 minutes).
   */
  maxTotalTimeoutMs: z.number().int().positive().max(SERVER_LIMITS.maxTotalTimeoutMs).optional(),
  /** Directories offered to the server as MCP roots (`roots/list`). Without them the roots capability is not declared. */
  roots: z.array(z.string().min(1)).max(SERVER_LIMITS.roots).optional(),
  /** Declare elicitation (form and URL) to this server (default true): its questions come to the operator. */
  elicitation: z.boolean().optional(),
  /** Declare sampling to this server (default true): its model requests wait for the operator's approval. */
  sampling: z.boolean().optional(),
  /** Sampling requests this server may make per minute (default 10); more are refused without asking. */
  samplingPerMinute: z.number().int().positive().max(SERVER_LIMITS.samplingPerMinute).optional(),
  /** Append the server's `instructions` (from initialize) to the system prompt; each step records them with their tokens. */
  useInstructions: z.boolean().optional(),
  /**
   * Which MCP revision to speak (default auto): auto probes with server/discover (2026-07-28) and falls back to the
   * 2025 initialize handshake; legacy speaks only 2025; "2026-07-28" only that revision, with no fallback.
   */
  protocol: z.enum(['auto', 'legacy', '2026-07-28']).optional(),
};

export const AUTH_GRANTS = ['authorization_code', 'client_credentials', 'cross_app_access'] as const;
export type AuthGrant = (typeof AUTH_GRANTS)[number];

/**
 * The enterprise IdP of grant: cross_app_access. `idToken` is the operator's OpenID Connect ID token from the IdP's
 * single sign-on, as `${env:NAME}` or a file path (read anew for each exchange, so a tool that renews it works).
 * Neither it nor `clientSecret` may be written literally: the console masks literal secrets one level below
 * `auth:` only, and a short-lived token does not belong in a file the operator edits.
 */
export const idpSchema = z
  .strictObject({
    /** The IdP's issuer; its token endpoint comes from its metadata. */
    issuer: z.url({ protocol: /^https?$/ }).optional(),
    /** The IdP's token endpoint, when it publishes no metadata. */
    tokenEndpoint: z.url({ protocol: /^https?$/ }).optional(),
    /** This client at the IdP (the ID token's audience). */
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    idToken: z.string().min(1),
  })
  .refine((idp) => !idp.issuer !== !idp.tokenEndpoint, {
    message: 'idp needs either issuer or tokenEndpoint',
    path: ['issuer'],
  })
  .refine((idp) => idp.clientSecret === undefined || isEnvReference(idp.clientSecret), {
    message: 'idp.clientSecret is written as ${env:NAME}',
    path: ['clientSecret'],
  })
  .refine((idp) => !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(idp.idToken.trim()), {
    message: 'idp.idToken is ${env:NAME} or a file path, never the token itself',
    path: ['idToken'],
  });

/**
 * OAuth for a remote server (MCP authorization, revision 2025-11-25). Every field is optional: without
 * the block a server that answers 401 is signed in to with dynamic client registration. Secrets may be
 * `${env:NAME}`; `privateKey` may also be a file path. Tokens are never written here.
 */
export const serverAuthSchema = z
  .strictObject({
    /** cross_app_access: SEP-990 enterprise-managed authorization (RFC 8693 ID-JAG from `idp:`, then an RFC 7523 jwt-bearer grant). */
    grant: z.enum(AUTH_GRANTS).default('authorization_code'),
    /** A client registered with the authorization server beforehand (used before any other identity). */
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    /** A client ID metadata document URL (HTTPS, with a path), used where the server supports it. */
    clientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
    /** Scopes to ask for when the server names none (neither in WWW-Authenticate nor in scopes_supported). */
    scopes: z.array(z.string().regex(SCOPE_WORD, MAIN_MESSAGES['config.scopeWord'])).optional(),
    /** client_credentials with private_key_jwt: a PEM key, from `${env:NAME}` or a file path. */
    privateKey: z.string().min(1).optional(),
    /** grant: cross_app_access: the enterprise identity provider that exchanges the operator's ID token for an ID-JAG. */
    idp: idpSchema.optional(),
  })
  .superRefine((auth, ctx) => {
    for (const { field, message } of authBlockProblems(auth))
      ctx.addIssue({ code: 'custom', path: [field], message: MAIN_MESSAGES[message.code] });
  });
export type ServerAuthConfig = z.output<typeof serverAuthSchema>;

/** A name → text record whose names follow `valid`; each other name is refused on itself, in words the console translates. */
const recordWithKeys = (valid: (name: string) => boolean, code: 'config.headerName' | 'config.envName') =>
  z
    .record(z.string(), z.string())
    .superRefine((record, ctx) => {
      for (const name of Object.keys(record))
        if (!valid(name)) {
          const message = { code, params: { name } };
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: formatMessage(MAIN_MESSAGES, message),
            params: { uiMessage: message },
          });
        }
    })
    .default({});

export const httpServerSchema = z.strictObject({
  ...serverCommon,
  url: z.url({ protocol: /^https?$/ }),
  transport: z.enum(['streamable-http', 'sse']).default('streamable-http'),
  headers: recordWithKeys((name) => HEADER_NAME.test(name), 'config.headerName'),
  auth: serverAuthSchema.optional(),
});

export const stdioServerSchema = z.strictObject({
  ...serverCommon,
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: recordWithKeys(isEnvVariableName, 'config.envName'),
  cwd: z.string().optional(),
  /**
   * The first start of a package-runner command (npx, uvx, pipx run, bunx, pnpm dlx) may download and install the
   * package: it gets this budget instead of timeoutMs until it has connected once (default 120000).
   */
  installTimeoutMs: z.number().int().positive().max(SERVER_LIMITS.installTimeoutMs).optional(),
});

/**
 * A server the entry point embeds (the demo shop's `shop`); main resolves its URL and token at run time. The name must
 * be one the entry point registered: checked where that is known (`configSchemaFor`).
 */
export const builtinServerSchema = z.strictObject({
  ...serverCommon,
  builtin: z.string().min(1),
});

export const serverConfigSchema = z.union([httpServerSchema, stdioServerSchema, builtinServerSchema]);
export type HttpServerConfig = z.output<typeof httpServerSchema>;
export type StdioServerConfig = z.output<typeof stdioServerSchema>;
export type BuiltinServerConfig = z.output<typeof builtinServerSchema>;
export type ServerConfig = z.output<typeof serverConfigSchema>;
export type ServerConfigInput = z.input<typeof serverConfigSchema>;

export const isStdioServer = (s: ServerConfig): s is StdioServerConfig => 'command' in s;
export const isBuiltinServer = (s: ServerConfig): s is BuiltinServerConfig => 'builtin' in s;
export const isHttpServer = (s: ServerConfig): s is HttpServerConfig => 'url' in s;

export const confirmPolicySchema = z.enum(['auto', 'always', 'never']);
export type ConfirmPolicy = z.output<typeof confirmPolicySchema>;

const nodeId = nameField(INTENT_NODE_ID);

const nodeCommon = {
  id: nodeId,
  name: z.string().refine(hasText, MAIN_MESSAGES['config.intentNameNeeded']),
  examples: z.array(z.string()).default([]),
};

export const mcpLeafSchema = z.strictObject({
  ...nodeCommon,
  kind: z.literal('mcp'),
  toolId: z
    .string({ error: MAIN_MESSAGES['config.mcpNodeNeedsToolId'] })
    .refine(hasText, MAIN_MESSAGES['config.mcpNodeNeedsToolId']),
  server: z.string().optional(),
  description: z.string().optional(),
  confirm: confirmPolicySchema.default('auto'),
});

export const knowledgeLeafSchema = z.strictObject({
  ...nodeCommon,
  kind: z.literal('knowledge'),
  description: z.string().optional(),
});

export type McpLeaf = z.output<typeof mcpLeafSchema>;
export type KnowledgeLeaf = z.output<typeof knowledgeLeafSchema>;
export interface CategoryNode {
  id: string;
  name: string;
  examples: string[];
  kind: 'category';
  children: IntentNode[];
}
export type IntentNode = CategoryNode | McpLeaf | KnowledgeLeaf;

const categorySchema = z.strictObject({
  ...nodeCommon,
  kind: z.literal('category'),
  get children(): z.ZodDefault<z.ZodArray<typeof intentNodeSchema>> {
    return z.array(intentNodeSchema).default([]);
  },
});

/** A node without `kind` is a category; dispatching on kind keeps error paths precise. */
export const intentNodeSchema: z.ZodType<IntentNode, unknown> = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !Array.isArray(value) && !('kind' in value)
      ? { ...value, kind: 'category' }
      : value,
  z.discriminatedUnion('kind', [mcpLeafSchema, knowledgeLeafSchema, categorySchema]),
) as z.ZodType<IntentNode, unknown>;

export const skillSchema = z.strictObject({
  name: nameField(SKILL_NAME),
  description: z.string().default(''),
  manual: z.string().default(''),
  /** Takes the manual from a skill this server publishes (the MCP Skills extension) instead of `manual`. */
  server: z.string().min(1).optional(),
  /** The server skill's name, when it differs from `name`. */
  skill: z.string().min(1).max(64).optional(),
  unlocks: z.array(z.string().min(1)).min(1, 'a skill must unlock at least one tool'),
});
export type Skill = z.output<typeof skillSchema>;

/**
 * `provider` names a vendor's provider or one the entry point registered (checked by `configSchemaFor`); without it,
 * the vocabulary's first provider.
 */
const modelSettingsSchemaFor = (defaultProvider: string) =>
  z.strictObject({
    provider: z.string().min(1).default(defaultProvider),
    baseUrl: z.string().refine(isHttpUrl, MAIN_MESSAGES['config.modelBaseUrl']).optional(),
    model: z.string().max(MODEL_SETTINGS_LIMITS.modelLength).optional(),
    temperature: numberWithin(MODEL_SETTINGS_LIMITS.temperature).optional(),
    apiKeyEnv: z.string().regex(ENV_NAME).optional(),
    /** Per request: time to first byte, and also the longest silence allowed between stream chunks. */
    timeoutMs: numberWithin(MODEL_SETTINGS_LIMITS.timeoutMs).optional(),
    /** Output cap. Anthropic requires one (default 4096); OpenAI-compatible sends it only when set. */
    maxTokens: z.number().int().positive().max(200_000).optional(),
    /**
     * Send images from tool results to the model (default true for OpenAI-compatible and Anthropic). Turn it off for a
     * model without vision: it then reads a note where each image was.
     */
    images: z.boolean().optional(),
  });
export type ModelSettings = z.output<ReturnType<typeof modelSettingsSchemaFor>>;

const agentSchemaFor = (defaultProvider: string) =>
  z.strictObject({
    mcp: z
      .strictObject({
        servers: z.array(serverConfigSchema).default([]),
        /** A tool description longer than this (UTF-8 bytes) is cut in what the model receives; default 8,192 (DEFAULT_MAX_DESCRIPTION_BYTES). */
        maxDescriptionBytes: z.number().int().min(256).max(1_048_576).optional(),
        /** A tool's input schema bigger than this (UTF-8 bytes of JSON, once its texts are cut) reaches the model without its details; default 65,536. */
        maxSchemaBytes: z.number().int().min(1_024).max(4_194_304).optional(),
      })
      .default({ servers: [] }),
    model: modelSettingsSchemaFor(defaultProvider).default({ provider: defaultProvider }),
    maxSteps: numberWithin(MODEL_SETTINGS_LIMITS.maxSteps).default(8),
    approvalTimeoutMs: numberWithin(MODEL_SETTINGS_LIMITS.approvalTimeoutMs).default(300_000),
    /** How long a server's question (elicitation) waits for the operator before it is answered `cancel` (default: approvalTimeoutMs). */
    elicitationTimeoutMs: z.number().int().positive().max(86_400_000).optional(),
    systemPrompt: z.string().optional(),
    /**
     * Who the console's forms, the CLI and cases.yaml act as when nobody names an identity; overrides the
     * application's (the demo shop's u1001). Optional: a config written before it keeps the application's.
     */
    defaultActingIdentity: z
      .string()
      .min(1)
      .max(ACTING_IDENTITY_MAX_LENGTH)
      .regex(ACTING_IDENTITY_CHARACTERS, MAIN_MESSAGES['config.actingIdentityChars'])
      .optional(),
  });

function buildConfigSchema(vocabulary: ConfigVocabulary | undefined) {
  const defaultProvider = vocabulary?.modelProviders[0] ?? VENDOR_PROVIDERS[0];
  return z
    .strictObject({
      agent: agentSchemaFor(defaultProvider).default({
        mcp: { servers: [] },
        model: { provider: defaultProvider },
        maxSteps: 8,
        approvalTimeoutMs: 300_000,
      }),
      intents: z.array(intentNodeSchema).default([]),
      skills: z.array(skillSchema).default([]),
      telemetry: telemetrySettingsSchema.optional(),
    })
    .superRefine((config, ctx) => {
      const problems = [...crossFieldProblems(config), ...(vocabulary ? unknownNames(config, vocabulary) : [])];
      // The message rides along as params.uiMessage, so the console can show it in the operator's language.
      for (const { path, message } of problems)
        ctx.addIssue({ code: 'custom', path, message: message.text, params: { uiMessage: message } });
    });
}

type ConfigSchema = ReturnType<typeof buildConfigSchema>;
const schemasByVocabulary = new Map<string, ConfigSchema>();

/**
 * The config schema for a process that can run what `vocabulary` names (core's ConfigStore, from what createCore was
 * handed). Without one, any builtin or provider name passes and the default provider is the first vendor's: the
 * shape alone, for what has no entry point to ask (imports, tests). Built on first use, never as the module loads:
 * at start-up only the store's own schema is needed, and each build is a few ms of the event loop.
 */
export function configSchemaFor(vocabulary?: ConfigVocabulary): ConfigSchema {
  const key = vocabulary ? JSON.stringify(vocabulary) : '';
  let schema = schemasByVocabulary.get(key);
  if (!schema) schemasByVocabulary.set(key, (schema = buildConfigSchema(vocabulary)));
  return schema;
}

export type SwitchboardConfig = z.output<ConfigSchema>;
export type SwitchboardConfigInput = z.input<ConfigSchema>;

/** The rules zod can't express per field (config/rules.ts, which the console runs too), as main's messages. */
function crossFieldProblems(config: SwitchboardConfig): ConfigRuleProblem[] {
  const servers = new Set(config.agent.mcp.servers.map((server) => server.name));
  return [
    ...serverNameProblems(config.agent.mcp.servers),
    ...intentTreeProblems(config.intents, servers),
    ...skillListProblems(config.skills, servers),
  ].map(({ path, message }) => ({ path, message: { ...message, text: formatMessage(MAIN_MESSAGES, message) } }));
}

/** Depth-first list of every MCP leaf, in tree order. */
export function listMcpLeaves(nodes: IntentNode[]): McpLeaf[] {
  const leaves: McpLeaf[] = [];
  const walk = (list: IntentNode[]) => {
    for (const node of list) {
      if (node.kind === 'mcp') leaves.push(node);
      else if ('children' in node) walk(node.children);
    }
  };
  walk(nodes);
  return leaves;
}
