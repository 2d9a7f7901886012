import { z } from 'zod';
import { query } from './define';


const toolStateSchema = z.enum(['bound', 'gated', 'unmounted', 'unavailable', 'reserved', 'shadowed']);
const jsonObject = z.record(z.string(), z.unknown());

export const catalogEntrySchema = z.object({
  toolId: z.string(),
  server: z.string().nullable(),
  state: toolStateSchema,
  reason: z.string(),
  nodes: z.array(z.string()),
  gatedBy: z.array(z.string()),
  description: z.string().nullable(),
  remoteDescription: z.string().nullable(),
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
});

/** The reconciliation view: every tool's state with its reason, as of `revision`. */
export const catalogViewSchema = z.object({
  revision: z.number().int(),
  servers: z.array(z.object({ name: z.string(), status: z.enum(['disabled', 'connecting', 'connected', 'failed']), error: z.string().nullable(), tools: z.array(z.string()) })),
  entries: z.array(catalogEntrySchema),
  bindings: z.array(catalogBindingSchema),
  unavailable: z.array(z.object({ toolId: z.string(), nodes: z.array(z.string()), cause: z.enum(['not-offered', 'server-down', 'reserved', 'pinned-elsewhere']), reason: z.string() })),
  skills: z.array(z.object({ name: z.string(), description: z.string(), unlocks: z.array(z.string()), unlocksUnbound: z.array(z.string()) })),
  localTools: z.array(z.object({ name: z.string(), description: z.string(), inputSchema: jsonObject })),
});
export type CatalogView = z.infer<typeof catalogViewSchema>;

export const explanationSchema = z.object({
  toolId: z.string(),
  verdict: z.enum(['visible', 'hidden']),
  layers: z.array(
    z.object({
      layer: z.enum(['local', 'configured', 'connected', 'discovered', 'mounted', 'reserved', 'shadowed', 'gated', 'visible']),
      ok: z.boolean(),
      detail: z.string(),
    }),
  ),
  firstFailingLayer: z.string().nullable(),
  revision: z.number().int(),
});
export type ExplanationView = z.infer<typeof explanationSchema>;

export const catalogRoutes = {
  'catalog.get': query(z.strictObject({}).default({}), catalogViewSchema),
  /** Why is (or isn't) this tool in the set the model sees, with these skills loaded? */
  'catalog.explain': query(
    z.strictObject({ toolId: z.string().min(1).max(256), loadedSkills: z.array(z.string()).max(200).default([]) }),
    explanationSchema,
  ),
};

export const catalogEvents = {
  /** Small on purpose: the renderer refetches catalog.get. */
  'catalog.changed': z.object({ revision: z.number().int() }),
};
