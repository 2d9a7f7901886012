import { z } from 'zod';
import { command, query } from './define';


const toolStateSchema = z.enum(['bound', 'gated', 'unmounted', 'unavailable', 'reserved', 'shadowed', 'quarantined']);
const jsonObject = z.record(z.string(), z.unknown());

/** The parts of a tool definition that are pinned (hashed as canonical JSON with sorted keys). */
export const pinnedDefinitionSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.nullable(),
  annotations: jsonObject.nullable(),
});
export type PinnedDefinitionView = z.infer<typeof pinnedDefinitionSchema>;
export const pinnedFieldSchema = z.enum(['name', 'description', 'inputSchema', 'outputSchema', 'annotations']);

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
  /** The operator already rejected exactly `currentHash`; no need to ask again until it changes. */
  rejected: z.boolean(),
});
export type QuarantineView = z.infer<typeof quarantineSchema>;

export const catalogEntrySchema = z.object({
  toolId: z.string(),
  server: z.string().nullable(),
  state: toolStateSchema,
  reason: z.string(),
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
});

/** The reconciliation view: every tool's state with its reason, as of `revision`. */
export const catalogViewSchema = z.object({
  revision: z.number().int(),
  servers: z.array(z.object({ name: z.string(), status: z.enum(['disabled', 'connecting', 'connected', 'failed']), error: z.string().nullable(), tools: z.array(z.string()) })),
  entries: z.array(catalogEntrySchema),
  bindings: z.array(catalogBindingSchema),
  unavailable: z.array(z.object({ toolId: z.string(), nodes: z.array(z.string()), cause: z.enum(['not-offered', 'server-down', 'reserved', 'pinned-elsewhere', 'quarantined']), reason: z.string() })),
  skills: z.array(z.object({ name: z.string(), description: z.string(), unlocks: z.array(z.string()), unlocksUnbound: z.array(z.string()) })),
  localTools: z.array(z.object({ name: z.string(), description: z.string(), inputSchema: jsonObject })),
});
export type CatalogView = z.infer<typeof catalogViewSchema>;

export const explanationSchema = z.object({
  toolId: z.string(),
  verdict: z.enum(['visible', 'hidden']),
  layers: z.array(
    z.object({
      layer: z.enum(['local', 'configured', 'connected', 'discovered', 'mounted', 'reserved', 'shadowed', 'pinned', 'gated', 'visible']),
      ok: z.boolean(),
      detail: z.string(),
    }),
  ),
  firstFailingLayer: z.string().nullable(),
  revision: z.number().int(),
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
  'catalog.get': query(z.strictObject({}).default({}), catalogViewSchema),
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
  /** Small on purpose: the renderer refetches catalog.get. */
  'catalog.changed': z.object({ revision: z.number().int() }),
};
