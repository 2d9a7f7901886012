import { z } from 'zod';
import { command, query } from './define';
import { serverExchangeSchema } from './requests';
import { uiMessageSchema } from './message';
import { ACTING_IDENTITY_CHARACTERS, ACTING_IDENTITY_MAX_LENGTH } from '../acting-identity';
import { STATUS_MESSAGES } from '../messages/status-messages';

export const toolCallStatusSchema = z.enum([
  'awaiting_approval',
  'running',
  'success',
  'error',
  'rejected',
  'blocked',
  'stopped',
]);
export type ToolCallStatus = z.infer<typeof toolCallStatusSchema>;
/** The last notifications/progress of a running call (and how many came). */
export const toolProgressSchema = z.object({
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
  count: z.number().int(),
  at: z.string(),
});
export type ToolProgress = z.infer<typeof toolProgressSchema>;

/** A task-based call's task, as last polled. */
export const toolTaskSchema = z.object({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
});
export type ToolTask = z.infer<typeof toolTaskSchema>;

export const turnStatusSchema = z.enum(['running', 'completed', 'stopped', 'error', 'max_steps']);
export type TurnStatus = z.infer<typeof turnStatusSchema>;

export const visibleToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  tokens: z.number().int(),
  /** Where it came from: a local tool or the server of a binding. */
  source: z.string(),
  /** Its description or input schema was cut by the host's caps (agent.mcp.maxDescriptionBytes, maxSchemaBytes) before it was sent. */
  capped: z.boolean().optional(),
});
export type VisibleTool = z.infer<typeof visibleToolSchema>;

/** Exactly what one model call was given: recorded before the call is made. */
export const modelStepSchema = z.object({
  step: z.number().int(),
  at: z.string(),
  loadedSkills: z.array(z.string()),
  tools: z.array(visibleToolSchema),
  totalTokens: z.number().int(),
  catalogRevision: z.number().int(),
  /** Servers' instructions appended to the system prompt on this call (servers with `useInstructions: true`). */
  instructions: z.array(z.object({ server: z.string(), text: z.string(), tokens: z.number().int() })).optional(),
});
export type ModelStep = z.infer<typeof modelStepSchema>;

/**
 * What a tool result carried besides text, for the tool card: `index` is the part's place in the result's
 * content, whose data (an image, a sound, an embedded resource) the call's execution record keeps.
 */
export const resultPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('image'), index: z.number().int(), mimeType: z.string(), bytes: z.number().int() }),
  z.object({ type: z.literal('audio'), index: z.number().int(), mimeType: z.string(), bytes: z.number().int() }),
  z.object({
    type: z.literal('resource_link'),
    index: z.number().int(),
    uri: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
  }),
  z.object({
    type: z.literal('resource'),
    index: z.number().int(),
    uri: z.string(),
    mimeType: z.string().optional(),
    bytes: z.number().int(),
    text: z.boolean(),
  }),
]);
export type ResultPart = z.infer<typeof resultPartSchema>;

export const chatItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string(), turnId: z.string(), text: z.string(), at: z.string() }),
  z.object({
    kind: z.literal('assistant'),
    id: z.string(),
    turnId: z.string(),
    step: z.number().int(),
    text: z.string(),
    at: z.string(),
  }),
  z.object({
    kind: z.literal('tool'),
    id: z.string(),
    turnId: z.string(),
    step: z.number().int(),
    toolName: z.string(),
    server: z.string().nullable(),
    nodeId: z.string().nullable(),
    arguments: z.unknown(),
    status: toolCallStatusSchema,
    /** What the model was told (capped). */
    resultText: z.string().optional(),
    /** The console's sentence for a call that did not run or failed (code + params, `text` = resultText); absent in older items. */
    message: uiMessageSchema.optional(),
    /** Images, audio, links and resources in the result (their data is in the record). */
    parts: z.array(resultPartSchema).optional(),
    durationMs: z.number().optional(),
    recordId: z.string().optional(),
    approvalId: z.string().optional(),
    /** A replay refused this write, and outside a replay it would have asked the operator first (its node's policy). */
    wouldAskApproval: z.literal(true).optional(),
    progress: toolProgressSchema.optional(),
    task: toolTaskSchema.optional(),
    /** What the server asked of the operator during the call (elicitation, sampling), once answered. */
    exchanges: z.array(serverExchangeSchema).optional(),
    at: z.string(),
  }),
  /** What an MCP App put in the conversation (ui/message, ui/update-model-context): shown as the app's, never as the user's. */
  z.object({
    kind: z.literal('app'),
    id: z.string(),
    turnId: z.string(),
    server: z.string(),
    appTool: z.string(),
    role: z.enum(['message', 'modelContext']),
    text: z.string(),
    at: z.string(),
  }),
]);
export type ChatItem = z.infer<typeof chatItemSchema>;

export const turnSchema = z.object({
  id: z.string(),
  index: z.number().int(),
  status: turnStatusSchema,
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  error: z.string().optional(),
  /** The same error as a code for the console (`text` = error; a provider's words are a verbatim param). Absent in older turns. */
  errorMessage: uiMessageSchema.optional(),
  steps: z.array(modelStepSchema),
});
export type Turn = z.infer<typeof turnSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  actingIdentity: z.string(),
  modelLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  running: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = conversationSummarySchema.extend({
  items: z.array(chatItemSchema),
  turns: z.array(turnSchema),
  loadedSkills: z.array(z.string()),
  /** What the operator approved for the rest of this conversation, as `toolId@server`. */
  approvedForConversation: z.array(z.string()),
});
export type Conversation = z.infer<typeof conversationSchema>;

const conversationId = z.string().min(1).max(64);
/** Who a conversation acts as (see shared/acting-identity.ts, its one rule). */
export const actingIdentitySchema = z
  .string()
  .min(1)
  .max(ACTING_IDENTITY_MAX_LENGTH)
  .regex(ACTING_IDENTITY_CHARACTERS, STATUS_MESSAGES['config.actingIdentityChars']);

export const chatRoutes = {
  'chat.create': command(
    z.strictObject({ actingIdentity: actingIdentitySchema, title: z.string().max(200).optional() }),
    conversationSummarySchema,
  ),
  'chat.list': query(z.strictObject({}).default({}), z.array(conversationSummarySchema)),
  'chat.get': query(z.strictObject({ conversationId }), conversationSchema),
  /** Starts a turn and returns at once; progress arrives as events. */
  'chat.send': command(
    z.strictObject({ conversationId, text: z.string().min(1).max(20_000) }),
    z.object({ turnId: z.string() }),
  ),
  'chat.stop': command(z.strictObject({ conversationId }), z.object({ stopped: z.boolean() })),
  'chat.delete': command(z.strictObject({ conversationId }), z.object({ deleted: z.boolean() })),
  /** A new title, kept in the conversation's log (a later meta line); chat.changed follows. */
  'chat.rename': command(
    z.strictObject({ conversationId, title: z.string().trim().min(1).max(200) }),
    conversationSummarySchema,
  ),
};

export const chatEvents = {
  'chat.changed': z.object({ conversationId: z.string() }),
  'chat.delta': z.object({
    conversationId: z.string(),
    turnId: z.string(),
    itemId: z.string(),
    step: z.number().int(),
    delta: z.string(),
  }),
  /** A tool call's argument JSON as the model streams it (raw, usually incomplete; throttled per call): MCP Apps' streamed input, sent only for a tool that has an app. */
  'chat.toolInputPartial': z.object({
    conversationId: z.string(),
    turnId: z.string(),
    step: z.number().int(),
    callId: z.string(),
    server: z.string(),
    name: z.string(),
    json: z.string(),
  }),
  'turn.started': z.object({ conversationId: z.string(), turnId: z.string() }),
  'turn.stepStarted': z.object({ conversationId: z.string(), turnId: z.string(), step: modelStepSchema }),
  'tool.progressed': z.object({ conversationId: z.string(), turnId: z.string(), item: chatItemSchema }),
  'turn.finished': z.object({
    conversationId: z.string(),
    turnId: z.string(),
    status: turnStatusSchema,
    error: z.string().optional(),
  }),
};
