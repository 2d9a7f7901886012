import { z } from 'zod';
import { command, query } from './define';

/**
 * A server's resources and prompts, for the operator to browse (the Resources & Prompts view, the "read" of a
 * resource link in a tool card, `switchboard resources|prompts`). Nothing read here is sent to a model.
 */

/** A whole list's caching hint (MCP 2026-07-28 ttlMs and cacheScope) as the server gave it; nulls: it gave none. */
export const listCacheHintSchema = z.object({
  ttlMs: z.number().int().nullable(),
  cacheScope: z.enum(['public', 'private']).nullable(),
});

export const iconSchema = z.object({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});
export type Icon = z.infer<typeof iconSchema>;

export const resourceSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  icons: z.array(iconSchema).optional(),
});
export type ResourceView = z.infer<typeof resourceSchema>;

export const resourceTemplateSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceTemplateView = z.infer<typeof resourceTemplateSchema>;

/** One item of resources/read. Large data is left out (`omitted` says why); `bytes` is always the full size. */
export const resourceContentSchema = z.object({
  uri: z.string(),
  mimeType: z.string().nullable(),
  text: z.string().optional(),
  /** base64, as the server sent it. */
  blob: z.string().optional(),
  bytes: z.number().int(),
  omitted: z.string().optional(),
  /**
   * An MCP App's HTML (`text/html;profile=mcp-app` or a `ui://` URI): what the host checked of it. Its text is left out
   * (`omitted` says so) unless the read asked for `html`.
   */
  app: z
    .object({
      sha256: z.string().nullable(),
      csp: z.record(z.string(), z.array(z.string())).nullable(),
      cspDropped: z.array(z.object({ directive: z.string(), value: z.string(), reason: z.string() })),
      permissions: z.record(z.string(), z.boolean()).nullable(),
      prefersBorder: z.boolean().nullable(),
      domain: z.string().nullable(),
      /** Why the host would not render it (wrongMimeType, tooLarge…), in English; null when it would. */
      refused: z.string().nullable(),
    })
    .optional(),
});
export type ResourceContentView = z.infer<typeof resourceContentSchema>;

/** A content block as MCP defines it (text, image, audio, resource_link, resource); shown, never interpreted further. */
export const contentBlockSchema = z.looseObject({ type: z.string() });
export type ContentBlockView = z.infer<typeof contentBlockSchema>;

export const promptSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(
    z.object({
      name: z.string(),
      title: z.string().optional(),
      description: z.string().optional(),
      required: z.boolean().optional(),
    }),
  ),
  icons: z.array(iconSchema).optional(),
});
export type PromptView = z.infer<typeof promptSchema>;

export const promptMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: contentBlockSchema });

const server = z.string().min(1).max(64);
const cursor = z.string().max(4_096).optional();
const uri = z.string().min(1).max(8_192);

/** What a server offers beside tools (from its initialize answer), so the view can say what is not there. */
export const serverFeaturesSchema = z.object({
  resources: z.boolean(),
  subscribe: z.boolean(),
  prompts: z.boolean(),
  completions: z.boolean(),
});
export type ServerFeatures = z.infer<typeof serverFeaturesSchema>;

export const completionRefSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('prompt'), name: z.string().min(1).max(256) }),
  z.strictObject({ type: z.literal('resourceTemplate'), uriTemplate: uri }),
]);

export const resourceRoutes = {
  /** What the connected server offers (resources, subscribe, prompts, completions). */
  'resources.features': query(z.strictObject({ server }), serverFeaturesSchema),
  /** One page of resources/list; `nextCursor` asks for the next. `subscriptions` are the URIs subscribed now. */
  'resources.list': query(
    z.strictObject({ server, cursor }),
    z.object({
      resources: z.array(resourceSchema),
      nextCursor: z.string().nullable(),
      subscriptions: z.array(z.string()),
      cache: listCacheHintSchema.optional(),
    }),
  ),
  'resources.templates': query(
    z.strictObject({ server, cursor }),
    z.object({ templates: z.array(resourceTemplateSchema), nextCursor: z.string().nullable() }),
  ),
  /** resources/read through the server that offers it. */
  'resources.read': query(
    z.strictObject({ server, uri, html: z.boolean().optional() }),
    z.object({ uri: z.string(), contents: z.array(resourceContentSchema) }),
  ),
  /** resources/subscribe: the server announces changes (resources.updated); kept across reconnects until unsubscribed. */
  'resources.subscribe': command(z.strictObject({ server, uri }), z.object({ subscriptions: z.array(z.string()) })),
  'resources.unsubscribe': command(z.strictObject({ server, uri }), z.object({ subscriptions: z.array(z.string()) })),
  'prompts.list': query(
    z.strictObject({ server, cursor }),
    z.object({
      prompts: z.array(promptSchema),
      nextCursor: z.string().nullable(),
      cache: listCacheHintSchema.optional(),
    }),
  ),
  /** prompts/get with the operator's arguments: the messages the prompt would produce (nothing is sent to a model). */
  'prompts.get': query(
    z.strictObject({
      server,
      name: z.string().min(1).max(256),
      arguments: z.record(z.string(), z.string().max(100_000)).default({}),
    }),
    z.object({ description: z.string().nullable(), messages: z.array(promptMessageSchema) }),
  ),
  /** completion/complete: suggestions for one argument of a prompt or a resource template, given the others. */
  'prompts.complete': query(
    z.strictObject({
      server,
      ref: completionRefSchema,
      argument: z.strictObject({ name: z.string().min(1).max(256), value: z.string().max(10_000) }),
      context: z.record(z.string(), z.string().max(10_000)).default({}),
    }),
    z.object({ values: z.array(z.string()), total: z.number().int().nullable(), hasMore: z.boolean() }),
  ),
};

export const resourceEvents = {
  /** A subscribed resource changed (notifications/resources/updated): its reads are stale. */
  'resources.updated': z.object({ server: z.string(), uri: z.string() }),
  /** The server's resource (or template) list changed. */
  'resources.listChanged': z.object({ server: z.string() }),
  'prompts.listChanged': z.object({ server: z.string() }),
};
