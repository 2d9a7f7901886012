import type { Message } from '../i18n-message';

/**
 * The config's validation rules, once: the zod schema (config/schema.ts, main) builds its fields from them and runs
 * the cross-field checks below; the console runs the same checks as the operator types (intents' tree-validation,
 * skills' skill-validation, servers' server-form). Pure and zod-free, so the renderer may import it (docs/ARCHITECTURE.md, "zod stays out
 * of the renderer"). Main still parses everything; these only let the console say it first.
 */

/** A name field: required, at most `maxLength` characters, only the characters `pattern` allows. */
export interface NameRule {
  readonly maxLength: number;
  readonly pattern: RegExp;
  /** The code of the sentence that says which characters (MAIN_MESSAGES). */
  readonly charactersCode: 'config.serverNameChars' | 'config.intentIdChars' | 'config.skillNameChars';
}

export const SERVER_NAME: NameRule = {
  maxLength: 64,
  pattern: /^[A-Za-z0-9_.-]+$/,
  charactersCode: 'config.serverNameChars',
};
export const INTENT_NODE_ID: NameRule = {
  maxLength: 128,
  pattern: /^[A-Za-z0-9_.:-]+$/,
  charactersCode: 'config.intentIdChars',
};
export const SKILL_NAME: NameRule = {
  maxLength: 64,
  pattern: /^[A-Za-z0-9_-]+$/,
  charactersCode: 'config.skillNameChars',
};

/**
 * The caps of a server entry's whole-number fields (each a positive integer) and of its roots: the schema's maxima,
 * the server form's checks and the import's timeout, from one table.
 */
export const SERVER_LIMITS = {
  timeoutMs: 600_000,
  maxTotalTimeoutMs: 86_400_000,
  samplingPerMinute: 1_000,
  installTimeoutMs: 1_800_000,
  roots: 64,
} as const;

/** What an intent node's name and an mcp node's toolId must hold: something besides whitespace. */
export const hasText = (value: string): boolean => value.trim() !== '';

/**
 * An HTTP header's name: one token (RFC 9110 §5.6.2). fetch refuses any other name, so a server whose `headers:` held
 * one would fail at every connect: the schema refuses it, the server form too.
 */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A stdio server's environment variable name: not empty, without "=" (the OS would read `A=B=1` as A set to `B=1`)
 * or NUL (spawn refuses it).
 */
export const isEnvVariableName = (name: string): boolean => name !== '' && !/[=\0]/.test(name);

/** A full http:// or https:// URL with a host: a model's base URL (the config, settings.saveModel, the forms). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One OAuth scope as `auth.scopes` takes it: printable ASCII, no space, quote or backslash (RFC 6749 scope-token). */
export const SCOPE_WORD = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** An environment variable's name (`apiKeyEnv`): the config schema, settings.saveModel and the model form. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The longest wait a timer can hold (2^31 - 1 ms, about 24.8 days): Node fires a longer setTimeout at once. */
export const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The model settings' bounds, once: the config schema, settings.saveModel and the console's model form. One table,
 * so a value a hand-written config holds is one Settings saves unchanged (a save is never refused for a field the
 * operator did not touch). The timeouts reach setTimeout, hence the timer's cap.
 */
export const MODEL_SETTINGS_LIMITS = {
  modelLength: 1_000,
  temperature: { min: 0, max: 2, integer: false },
  timeoutMs: { min: 1, max: LONGEST_TIMER_MS, integer: true },
  maxSteps: { min: 1, max: 64, integer: true },
  approvalTimeoutMs: { min: 1, max: LONGEST_TIMER_MS, integer: true },
} as const;

export type NameProblem = 'required' | 'tooLong' | 'characters';

/** What is wrong with a name under its rule, if anything; the first of required, too long, characters. */
export function nameProblem(rule: NameRule, value: string): NameProblem | undefined {
  if (!value) return 'required';
  if (value.length > rule.maxLength) return 'tooLong';
  return rule.pattern.test(value) ? undefined : 'characters';
}

type RuleCode =
  | 'config.duplicateServer'
  | 'config.duplicateIntentId'
  | 'config.unknownServer'
  | 'config.pinMismatch'
  | 'config.duplicateSkill'
  | 'config.skillUnknownServer'
  | 'config.skillManualAndServer';

type AuthRuleCode =
  | 'config.crossAppClientNeeded'
  | 'config.crossAppIdpNeeded'
  | 'config.idpGrant'
  | 'config.clientIdNeeded'
  | 'config.clientSecretNeeded'
  | 'config.privateKeyGrant'
  | 'config.clientSecretNeedsId';

/** A remote server's `auth:` block as far as its rules read it (schema's serverAuthSchema, without the schema). */
export interface AuthBlock {
  grant: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  idp?: unknown;
}

/**
 * The `auth:` block's rules across its fields (which grant needs which identity), each with the field it is placed
 * on inside the block: the schema refuses with these, and the server form checks them as the operator types.
 */
export function authBlockProblems(auth: AuthBlock): { field: string; message: Message<AuthRuleCode> }[] {
  const problems: { field: string; message: Message<AuthRuleCode> }[] = [];
  const add = (field: string, code: AuthRuleCode) => problems.push({ field, message: { code } });
  if (auth.grant === 'cross_app_access') {
    if (!auth.clientId || !auth.clientSecret)
      add(auth.clientId ? 'clientSecret' : 'clientId', 'config.crossAppClientNeeded');
    if (!auth.idp) add('idp', 'config.crossAppIdpNeeded');
  } else if (auth.idp) add('idp', 'config.idpGrant');
  if (auth.grant === 'client_credentials') {
    if (!auth.clientId) add('clientId', 'config.clientIdNeeded');
    if (!auth.clientSecret === !auth.privateKey) add('clientSecret', 'config.clientSecretNeeded');
  } else if (auth.privateKey) add('privateKey', 'config.privateKeyGrant');
  if (auth.clientSecret && !auth.clientId) add('clientSecret', 'config.clientSecretNeedsId');
  return problems;
}

/** A problem a rule found: where (zod's path form, from the config's root) and what, as a message from MAIN_MESSAGES. */
export interface RuleProblem {
  path: (string | number)[];
  message: Message<RuleCode> & { params: Record<string, string> };
}

/** The intent tree's shape as far as the rules read it (schema's IntentNode, without importing the schema). */
export interface RuleNode {
  id: string;
  kind: string;
  toolId?: string;
  server?: string;
  children?: readonly RuleNode[];
}

/** Server names that appear twice. */
export function serverNameProblems(servers: readonly { name: string }[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new Set<string>();
  servers.forEach((server, index) => {
    if (seen.has(server.name))
      problems.push({
        path: ['agent', 'mcp', 'servers', index, 'name'],
        message: { code: 'config.duplicateServer', params: { name: server.name } },
      });
    seen.add(server.name);
  });
  return problems;
}

/**
 * The tree's rules across nodes: an id used twice, a server that is not configured (checked only when
 * `knownServers` is given), and one toolId pinned to two servers (it reaches the model as one tool, so all its nodes
 * must agree). Paths are built only for a problem: the console runs this on every edit of a 5,000-node tree.
 */
export function intentTreeProblems(tree: readonly RuleNode[], knownServers: ReadonlySet<string> | null): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seenIds = new Set<string>();
  const pins = new Map<string, { server: string; id: string }>();
  const indices: number[] = [];
  const pathTo = (field: string) => {
    const path: (string | number)[] = ['intents'];
    indices.forEach((index, depth) => path.push(...(depth === 0 ? [index] : ['children', index])));
    return [...path, field];
  };
  const walk = (nodes: readonly RuleNode[]) =>
    nodes.forEach((node, index) => {
      indices.push(index);
      if (node.id && seenIds.has(node.id))
        problems.push({ path: pathTo('id'), message: { code: 'config.duplicateIntentId', params: { id: node.id } } });
      seenIds.add(node.id);
      if (node.kind === 'mcp' && node.server) {
        if (knownServers && !knownServers.has(node.server))
          problems.push({
            path: pathTo('server'),
            message: { code: 'config.unknownServer', params: { server: node.server } },
          });
        const pinned = node.toolId ? pins.get(node.toolId) : undefined;
        if (pinned && pinned.server !== node.server)
          problems.push({
            path: pathTo('server'),
            message: {
              code: 'config.pinMismatch',
              params: { id: pinned.id, toolId: node.toolId!, server: pinned.server },
            },
          });
        else if (node.toolId) pins.set(node.toolId, { server: node.server, id: node.id });
      }
      if (node.children) walk(node.children);
      indices.pop();
    });
  walk(tree);
  return problems;
}

/**
 * The skills' rules across skills: a name used twice; and, when `knownServers` is given, a skill that takes its
 * manual from a server that is not configured, or has both its own manual and a server's.
 */
export function skillListProblems(
  skills: readonly { name: string; manual: string; server?: string }[],
  knownServers: ReadonlySet<string> | null,
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new Set<string>();
  skills.forEach((skill, index) => {
    if (skill.name && seen.has(skill.name))
      problems.push({
        path: ['skills', index, 'name'],
        message: { code: 'config.duplicateSkill', params: { name: skill.name } },
      });
    seen.add(skill.name);
    if (skill.server && knownServers && !knownServers.has(skill.server))
      problems.push({
        path: ['skills', index, 'server'],
        message: { code: 'config.skillUnknownServer', params: { name: skill.name, server: skill.server } },
      });
    if (skill.server && skill.manual.trim())
      problems.push({
        path: ['skills', index, 'manual'],
        message: { code: 'config.skillManualAndServer', params: { name: skill.name } },
      });
  });
  return problems;
}
