import { z } from 'zod';
import { command, query } from './define';
import { uiMessageSchema } from './message';

/**
 * What MCP servers ask of the operator: a question (elicitation, form or URL) or a model request
 * (sampling). Each waits like an approval: inline in the conversation whose call caused it, and on the
 * Requests page. Events carry the request itself, so the renderer applies them to its cache.
 */

/** Which call asked, when we can tell: the task's call, or the only call in flight on that server. */
const originFields = {
  id: z.string(),
  server: z.string(),
  conversationId: z.string().nullable(),
  turnId: z.string().nullable(),
  callId: z.string().nullable(),
  toolName: z.string().nullable(),
  requestedAt: z.string(),
  expiresAt: z.string(),
};

export const elicitationViewSchema = z.object({
  ...originFields,
  kind: z.literal('elicitation'),
  mode: z.enum(['form', 'url']),
  message: z.string(),
  /** Form mode: the flat object schema of the answer (the spec's restricted subset; the SDK has checked it). */
  requestedSchema: z.record(z.string(), z.unknown()).optional(),
  /** URL mode: the full URL and its host (punycode, with its port), shown before anything is opened. Only a URL the gate passes (shared/net/external-url.ts) gets here. */
  url: z.string().optional(),
  urlHost: z.string().optional(),
  elicitationId: z.string().optional(),
  /**
   * No call to this server is running, so the question is about none of its tools: a secret asked for here is
   * warned about more strongly. `callsElsewhere` are the tools running on other servers meanwhile. Absent in older views.
   */
  outsideItsCalls: z.boolean().optional(),
  callsElsewhere: z.array(z.object({ server: z.string(), toolName: z.string() })).optional(),
});
export type ElicitationView = z.infer<typeof elicitationViewSchema>;

export const samplingMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** The text sent to the model; a non-text part shows as a bracketed note and is sent as one. */
  text: z.string(),
  /** False for image/audio/tool parts: the operator sees them but cannot edit them. */
  editable: z.boolean(),
});
export type SamplingMessage = z.infer<typeof samplingMessageSchema>;

export const samplingDraftSchema = z.object({
  messages: z.array(samplingMessageSchema),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  /** The server's hints, shown as asked; the configured provider decides the model. */
  modelHints: z.array(z.string()).optional(),
  includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
  /**
   * What the host bounded before the operator saw the request: the tokens the server asked for over the model
   * settings' maxTokens, and text over the budget (its messages cut, latest kept first, each with a note).
   */
  limits: z
    .object({
      requestedMaxTokens: z.number().optional(),
      maxTokens: z.number().int().optional(),
      textBytes: z.number().int().optional(),
      textLimit: z.number().int().optional(),
    })
    .optional(),
});
export type SamplingDraft = z.infer<typeof samplingDraftSchema>;

export const samplingAnswerSchema = z.object({
  text: z.string(),
  model: z.string(),
  stopReason: z.string().optional(),
});

export const samplingViewSchema = z.object({
  ...originFields,
  kind: z.literal('sampling'),
  /** review: the operator reads (and may edit) the request; generating: the model runs; answered: the operator reads the answer. */
  stage: z.enum(['review', 'generating', 'answered']),
  request: samplingDraftSchema,
  answer: samplingAnswerSchema.optional(),
  /** The last generation failed; the operator may try again or reject. */
  error: z.string().optional(),
  /** `error` as a code and params the console translates (the provider's own message is a param, verbatim). */
  errorMessage: uiMessageSchema.optional(),
  /** Who will answer: the configured provider's label. */
  model: z.string(),
});
export type SamplingView = z.infer<typeof samplingViewSchema>;

export const serverRequestViewSchema = z.discriminatedUnion('kind', [elicitationViewSchema, samplingViewSchema]);
export type ServerRequestView = z.infer<typeof serverRequestViewSchema>;

/** One finished exchange, kept with the call that caused it (chat item and execution record). */
export const serverExchangeSchema = z.object({
  id: z.string(),
  kind: z.enum(['elicitation', 'sampling']),
  server: z.string(),
  mode: z.enum(['form', 'url']).optional(),
  /** elicitation: the message, schema or URL; sampling: the request as it was finally sent to the model. */
  request: z.unknown(),
  outcome: z.enum(['accept', 'decline', 'cancel', 'sent', 'rejected', 'failed']),
  /** elicitation: the content returned; sampling: the answer returned. */
  response: z.unknown().optional(),
  reason: z.string().optional(),
  /** A reason main wrote itself (a timeout, a withdrawn request, a CLI policy) as a code for the console; `text` = reason. Absent in older exchanges. */
  reasonMessage: uiMessageSchema.optional(),
  decidedBy: z.string(),
  /** `decidedBy` as a code when main decided under a policy (`policy (--elicit decline)`); absent for `system`, the operator and older exchanges. */
  decidedByMessage: uiMessageSchema.optional(),
  requestedAt: z.string(),
  resolvedAt: z.string(),
});
export type ServerExchange = z.infer<typeof serverExchangeSchema>;

const requestId = z.string().min(1).max(64);

export const requestRoutes = {
  'requests.list': query(z.strictObject({}).default({}), z.array(serverRequestViewSchema)),
  /** Answers an elicitation; `content` (accept only) is checked against its schema, defaults filled in. */
  'requests.answer': command(
    z.strictObject({
      id: requestId,
      action: z.enum(['accept', 'decline', 'cancel']),
      content: z.record(z.string(), z.unknown()).optional(),
    }),
    z.object({ resolved: z.boolean() }),
  ),
  /**
   * URL mode: main opens the URL with the OS opener (desktop) and accepts only once it did. `opened: false` (the
   * headless console has no opener) leaves the question waiting: the page opens a tab itself, then accepts.
   */
  'requests.openUrl': command(z.strictObject({ id: requestId }), z.object({ opened: z.boolean() })),
  /** Approves a sampling request, as edited, for the configured model; the answer comes back for review. */
  'requests.sample': command(
    z.strictObject({
      id: requestId,
      messages: z.array(z.strictObject({ text: z.string().max(200_000) })).optional(),
      systemPrompt: z.string().max(200_000).optional(),
      maxTokens: z.number().int().positive().max(200_000).optional(),
    }),
    z.object({ started: z.boolean() }),
  ),
  /** Returns the reviewed answer to the server. */
  'requests.reply': command(z.strictObject({ id: requestId }), z.object({ resolved: z.boolean() })),
  /** Refuses a sampling request at any stage. */
  'requests.reject': command(
    z.strictObject({ id: requestId, reason: z.string().max(2000).optional() }),
    z.object({ resolved: z.boolean() }),
  ),
};

export const requestEvents = {
  'requests.opened': serverRequestViewSchema,
  'requests.updated': serverRequestViewSchema,
  'requests.resolved': z.object({
    id: z.string(),
    conversationId: z.string().nullable(),
    exchange: serverExchangeSchema,
  }),
};
