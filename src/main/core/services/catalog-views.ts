import {
  capDescription,
  capInputSchema,
  DEFAULT_MAX_DESCRIPTION_BYTES,
  truncationOf,
  type CatalogEntry,
  type CatalogServerInput,
  type ToolBinding,
  type ToolDefinition,
} from '../../../shared/catalog';
import type { CatalogDescriptionsView, CatalogListView, CatalogToolView, CatalogView } from '../../../shared/contract';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import { NotFound } from '../errors';
import { uiMark } from '../apps/app-marks';
import { isShownIcon, shownIcons, toolTitleOf } from '../../../shared/mcp/icons';
import { say } from '../../../shared/messages';

/**
 * The catalog as the routes send it. The list and the descriptions are built once per catalog revision: every first
 * visit of the Tools page asks for the same 10,000 rows, and the snapshot they come from never changes.
 * Memoised answers are shared between callers and never mutated.
 */

type Annotations = Record<string, unknown>;

const rowKey = (server: string | null, toolId: string) => `${server ?? ''}\u0000${toolId}`;

/** server -> tool name -> definition, for annotations of tools that are not bound (unmounted, shadowed…). */
const definitionsMemo = new WeakMap<readonly CatalogServerInput[], Map<string, Map<string, ToolDefinition>>>();
function definitionsOf(servers: readonly CatalogServerInput[]): Map<string, Map<string, ToolDefinition>> {
  let byServer = definitionsMemo.get(servers);
  if (!byServer) {
    byServer = new Map();
    for (const server of servers) byServer.set(server.name, new Map(server.tools.map((tool) => [tool.name, tool])));
    definitionsMemo.set(servers, byServer);
  }
  return byServer;
}

/** The server's annotations for an offered tool, mounted or not; null for a row no server offers. */
function annotationsOf(snapshot: CatalogSnapshot, entry: Pick<CatalogEntry, 'server' | 'toolId'>): Annotations | null {
  if (entry.server === null) return null;
  return definitionsOf(snapshot.input.servers).get(entry.server)?.get(entry.toolId)?.annotations ?? null;
}

export function entryView(e: CatalogEntry, annotations?: Annotations | null): CatalogView['entries'][number] {
  const view: CatalogView['entries'][number] = {
    ...e,
    nodes: [...e.nodes],
    gatedBy: [...e.gatedBy],
    quarantine: e.quarantine && {
      ...e.quarantine,
      changed: [...e.quarantine.changed],
      moved: e.quarantine.moved && { ...e.quarantine.moved },
    },
    descriptionTruncated: e.descriptionTruncated && { ...e.descriptionTruncated },
    schemaCapped: e.schemaCapped && { ...e.schemaCapped },
  };
  if (annotations !== undefined) view.annotations = annotations;
  return view;
}

/** The offered definition's title and the icons shown (only inline images: shared/mcp/icons.ts), on a full entry. */
function withLooks(snapshot: CatalogSnapshot, view: CatalogView['entries'][number]): CatalogView['entries'][number] {
  const definition =
    view.server === null ? undefined : definitionsOf(snapshot.input.servers).get(view.server)?.get(view.toolId);
  if (!definition) return view;
  view.title = toolTitleOf(definition);
  view.ui = uiMark(definition);
  if (definition.icons !== undefined) {
    const { icons, withheld } = shownIcons(definition.icons);
    if (icons.length > 0) view.icons = icons;
    if (withheld > 0) view.iconsWithheld = withheld;
  }
  return view;
}

export function bindingView(b: ToolBinding): CatalogView['bindings'][number] {
  return {
    toolId: b.toolId,
    server: b.server,
    nodes: [...b.nodes],
    confirm: b.confirm,
    description: b.description,
    descriptionSource: b.descriptionSource,
    remoteDescription: b.remoteDescription,
    remoteDescriptionHash: b.remoteDescriptionHash,
    gatedBy: [...b.gatedBy],
    shadows: [...b.shadows],
    annotations: b.definition.annotations ?? null,
    inputSchema: b.definition.inputSchema,
    overrideStale: b.overrideStale,
    readOnly: b.readOnly,
    descriptionTruncated: b.descriptionTruncated && { ...b.descriptionTruncated },
    schemaCapped: b.schemaCapped && { ...b.schemaCapped },
  };
}

/**
 * The page-facing routes send a description over the limit as the model gets it (cut, with the note): the Tools
 * page shows what is sent, and a multi-megabyte text never reaches a text diff in the renderer. catalog.get keeps it whole.
 */
function capped(snapshot: CatalogSnapshot, text: string | null): string | null {
  if (text === null) return null;
  return capDescription(text, truncationOf(text, snapshot.input.maxDescriptionBytes ?? DEFAULT_MAX_DESCRIPTION_BYTES));
}

/** catalog.get's default page: a huge catalog answered whole outgrew the console connection and dropped its client. */
export const CATALOG_PAGE_DEFAULT = 1_000;

/**
 * catalog.get: a page of entries (by default the first CATALOG_PAGE_DEFAULT) with the bindings of its toolIds. Every
 * description, schema and quarantine diff is sent as the model receives it (capped, with the host's notes), so no one
 * row carries a server's multi-megabyte text; `page` says where the next page starts.
 */
export function fullView(snapshot: CatalogSnapshot, request: { offset?: number; limit?: number } = {}): CatalogView {
  const { catalog: c, revision } = snapshot;
  const offset = request.offset ?? 0;
  const limit = request.limit ?? CATALOG_PAGE_DEFAULT;
  const entries = c.entries.slice(offset, offset + limit);
  const toolIds = new Set(entries.map((e) => e.toolId));
  const next = offset + entries.length;
  return {
    revision,
    servers: c.servers.map((s) => ({ ...s, tools: [...s.tools], refused: s.refused.map((r) => ({ ...r })) })),
    // Annotations for unmounted tools too: a client can tell read-only from write before mounting.
    entries: entries.map((e) => {
      const view = withLooks(snapshot, entryView(e, annotationsOf(snapshot, e)));
      view.description = capped(snapshot, view.description);
      view.remoteDescription = capped(snapshot, view.remoteDescription);
      if (view.quarantine) view.quarantine = cappedQuarantine(snapshot, view.quarantine);
      return view;
    }),
    bindings: c.bindings.filter((b) => toolIds.has(b.toolId)).map(sentBindingView(snapshot)),
    unavailable: c.unavailable.map((u) => ({ ...u, nodes: [...u.nodes] })),
    skills: c.skills.map((s) => ({ ...s, unlocks: [...s.unlocks], unlocksUnbound: [...s.unlocksUnbound] })),
    localTools: c.localTools.map((t) => ({ ...t })),
    page: { offset, limit, total: c.entries.length, nextOffset: next < c.entries.length ? next : null },
  };
}

/** A binding as the model receives it: its description and input schema capped. */
const sentBindingView =
  (snapshot: CatalogSnapshot) =>
  (b: ToolBinding): CatalogView['bindings'][number] => {
    const view = bindingView(b);
    view.description = b.modelDefinition.description;
    view.inputSchema = b.modelDefinition.inputSchema;
    view.remoteDescription = capped(snapshot, view.remoteDescription);
    return view;
  };

type QuarantineView = NonNullable<CatalogView['entries'][number]['quarantine']>;

/** Both sides of a quarantine diff with their texts and schemas capped: the hashes still tell any difference apart. */
function cappedQuarantine(snapshot: CatalogSnapshot, quarantine: QuarantineView): QuarantineView {
  const limit = snapshot.input.maxSchemaBytes;
  const side = (d: QuarantineView['pinned']): QuarantineView['pinned'] => ({
    ...d,
    description: capped(snapshot, d.description),
    inputSchema: capInputSchema(d.inputSchema as ToolDefinition['inputSchema'], limit).schema,
    outputSchema: d.outputSchema && capInputSchema(d.outputSchema as ToolDefinition['inputSchema'], limit).schema,
  });
  return { ...quarantine, pinned: side(quarantine.pinned), current: side(quarantine.current) };
}

const listMemo = new WeakMap<CatalogSnapshot, CatalogListView>();

/** catalog.list: the rows' few fields, column by column. */
export function listView(snapshot: CatalogSnapshot): CatalogListView {
  let view = listMemo.get(snapshot);
  if (view) return view;
  const { catalog: c, revision } = snapshot;
  const columns: CatalogListView['entries'] = {
    toolId: [],
    server: [],
    state: [],
    reasonCode: [],
    reasonParams: [],
    readOnly: [],
  };
  const reasonCodes: string[] = [];
  const codeIndex = new Map<string, number>();
  const looks = new LooksBuilder();
  const definitions = definitionsOf(snapshot.input.servers);
  for (const e of c.entries) {
    if (e.server !== null) looks.add(columns.toolId.length, definitions.get(e.server)?.get(e.toolId));
    columns.toolId.push(e.toolId);
    columns.server.push(e.server);
    columns.state.push(e.state);
    let code = codeIndex.get(e.message.code);
    if (code === undefined) codeIndex.set(e.message.code, (code = reasonCodes.push(e.message.code) - 1));
    columns.reasonCode.push(code);
    columns.reasonParams.push(e.message.params ?? null);
    // The bound row says what the confirmation decision reads (a read-only claim weaker than what was accepted does not count).
    const bound = e.state === 'bound' || e.state === 'gated' ? c.bindingsByToolId.get(e.toolId) : undefined;
    columns.readOnly.push(
      e.server === null ? null : bound ? bound.readOnly : annotationsOf(snapshot, e)?.readOnlyHint === true,
    );
  }
  view = {
    revision,
    servers: c.servers.map((s) => ({
      name: s.name,
      status: s.status,
      error: s.error,
      toolCount: s.tools.length,
      ...(s.refused.length > 0 && { refused: s.refused.map((r) => ({ ...r })) }),
    })),
    entries: columns,
    reasonCodes,
    bindingCount: c.bindings.length,
    skillNames: c.skills.map((s) => s.name),
    localToolNames: c.localTools.map((t) => t.name),
  };
  if (looks.rows.length > 0) view.looks = looks.view();
  listMemo.set(snapshot, view);
  return view;
}

/** catalog.list's sparse titles and icons: one shown icon per row, each distinct icon sent once. */
class LooksBuilder {
  readonly rows: number[] = [];
  private readonly title: (string | null)[] = [];
  private readonly icon: (number | null)[] = [];
  /** src -> its index in `icons`, or -1 when it is not shown (checked once per distinct src). */
  private readonly seen = new Map<string, number>();
  private readonly icons: string[] = [];

  add(row: number, definition: ToolDefinition | undefined): void {
    if (
      !definition ||
      (definition.title === undefined && definition.icons === undefined && definition.annotations?.title === undefined)
    )
      return;
    const title = toolTitleOf(definition);
    const icon = this.firstShown(definition.icons);
    if (title === null && icon === null) return;
    this.rows.push(row);
    this.title.push(title);
    this.icon.push(icon);
  }

  view(): NonNullable<CatalogListView['looks']> {
    return { rows: this.rows, title: this.title, icon: this.icon, icons: this.icons };
  }

  private firstShown(icons: unknown): number | null {
    if (!Array.isArray(icons)) return null;
    for (const icon of icons as { src?: unknown }[]) {
      if (typeof icon?.src !== 'string') continue;
      let index = this.seen.get(icon.src);
      if (index === undefined) {
        index = isShownIcon(icon) ? this.icons.push(icon.src) - 1 : -1;
        this.seen.set(icon.src, index);
      }
      if (index >= 0) return index;
    }
    return null;
  }
}

const rowsMemo = new WeakMap<CatalogSnapshot, Map<string, CatalogEntry>>();

/** catalog.tool: one entry with its quarantine diff, and its binding when it is the bound row. */
export function toolView(snapshot: CatalogSnapshot, toolId: string, server: string | null): CatalogToolView {
  let rows = rowsMemo.get(snapshot);
  if (!rows) {
    rows = new Map(snapshot.catalog.entries.map((e) => [rowKey(e.server, e.toolId), e]));
    rowsMemo.set(snapshot, rows);
  }
  const entry = rows.get(rowKey(server, toolId));
  if (!entry)
    throw new NotFound(
      server === null
        ? say('toolView.noRowWithoutServer', { toolId })
        : say('toolView.noTool', { server, toolId, revision: snapshot.revision }),
    );
  const binding = snapshot.catalog.bindingsByToolId.get(toolId);
  const bound =
    (entry.state === 'bound' || entry.state === 'gated') && binding !== undefined && binding.server === entry.server;
  const view = withLooks(snapshot, entryView(entry, annotationsOf(snapshot, entry)));
  view.description = capped(snapshot, view.description);
  view.remoteDescription = capped(snapshot, view.remoteDescription);
  if (view.quarantine) view.quarantine = cappedQuarantine(snapshot, view.quarantine);
  const bindingPart = bound ? sentBindingView(snapshot)(binding) : null;
  return { revision: snapshot.revision, entry: view, binding: bindingPart };
}

const descriptionsMemo = new WeakMap<CatalogSnapshot, CatalogDescriptionsView>();

/** catalog.descriptions: each row's effective and remote description, in the list's order. */
export function descriptionsView(snapshot: CatalogSnapshot): CatalogDescriptionsView {
  let view = descriptionsMemo.get(snapshot);
  if (view) return view;
  view = {
    revision: snapshot.revision,
    descriptions: snapshot.catalog.entries.map((e) => ({
      toolId: e.toolId,
      server: e.server,
      description: capped(snapshot, e.description),
      remoteDescription: capped(snapshot, e.remoteDescription),
    })),
  };
  descriptionsMemo.set(snapshot, view);
  return view;
}
