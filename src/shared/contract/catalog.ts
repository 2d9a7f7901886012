import { z } from 'zod';
import { command, query } from './define';
import { iconSchema } from './resources';
import type { Message } from '../i18n-message';
import { messageSchema } from './message';
import { TOOL_STATE_ORDER } from '../catalog/catalog-counts';
import { PINNED_FIELDS } from '../catalog/pins';
import { EXPLAIN_LAYERS } from '../catalog/types';
import { serverStatusSchema } from './servers';

const toolStateSchema = z.enum(TOOL_STATE_ORDER);
const jsonObject = z.record(z.string(), z.unknown());

/** The parts of a tool definition that are pinned (hashed as canonical JSON with sorted keys). */
export const pinnedDefinitionSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.nullable(),
  annotations: jsonObject.nullable(),
  /** The tool's MCP App, pinned with it: the ui:// URI, the resource's sha256, MIME type, size and `_meta.ui` (absent: no app). */
  ui: jsonObject.nullable().optional(),
});
export type PinnedDefinitionView = z.infer<typeof pinnedDefinitionSchema>;
export const pinnedFieldSchema = z.enum(PINNED_FIELDS);

/** Why a tool is quarantined: its definition no longer matches the operator-trusted pin. Diff `pinned` vs `current`. */
export const quarantineSchema = z.object({
  pinnedHash: z.string(),
  currentHash: z.string(),
  /** ISO time the pin was taken (first sight or last accept). */
  pinnedAt: z.string(),
  pinned: pinnedDefinitionSchema,
  current: pinnedDefinitionSchema,
  /** Which pinned fields differ, in the order above. */
  changed: z.array(pinnedFieldSchema),
  /** The operator already rejected exactly `currentHash` (or, for a move, this move); no need to ask again until it changes. */
  rejected: z.boolean(),
  /**
   * Set when the tool is held because the server that would serve it (`to`) is not the accepted one (`from`): `pinned`
   * is `from`'s trusted definition, `current` what `to` offers. Accepting moves the binding; rejecting keeps it held.
   */
  moved: z.object({ from: z.string(), to: z.string(), acceptedAt: z.string() }).nullable().optional(),
});
export type QuarantineView = z.infer<typeof quarantineSchema>;

/** A description over agent.mcp.maxDescriptionBytes: the model receives its first `limit` bytes and a note. */
const truncationSchema = z.object({ bytes: z.number().int(), limit: z.number().int() });
/** An input schema over the schema cap (shared/catalog/schema-cap.ts): what the model receives of it instead. */
const schemaCapSchema = z.object({
  bytes: z.number().int(),
  sentBytes: z.number().int(),
  limit: z.number().int(),
  textsCut: z.number().int(),
  enumsCut: z.number().int(),
  depthCut: z.number().int(),
  whole: z.boolean(),
});

export const catalogEntrySchema = z.object({
  toolId: z.string(),
  server: z.string().nullable(),
  state: toolStateSchema,
  /** In English; `message` is what the console translates (shared/catalog/catalog-messages.ts). */
  reason: z.string(),
  message: messageSchema.optional(),
  nodes: z.array(z.string()),
  gatedBy: z.array(z.string()),
  description: z.string().nullable(),
  remoteDescription: z.string().nullable(),
  /** Set (non-null) only when state is `quarantined`. */
  quarantine: quarantineSchema.nullable().optional(),
  /** A node's description override hides a remote description that changed since it was acknowledged. */
  overrideStale: z.boolean(),
  /** The server's annotations (readOnlyHint…), for every discovered tool, mounted or not; null when none is known. */
  annotations: jsonObject.nullable().optional(),
  /** Set when the description is over the limit; `description` and `remoteDescription` are then cut in catalog.tool and catalog.descriptions too. */
  descriptionTruncated: truncationSchema.nullable().optional(),
  schemaCapped: schemaCapSchema.nullable().optional(),
  /** The offered definition's display title (`title`, else `annotations.title`); in catalog.get and catalog.tool (catalog.list has `looks`). */
  title: z.string().nullable().optional(),
  /** Its icons the console shows (inline data: images only, see shared/mcp/icons.ts). */
  icons: z.array(iconSchema).optional(),
  /** How many of its icons are not shown (remote URLs, not images, too large). */
  iconsWithheld: z.number().int().optional(),
  /**
   * Its MCP App (catalog.get and catalog.tool): the `ui://` URI (empty for a tool that only sets visibility), who may
   * see the tool, and why the host will not render it (null: it will). Null: no app.
   */
  ui: z
    .object({ resourceUri: z.string(), visibility: z.array(z.string()), refused: z.string().nullable() })
    .nullable()
    .optional(),
});

export const catalogBindingSchema = z.object({
  toolId: z.string(),
  server: z.string(),
  nodes: z.array(z.string()),
  confirm: z.enum(['auto', 'always', 'never']),
  description: z.string(),
  descriptionSource: z.enum(['node', 'remote']),
  remoteDescription: z.string().nullable(),
  remoteDescriptionHash: z.string(),
  gatedBy: z.array(z.string()),
  shadows: z.array(z.string()),
  annotations: jsonObject.nullable(),
  inputSchema: jsonObject,
  overrideStale: z.boolean(),
  /** Whether a call skips confirmation under `auto`: read-only in this server's pin and in what was accepted for the toolId. */
  readOnly: z.boolean().optional(),
  descriptionTruncated: truncationSchema.nullable().optional(),
  schemaCapped: schemaCapSchema.nullable().optional(),
});

/** A tool definition a server listed that is refused (not a valid Tool): never offered to the model, shown with why. */
export const refusedDefinitionSchema = z.object({
  index: z.number().int(),
  name: z.string().nullable(),
  reason: z.string(),
});

/** What both catalog views say of each server: its state, and the definitions the SDK refused with their reasons. */
const catalogServerHeader = {
  name: z.string(),
  status: serverStatusSchema,
  error: z.string().nullable(),
  refused: z.array(refusedDefinitionSchema).optional(),
};

/** The reconciliation view: every tool's state with its reason, as of `revision`. */
export const catalogViewSchema = z.object({
  revision: z.number().int(),
  servers: z.array(z.object({ ...catalogServerHeader, tools: z.array(z.string()) })),
  entries: z.array(catalogEntrySchema),
  bindings: z.array(catalogBindingSchema),
  unavailable: z.array(
    z.object({
      toolId: z.string(),
      nodes: z.array(z.string()),
      cause: z.enum(['not-offered', 'server-down', 'reserved', 'pinned-elsewhere', 'quarantined']),
      reason: z.string(),
    }),
  ),
  skills: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      unlocks: z.array(z.string()),
      unlocksUnbound: z.array(z.string()),
    }),
  ),
  localTools: z.array(z.object({ name: z.string(), description: z.string(), inputSchema: jsonObject })),
  /** Which entries this answer holds (bindings: those of these entries' toolIds); `nextOffset` null on the last page. */
  page: z
    .object({
      offset: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      nextOffset: z.number().int().nullable(),
    })
    .optional(),
});
export type CatalogView = z.infer<typeof catalogViewSchema>;

/**
 * The Tools list, column by column: `toolId[i]`, `server[i]`… describe row i, in catalog.get's entry order. Only
 * what a row, the filters, the counts and the intent editor's picker use: no schema, no diff, no descriptions (see
 * catalog.tool and catalog.descriptions). Columns because one object per row repeats every key name
 * on every row, and Chromium's WebSocket slows sharply with message size (figures in docs/PERFORMANCE.md).
 */
export const catalogListColumnsSchema = z
  .object({
    toolId: z.array(z.string()),
    /** null for a configured toolId no server offers. */
    server: z.array(z.string().nullable()),
    state: z.array(toolStateSchema),
    /**
     * Why the row is in its state, as a message (shared/catalog/catalog-messages.ts) the console translates: its code
     * as an index into catalog.list's `reasonCodes`, and its params (null when it has none). No English text: the
     * client formats it (`englishOf`) when it needs it, so 10,000 rows send each code's name once.
     */
    reasonCode: z.array(z.number().int()),
    reasonParams: z.array(z.record(z.string(), z.unknown()).nullable()),
    /** The offered definition's readOnlyHint (a missing hint counts as a write, as in MCP); for the bound row, the binding's `readOnly`; null when no server offers it. */
    readOnly: z.array(z.boolean().nullable()),
  })
  .refine(
    (c) =>
      [c.server, c.state, c.reasonCode, c.reasonParams, c.readOnly].every(
        (column) => column.length === c.toolId.length,
      ),
    'every column has one value per row',
  );
export type CatalogListColumns = z.infer<typeof catalogListColumnsSchema>;
/** One row of the list, as a client rebuilds it from the columns: `reason` is the row's message. */
export type CatalogListEntry = {
  [K in Exclude<keyof CatalogListColumns, 'reasonCode' | 'reasonParams'>]: CatalogListColumns[K][number];
} & { reason: Message };

/** The Tools list and its header, as of `revision`. */
export const catalogListSchema = z.object({
  revision: z.number().int(),
  servers: z.array(z.object({ ...catalogServerHeader, toolCount: z.number().int() })),
  entries: catalogListColumnsSchema,
  /** The message codes `entries.reasonCode` indexes. */
  reasonCodes: z.array(z.string()),
  /** How many bindings (bound + gated, as `countCatalog` defines them): catalog.get's bindings.length. The Tools header counts the rows itself. */
  bindingCount: z.number().int(),
  skillNames: z.array(z.string()),
  /** The in-process tools sent to the model before the bindings, in that order. */
  localToolNames: z.array(z.string()),
  /**
   * Titles and icons, for the rows whose tool has either (sparse: most servers send neither, and a catalog without
   * them costs nothing). `rows[k]` is a row index, `title[k]` its title, `icon[k]` an index into `icons`, which holds
   * each shown icon once (a server tends to give all its tools the same one).
   */
  looks: z
    .object({
      rows: z.array(z.number().int()),
      title: z.array(z.string().nullable()),
      icon: z.array(z.number().int().nullable()),
      icons: z.array(z.string()),
    })
    .optional(),
});
export type CatalogListView = z.infer<typeof catalogListSchema>;

/** One row in full, fetched when it is selected: the entry (with its quarantine diff) and, when this row is the bound one, its binding and schema. */
export const catalogToolSchema = z.object({
  revision: z.number().int(),
  entry: catalogEntrySchema,
  /** Set when this (toolId, server) is the tool's binding (state `bound` or `gated`). */
  binding: catalogBindingSchema.nullable(),
});
export type CatalogToolView = z.infer<typeof catalogToolSchema>;

/** Every row's descriptions, for searching them; fetched only once a search starts, since they are the bulk of the text. */
export const catalogDescriptionsSchema = z.object({
  revision: z.number().int(),
  descriptions: z.array(
    z.object({
      toolId: z.string(),
      server: z.string().nullable(),
      description: z.string().nullable(),
      remoteDescription: z.string().nullable(),
    }),
  ),
});
export type CatalogDescriptionsView = z.infer<typeof catalogDescriptionsSchema>;

export const explanationSchema = z.object({
  toolId: z.string(),
  verdict: z.enum(['visible', 'hidden']),
  layers: z.array(
    z.object({
      layer: z.enum(EXPLAIN_LAYERS),
      ok: z.boolean(),
      /** In English; `message` is what the console translates. */
      detail: z.string(),
      message: messageSchema,
    }),
  ),
  firstFailingLayer: z.string().nullable(),
  revision: z.number().int(),
  /** What else bears on the model's call: the instructions of the tool's server held against their pin. */
  notes: z.array(messageSchema).optional(),
});
export type ExplanationView = z.infer<typeof explanationSchema>;

const pinTarget = z.strictObject({
  toolId: z.string().min(1).max(256),
  server: z.string().min(1).max(256),
  /** The `quarantine.currentHash` the operator reviewed: if the server changed again since, the command is a `conflict`. */
  currentHash: z.string().max(128).optional(),
});
/** What a pin command did; `entry` is the tool's row after the change (null if the server no longer offers it). */
export const pinActionResultSchema = z.object({ revision: z.number().int(), entry: catalogEntrySchema.nullable() });
export type PinActionResult = z.infer<typeof pinActionResultSchema>;

export const catalogRoutes = {
  /**
   * Every entry and binding, a page at a time (offset, limit: default the first 1,000 entries), each as the model
   * receives it (descriptions and schemas capped). The console's pages use the slimmer routes below.
   */
  'catalog.get': query(
    z
      .strictObject({
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(10_000).optional(),
      })
      .default({}),
    catalogViewSchema,
  ),
  /** The Tools list, the intent editor's picker and the skills' bound tools. */
  'catalog.list': query(z.strictObject({}).default({}), catalogListSchema),
  /** One row in full; `server: null` for a configured tool no server offers. An unknown row is `not_found`. */
  'catalog.tool': query(
    z.strictObject({ toolId: z.string().min(1).max(256), server: z.string().min(1).max(256).nullable() }),
    catalogToolSchema,
  ),
  /** Every row's descriptions, for the search boxes (Tools, the intent editor's picker). */
  'catalog.descriptions': query(z.strictObject({}).default({}), catalogDescriptionsSchema),
  /** Why is (or isn't) this tool in the set the model sees, with these skills loaded? */
  'catalog.explain': query(
    z.strictObject({ toolId: z.string().min(1).max(256), loadedSkills: z.array(z.string()).max(200).default([]) }),
    explanationSchema,
  ),
  /** Trust the tool's current definition: re-pin to it and lift the quarantine. */
  'catalog.acceptChange': command(pinTarget, pinActionResultSchema),
  /** Keep the old pin and the quarantine; remember this version was rejected so it is not re-asked. */
  'catalog.rejectChange': command(pinTarget, pinActionResultSchema),
  /** Acknowledge a remote description that changed under a node override (clears `overrideStale`). */
  'catalog.acceptDescription': command(pinTarget, pinActionResultSchema),
};

export const catalogEvents = {
  /** Small on purpose: the renderer refetches the catalog routes it shows (catalog.list, the selected catalog.tool…). */
  'catalog.changed': z.object({ revision: z.number().int() }),
};
