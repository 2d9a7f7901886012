import {
  isStdioServer,
  serverConfigSchema,
  type ServerConfig,
  type StdioServerConfig,
} from '../../../shared/config/schema';
import type { ImportResult } from '../../../shared/contract';
import { maskServer, restoreServerSecrets, unmatchedMasks } from '../../../shared/config/secrets';
import { envReferencesOf, isAllowed, showingReferences, withConsentedEnv, type EnvConsent } from './import-env';
import { Invalid } from '../errors';
import type { ConfigStore } from './config-store';
import { say } from '../../../shared/messages';
import { parseServerImport, problem, suffixed, type ParsedImport } from './parse-server-import';

/**
 * Imports MCP server definitions other hosts write: Claude Desktop / Cursor / Cline
 * `{"mcpServers": {...}}` and VS Code `mcp.json` (`{"servers": {...}, "inputs": [...]}`, JSONC).
 * A name that already exists is never silently overwritten: the caller picks skip, rename or
 * replace, or (the default) gets the clash back without anything written.
 */

export type ConflictPolicy = 'ask' | 'skip' | 'rename' | 'replace';

/** Decides, for each imported entry, what happens to it given the names already configured. */
export function planServerImport(
  parsed: ParsedImport,
  existing: readonly string[],
  onConflict: ConflictPolicy,
): ImportResult {
  const configured = new Set(existing);
  const conflicts = parsed.entries.filter((e) => configured.has(e.name)).map((e) => e.name);
  const result: ImportResult = {
    applied: false,
    format: parsed.format,
    conflicts,
    servers: [],
    added: [],
    renamed: [],
    replaced: [],
    skipped: [],
    environment: [],
    problems: parsed.problems,
  };
  const used = new Set([...existing, ...parsed.entries.map((e) => e.name)]);
  for (const entry of parsed.entries) {
    const config = serverConfigSchema.parse(entry.config);
    const clash = configured.has(entry.name);
    if (!clash) {
      result.servers.push({ name: entry.name, originalName: entry.originalName, action: 'add', config });
      result.added.push(entry.name);
    } else if (onConflict === 'replace') {
      result.servers.push({ name: entry.name, originalName: entry.originalName, action: 'replace', config });
      result.replaced.push(entry.name);
    } else if (onConflict === 'rename') {
      let n = 2;
      while (used.has(suffixed(entry.name, n))) n++;
      const to = suffixed(entry.name, n);
      used.add(to);
      result.servers.push({
        name: to,
        originalName: entry.originalName,
        action: 'rename',
        config: { ...config, name: to } as ServerConfig,
      });
      result.renamed.push({ from: entry.name, to });
    } else {
      result.servers.push({ name: entry.name, originalName: entry.originalName, action: 'skip', config });
      if (onConflict === 'skip') result.skipped.push(entry.name); // under 'ask' nothing is decided yet
    }
  }
  return result;
}

/**
 * Parses, plans and (unless a clash needs a decision) writes through ConfigStore.edit so comments survive.
 * `${env:NAME}` references come in only for the variables `allowEnv` names (import-env.ts); the result lists every
 * one with its server and place. It leaves main with literal secrets masked, like every other view of a server, and
 * with each reference shown by its name.
 */
export async function importServers(
  store: ConfigStore,
  text: string,
  onConflict: ConflictPolicy,
  dryRun = false,
  allowEnv: EnvConsent = [],
  /** Called before anything is written with the stdio entries to write (and those configured now): marks them to wait for a launch confirmation. */
  beforeStdioWrite?: (imported: StdioServerConfig[], configured: StdioServerConfig[]) => Promise<unknown>,
): Promise<ImportResult> {
  const parsed = consented(parseServerImport(text), allowEnv);
  const plan = planServerImport(
    parsed.kept,
    store.current().agent.mcp.servers.map((s) => s.name),
    onConflict,
  );
  const finalName = new Map(plan.servers.map((s) => [s.originalName, s.name]));
  const environment = parsed.references.map((r) => ({ ...r, server: finalName.get(r.server) ?? r.server }));
  const masked = { ...plan, environment, servers: plan.servers.map((s) => ({ ...s, config: previewOf(s.config) })) };
  const writes = plan.servers.filter((s) => s.action !== 'skip');
  if (dryRun || (onConflict === 'ask' && plan.conflicts.length > 0) || writes.length === 0) return masked;
  const inputs = new Map(parsed.kept.entries.map((e) => [e.originalName, e.config]));
  const stdio = writes.map((s) => s.config).filter(isStdioServer);
  if (stdio.length && beforeStdioWrite)
    await beforeStdioWrite(stdio, store.current().agent.mcp.servers.filter(isStdioServer));
  await store.edit((current) =>
    writes.map((server) => {
      // Write what the file said (no schema defaults), under the final name; a mask stands only for the literal it replaces.
      const stored =
        server.action === 'replace' ? current.agent.mcp.servers.find((s) => s.name === server.name) : undefined;
      const restored = restoreServerSecrets({ ...inputs.get(server.originalName)!, name: server.name }, stored);
      if (restored.problems.length > 0)
        throw new Invalid(
          unmatchedMasks(restored.problems, `${server.name}: `),
          restored.problems.map((p) => ({
            path: `${server.name}.${p.path}`,
            message: p.message,
            uiMessage: p.uiMessage,
          })),
        );
      return {
        op: 'putServer' as const,
        server: restored.server as Record<string, unknown>,
        replace: server.action === 'replace',
      };
    }),
  );
  return { ...masked, applied: true };
}

/** The parsed import with every reference the operator did not allow taken out (and reported), and the list of all of them. */
function consented(
  parsed: ParsedImport,
  allowEnv: EnvConsent,
): { kept: ParsedImport; references: ImportResult['environment'] } {
  const references: ImportResult['environment'] = [];
  const problems = [...parsed.problems];
  const entries: ParsedImport['entries'] = [];
  for (const entry of parsed.entries) {
    const found = envReferencesOf(entry.originalName, entry.config).map((r) => ({
      ...r,
      allowed: isAllowed(allowEnv, r.variable),
    }));
    references.push(...found);
    const kept = withConsentedEnv(entry.config, allowEnv);
    for (const r of found.filter((f) => !f.allowed)) {
      const wholeEntry = !['header', 'env', 'auth'].includes(r.where);
      const path = r.where === 'header' ? `headers.${r.key}` : r.key === null ? r.where : `${r.where}.${r.key}`;
      problems.push(
        problem(
          entry.originalName,
          path,
          say(kept && !wholeEntry ? 'import.envNotAllowed' : 'import.envNotAllowedSkipped', { variable: r.variable }),
        ),
      );
    }
    if (kept) entries.push({ ...entry, config: kept });
  }
  return { kept: { ...parsed, entries, problems }, references };
}

/** An entry as the preview shows it: literal secrets masked, `${env:NAME}` references by name. */
function previewOf(config: ServerConfig): ServerConfig {
  const masked = maskServer(config) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...masked };
  for (const field of ['headers', 'env', 'auth']) {
    const original = (config as unknown as Record<string, unknown>)[field];
    if (!original || typeof original !== 'object') continue;
    out[field] = { ...(masked[field] as object) };
    for (const [key, value] of Object.entries(original))
      if (typeof value === 'string' && value.includes('${env:'))
        (out[field] as Record<string, unknown>)[key] = showingReferences(value);
  }
  return out as unknown as ServerConfig;
}
