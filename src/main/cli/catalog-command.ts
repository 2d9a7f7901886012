import { uiMark } from '../core/apps/app-marks';
import { join } from 'node:path';
import type { Command } from 'commander';
import { countCatalog, describeCounts, explainTool, type Catalog, type Explanation } from '../../shared/catalog';
import type { CatalogReport, ServerSkillsReport } from '../core/catalog/catalog-run';
import { PINS_FILE_NAME } from '../core/catalog/pin-store';
import type { InstructionsPinState } from '../core/catalog/instruction-pins';
import type { ServerState } from '../core/mcp';
import { serverInfoView } from '../core/services/server-view';
import { cliDataDir } from './cli-auth';
import { confirmLaunchCommand } from './cli-launches';
import { catalogNotes, instructionNotes } from './catalog-notes';
import { withCore } from './core-session';
import { printServerSkills, serverSkillsJson } from './server-skills-cli';
import type { CliIo } from './io';

/** Where a one-shot command finds its config, pins and sign-in tokens. */
export interface DataOptions {
  config?: string;
  dataDir?: string;
}

interface CommonOptions extends DataOptions {
  json?: boolean;
}

/** `--data-dir`, as `serve` takes it: the config's default folder, and where pins and tokens are kept. */
export const DATA_DIR_OPTION = [
  '--data-dir <dir>',
  'where the config (by default), pins and sign-in tokens are kept (default $SWITCHBOARD_DATA_DIR or ~/.switchboard)',
] as const;

/**
 * `switchboard catalog` and `switchboard explain TOOL`: connect once to every configured server,
 * discover, print every tool's state (or one tool's path through the layers), close and exit.
 * `catalog` exits 0 even when servers fail (that is a finding, not an error); `explain` exits 0 when the tool would
 * be sent to the model and 1 when it would not; both exit 2 for an unusable config.
 */
export function registerCatalogCommands(program: Command, io: CliIo): void {
  program
    .command('catalog')
    .description('connect to every configured MCP server and show each tool’s state with its reason')
    .option('--config <file>', 'config file (default <data dir>/switchboard.yaml)')
    .option(...DATA_DIR_OPTION)
    .option('--json', 'machine-readable output')
    .action(async (opts: CommonOptions) => {
      await withCatalog(opts, io, ({ catalog, servers, instructions, serverSkills }) => {
        if (opts.json)
          io.stdout(JSON.stringify(catalogJson(catalog, opts, servers, instructions, serverSkills), null, 2));
        else {
          printCatalog(catalog, io, opts, instructions, servers);
          printServerSkills(serverSkills, io);
        }
      });
    });

  program
    .command('explain <tool>')
    .description(
      'walk one tool through every layer and name the first one that drops it (exit 0: sent to the model, 1: not sent, 2: config problem)',
    )
    .option('--config <file>', 'config file (default as for `catalog`)')
    .option(...DATA_DIR_OPTION)
    .option('--skills <names>', 'comma-separated skills loaded this turn', '')
    .option('--json', 'machine-readable output')
    .action(async (tool: string, opts: CommonOptions & { skills: string }) => {
      const skills = opts.skills
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      let visible = false;
      await withCatalog(opts, io, ({ input, catalog, config, instructions, serverSkills }) => {
        const unknown = skills.filter(
          (s) =>
            !config.skills.some((k) => k.name === s) &&
            !serverSkills.skills.some((k) => k.name === s && k.state === 'verified'),
        );
        if (unknown.length) io.stderr(`note: no skill named ${unknown.join(', ')} in the config`);
        const explanation = explainTool(input, tool, skills, catalog);
        visible = explanation.verdict === 'visible';
        if (opts.json) io.stdout(JSON.stringify(explanation, null, 2));
        else {
          printExplanation(explanation, io);
          const server = catalog.bindingsByToolId.get(tool)?.server ?? catalog.quarantinedByToolId.get(tool)?.server;
          for (const note of instructionNotes(instructions))
            if (note.server === server) io.stdout(`note: ${note.text}`);
          for (const s of input.servers)
            if (s.status === 'needs-auth')
              io.stdout(
                `note: ${s.name} awaits sign-in; its tools are unknown until you run: ${signInCommand(s.name, opts)}`,
              );
        }
      });
      // 0: the model would receive the tool this turn; 1: it would not (a finding a script can act on); 2: unusable config.
      if (process.exitCode === 0 && !visible) process.exitCode = 1;
    });
}

export { configPathOf, defaultConfigPath } from './read-config';

/** Where the CLI keeps definition pins: pins.json in the data directory (cliDataDir), shared with the app. */
export function pinsPathFor(env: NodeJS.ProcessEnv = process.env, dataDir?: string): string {
  return join(cliDataDir({ dataDir }, env), PINS_FILE_NAME);
}

/**
 * Runs the core's catalog run once (createCore in one-shot mode: connect to every configured server, settle, report)
 * and hands the report to `use`. The config is checked first, with each problem's line (exit 2). Trust on first use
 * as the app does; a changed definition or instructions are reported as held, never accepted here.
 */
export async function withCatalog(opts: CommonOptions, io: CliIo, use: (report: CatalogReport) => void): Promise<void> {
  process.exitCode = await withCore(
    opts,
    io,
    async (core) => {
      const report = await core.services.catalog.settled();
      const added = report.pinnedAtFirstSight;
      if (added)
        io.stderr(
          `pinned ${added} new tool definition${added === 1 ? '' : 's'} in ${pinsPathFor(process.env, opts.dataDir)}`,
        );
      use(report);
      return 0;
    },
    process.env,
    // The catalog's table names each server that waits for a launch confirmation, with the command that confirms it.
    { noteUnlaunched: false, existingConfig: true },
  );
}

/** The documented --json shape, and nothing more. */
export function catalogJson(
  catalog: Catalog,
  flags: DataOptions = {},
  states: readonly ServerState[] = [],
  instructionPins: ReadonlyMap<string, InstructionsPinState> = new Map(),
  serverSkills?: ServerSkillsReport,
) {
  const stateOf = new Map(states.map((s) => [s.name, s]));
  return {
    servers: catalog.servers.map((s) => ({
      name: s.name,
      status: s.status,
      error: s.error,
      tools: [...s.tools],
      // Definitions it listed that are not valid tools: never offered, each with why (never silently missing).
      refused: s.refused.map((r) => ({ ...r })),
      // The last tools/list's caching hint (MCP 2026-07-28 ttlMs/cacheScope); nulls when the server gave none.
      toolsCache: toolsCacheJson(stateOf.get(s.name)),
      ...(s.status === 'needs-auth'
        ? { fix: signInCommand(s.name, flags) }
        : s.status === 'needs-confirmation'
          ? { fix: confirmLaunchCommand(s.name, flags) }
          : {}),
      // What the server offered in initialize and what we declared: a server may hide tools behind the latter.
      capabilities: {
        offered: stateOf.get(s.name)?.offeredCapabilities ?? null,
        declared: stateOf.get(s.name)?.declaredCapabilities ?? null,
      },
      // The MCP revision negotiated with it (2025-era handshake or 2026-07-28), null when not connected.
      protocolVersion: stateOf.get(s.name)?.protocolVersion ?? null,
      // What the server says of itself (name, version, title, websiteUrl as given, inline icons), as in servers.list.
      serverInfo: serverInfoView(stateOf.get(s.name)?.serverInfo ?? null),
      instructions: stateOf.get(s.name)?.instructions ?? null,
      instructionsPin: pinJson(instructionPins.get(s.name)),
    })),
    // The same counts as the Tools header and chips (shared/catalog/catalog-counts): a gated binding is not bound.
    counts: countsJson(catalog),
    tools: catalog.entries.map((e) => ({
      toolId: e.toolId,
      server: e.server,
      state: e.state,
      reason: e.reason,
      nodes: [...e.nodes],
      gatedBy: [...e.gatedBy],
      description: e.description,
      remoteDescription: e.remoteDescription,
      overrideStale: e.overrideStale,
      quarantine: e.quarantine && {
        changed: [...e.quarantine.changed],
        pinnedHash: e.quarantine.pinnedHash,
        currentHash: e.quarantine.currentHash,
        pinnedAt: e.quarantine.pinnedAt,
        rejected: e.quarantine.rejected,
        moved: e.quarantine.moved && { ...e.quarantine.moved },
      },
      descriptionTruncated: e.descriptionTruncated && { ...e.descriptionTruncated },
      schemaCapped: e.schemaCapped && { ...e.schemaCapped },
      // MCP Apps: the tool's ui:// interface and who may see it (null: none).
      ui: uiMark(stateOf.get(e.server ?? '')?.tools.find((t) => t.name === e.toolId)),
    })),
    // Skills servers publish (the MCP Skills extension), each with its state: verified, quarantined or refused.
    serverSkills: serverSkillsJson(serverSkills),
  };
}

const toolsCacheJson = (state: ServerState | undefined) =>
  state?.status === 'connected' && state.toolsCache
    ? {
        ttlMs: state.toolsCache.ttlMs,
        cacheScope: state.toolsCache.cacheScope,
        fetchedAt: state.toolsCache.fetchedAt,
        expiresAt: state.toolsCache.expiresAt,
      }
    : null;

const pinJson = (pin: InstructionsPinState | undefined) =>
  pin
    ? { held: pin.held, pinnedHash: pin.pinned.hash, pinnedAt: pin.pinned.pinnedAt, currentHash: pin.currentHash }
    : null;

function countsJson(catalog: Catalog) {
  const counts = countCatalog(catalog.entries.map((e) => e.state));
  return { tools: counts.tools, bindings: counts.bindings, ...counts.byState };
}

/** The command that signs a needs-auth server in, with this command's --config and --data-dir, so its tokens land where this command reads them. */
export function signInCommand(server: string, flags: DataOptions = {}): string {
  return `switchboard auth login ${server}${flags.config ? ` --config ${flags.config}` : ''}${flags.dataDir ? ` --data-dir ${flags.dataDir}` : ''}`;
}

function printCatalog(
  catalog: Catalog,
  io: CliIo,
  flags: DataOptions,
  instructions: ReadonlyMap<string, InstructionsPinState>,
  states: readonly ServerState[],
): void {
  io.stdout('Servers');
  if (catalog.servers.length === 0) io.stdout('  (none configured under agent.mcp.servers)');
  const revision = (name: string) => states.find((s) => s.name === name)?.protocolVersion;
  const detail = (s: Catalog['servers'][number]) =>
    s.status === 'connected'
      ? `${s.tools.length} tool${s.tools.length === 1 ? '' : 's'}${revision(s.name) ? `, MCP ${revision(s.name)}` : ''}`
      : s.status === 'needs-auth'
        ? `${s.error ?? 'sign-in required'}; run: ${signInCommand(s.name, flags)}`
        : s.status === 'needs-confirmation'
          ? `${s.error ?? 'waiting for your confirmation to launch'}; not launched. Confirm with: ${confirmLaunchCommand(s.name, flags)}`
          : (s.error ?? '');
  table(
    catalog.servers.map((s) => [s.name, s.status, detail(s)]),
    io,
  );
  io.stdout('');
  io.stdout('Tools');
  if (catalog.entries.length === 0) io.stdout('  (no tool discovered or configured)');
  table(
    catalog.entries.map((e) => [e.state, e.toolId, e.server ?? '-', e.reason]),
    io,
  );
  const refused = catalog.servers.flatMap((s) =>
    s.refused.map((r) => ['refused', r.name ?? `#${r.index}`, s.name, r.reason]),
  );
  if (refused.length) {
    io.stdout('');
    io.stdout('Refused definitions (listed by the server, not valid tools: never offered to the model)');
    table(refused, io);
  }
  io.stdout('');
  io.stdout(describeCounts(countCatalog(catalog.entries.map((e) => e.state))));
  const notes = [...instructionNotes(instructions).map((n) => n.text), ...catalogNotes(catalog)];
  if (notes.length) {
    io.stdout('');
    io.stdout('Notes');
    for (const note of notes) io.stdout(`  ${note}`);
  }
}

function printExplanation(explanation: Explanation, io: CliIo): void {
  const verdict =
    explanation.verdict === 'visible'
      ? 'visible to the model this turn'
      : `hidden: dropped at layer "${explanation.firstFailingLayer}"`;
  io.stdout(`${explanation.toolId}: ${verdict}`);
  table(
    explanation.layers.map((l) => [l.ok ? 'ok' : 'FAIL', l.layer, l.detail]),
    io,
  );
}

/** Left-aligned columns; the last column is free text. */
function table(rows: string[][], io: CliIo): void {
  if (rows.length === 0) return;
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const row of rows)
    io.stdout(`  ${row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ')}`);
}
