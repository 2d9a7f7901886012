import { z } from 'zod';
import { actingIdentitySchema } from './chat';
import { executionRecordSchema } from './records';
import { uiMessageSchema } from './message';
import { command, query } from './define';

/**
 * MCP Apps (`io.modelcontextprotocol/ui`): a tool's own HTML interface. Main fetches and pins the `ui://` resource
 * (once per definition, quarantined with the tool when it changes) and gates everything the app asks for; the
 * renderer draws it in a sandbox on an origin of its own. docs/PIPELINE.md, "MCP Apps".
 */

export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The extension's id in `capabilities.extensions`. */
export const APP_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The most HTML an app resource may hold (UTF-8 bytes); a bigger one is refused, never rendered. */
export const APP_RESOURCE_MAX_BYTES = 2 * 1024 * 1024;

/** Who may see a tool (`_meta.ui.visibility`); absent means both. A tool without `model` is never sent to the model. */
export const appVisibilitySchema = z.array(z.enum(['model', 'app']));

/** A tool's UI as its definition declares it. */
export const toolUiSchema = z.object({
  resourceUri: z.string(),
  visibility: appVisibilitySchema,
});
export type ToolUiView = z.infer<typeof toolUiSchema>;

/** CSP domains main accepted: explicit https:/wss: origins only (`https://*.example.com` allowed, a bare `*` never). */
export const appCspSchema = z.object({
  connectDomains: z.array(z.string()),
  resourceDomains: z.array(z.string()),
  frameDomains: z.array(z.string()),
  baseUriDomains: z.array(z.string()),
});
export type AppCsp = z.infer<typeof appCspSchema>;

/** A CSP entry main dropped, and why (shown to the operator beside the app). */
export const appCspDropSchema = z.object({
  directive: z.string(),
  value: z.string(),
  reason: z.string(),
  message: uiMessageSchema,
});

/** What the app asks to be granted; each only after the operator's consent (the renderer asks). */
export const appPermissionsSchema = z.object({
  camera: z.boolean(),
  microphone: z.boolean(),
  geolocation: z.boolean(),
  clipboardWrite: z.boolean(),
});
export type AppPermissions = z.infer<typeof appPermissionsSchema>;

/** Why an app resource (or a request of the app) was refused: `details.reason` of the `forbidden` error. */
export const appRefusalSchema = z.enum([
  'noUi',
  'notUiScheme',
  'wrongMimeType',
  'tooLarge',
  'notText',
  'readFailed',
  'tooMany',
  'quarantined',
  'notConnected',
  'otherServer',
  'noSuchTool',
  'appOnlyForModel',
  'rateLimited',
  'callLimit',
  'urlRefused',
  'samplingRefused',
]);
export type AppRefusal = z.infer<typeof appRefusalSchema>;

export const appResourceSchema = z.object({
  server: z.string(),
  /** The tool whose UI this is (null when asked by URI and no tool names it). */
  toolId: z.string().nullable(),
  uri: z.string(),
  mimeType: z.literal(APP_MIME_TYPE),
  html: z.string(),
  /** UTF-8 bytes of `html`. */
  size: z.number().int(),
  /** sha256 of the HTML as pinned. */
  sha256: z.string(),
  csp: appCspSchema,
  cspDropped: z.array(appCspDropSchema),
  permissions: appPermissionsSchema,
  prefersBorder: z.boolean().nullable(),
  /** `_meta.ui.domain` as the server asked (informational: the host picks the origin). */
  domain: z.string().nullable(),
  visibility: appVisibilitySchema,
  /** `pinned`: matches the tool's pin (or was pinned now, at first sight). A changed resource never gets here: refused `quarantined`. */
  pinState: z.enum(['pinned', 'unpinned']),
  fetchedAt: z.string(),
});
export type AppResource = z.infer<typeof appResourceSchema>;

/** Metadata of an app resource without its HTML (CLI, Resources view, `tools call --json`). */
export const appResourceSummarySchema = appResourceSchema.omit({ html: true });
export type AppResourceSummary = z.infer<typeof appResourceSummarySchema>;

const server = z.string().min(1).max(256);
const toolName = z.string().min(1).max(256);
const conversationId = z.string().min(1).max(64);

/** One call an app made, as the proxy ran it: its item in the call's transcript and its record (actor `app`). */
export const appCallSchema = z.object({
  callId: z.string(),
  status: z.enum(['success', 'error', 'rejected', 'blocked', 'stopped']),
  /** The CallToolResult as the server sent it (what the app receives), or null when the call never ran. */
  result: z.unknown(),
  /** What the model would read / why it did not run (English; `message` for the console). */
  text: z.string(),
  message: uiMessageSchema.optional(),
  record: executionRecordSchema.nullable(),
});
export type AppCall = z.infer<typeof appCallSchema>;

/** Text (and other) blocks the app sent with ui/message or ui/update-model-context. */
export const appContentSchema = z.array(z.looseObject({ type: z.string() })).max(64);

export const appRoutes = {
  /** The pinned UI of a tool (by `toolId`) or a `ui://` resource (by `uri`). Refusals: `forbidden` with `details.reason` (AppRefusal). */
  'apps.resource': query(
    z.union([
      z.strictObject({ server, toolId: toolName }),
      z.strictObject({ server, uri: z.string().min(1).max(8_192) }),
    ]),
    appResourceSchema,
  ),
  /**
   * A tools/call the app asked for (AppBridge oncalltool): through ToolProxy with the node's confirmation policy,
   * the acting identity (the conversation's, else `actingIdentity`), an execution record with actor `app` and `app.tool`.
   * Only tools of the app's own server; bounded per app (rate and count, `forbidden` rateLimited / callLimit).
   */
  'apps.callTool': command(
    z.strictObject({
      server,
      /** The tool whose UI is asking. */
      appTool: toolName,
      tool: toolName,
      /** The server of `tool` when the renderer knows it; refused when it is not `server`. */
      toolServer: server.optional(),
      arguments: z.record(z.string(), z.unknown()).default({}),
      conversationId: conversationId.optional(),
      actingIdentity: actingIdentitySchema.optional(),
    }),
    appCallSchema,
  ),
  /** ui/message and ui/update-model-context: kept in the conversation as an item from the app (kind `app`). */
  'apps.message': command(
    z.strictObject({
      server,
      appTool: toolName,
      conversationId,
      kind: z.enum(['message', 'modelContext']),
      content: appContentSchema,
    }),
    z.object({ itemId: z.string() }),
  ),
  /** The gate for ui/open-link and ui/download-file: https: (http: on loopback) only. The renderer then asks the operator. */
  'apps.checkLink': query(
    z.strictObject({ server, url: z.string().min(1).max(8_192), purpose: z.enum(['open', 'download']) }),
    z.discriminatedUnion('allowed', [
      z.object({ allowed: z.literal(true), url: z.string(), host: z.string(), shown: z.string() }),
      z.object({ allowed: z.literal(false), reason: z.string(), message: uiMessageSchema }),
    ]),
  ),
  /** The app's sampling/createMessage: the same rules as a server's (operator review, samplingPerMinute, policy). */
  'apps.sample': command(
    z.strictObject({
      server,
      appTool: toolName,
      params: z.looseObject({ messages: z.array(z.unknown()).max(1_000), maxTokens: z.number().int().positive() }),
    }),
    z.looseObject({ role: z.string(), content: z.unknown(), model: z.string() }),
  ),
};
