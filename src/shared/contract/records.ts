import { z } from 'zod';
import { approvalOutcomeSchema } from './approvals';
import { toolProgressSchema, toolTaskSchema } from './chat';
import { query } from './define';
import { uiMessageSchema } from './message';
import { serverExchangeSchema } from './requests';

export const recordStatusSchema = z.enum(['success', 'error', 'rejected', 'blocked', 'stopped']);
export type RecordStatus = z.infer<typeof recordStatusSchema>;
/**
 * Who asked for the call: the model in a conversation (the default, and every record made before this field),
 * the operator by hand (Tools > Run, `switchboard tools call`), the model during a replay or a test run, or an MCP
 * App (a tool's own interface; `app` names that tool).
 */
export const recordActorSchema = z.enum(['model', 'operator', 'replay', 'test', 'app']);
export type RecordActor = z.infer<typeof recordActorSchema>;

/** One executed (or refused) tool call. Appended once, when the call has a final status. */
export const executionRecordSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  turnId: z.string(),
  callId: z.string(),
  tool: z.string(),
  server: z.string().nullable(),
  nodeId: z.string().nullable(),
  arguments: z.unknown(),
  argumentsHash: z.string(),
  status: recordStatusSchema,
  /** The full result as the tool returned it (the model saw a capped text). */
  result: z.unknown(),
  error: z.string().optional(),
  /**
   * Why the call did not run, or how it failed, as a code and params for the console (its English `text` is `error`
   * where there is one). Absent in records made before it, and where the server's own words are the whole story.
   */
  message: uiMessageSchema.optional(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  approval: approvalOutcomeSchema.optional(),
  /** Absent means `model`. */
  actor: recordActorSchema.optional(),
  /** actor `app`: the tool whose interface made the call (always of the same server). */
  app: z.object({ server: z.string(), tool: z.string() }).optional(),
  /** The acting identity the call was made for (the session's identity, sent in `_meta`); absent in older records. */
  actingIdentity: z.string().optional(),
  /** The last progress the server reported, and how many notifications came. */
  progress: toolProgressSchema.optional(),
  /** A task-based call's task as last seen. */
  task: toolTaskSchema.optional(),
  /** What the server asked of the operator during the call, and the answers. */
  exchanges: z.array(serverExchangeSchema).optional(),
  /** The call's OpenTelemetry trace and its execute_tool span, when telemetry was on (docs/OBSERVABILITY.md). */
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  spanId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type ExecutionRecord = z.infer<typeof executionRecordSchema>;
export type RecordSummary = Omit<ExecutionRecord, 'result'>;

export const recordFilterSchema = z.strictObject({
  tool: z.string().optional(),
  server: z.string().optional(),
  status: recordStatusSchema.optional(),
  conversationId: z.string().optional(),
  actor: recordActorSchema.optional(),
  actingIdentity: z.string().optional(),
  limit: z.number().int().min(1).max(10_000).default(500),
});

/** How much of records.jsonl the records index holds: a large file is indexed after the console starts serving. */
export const recordsIndexStatusSchema = z.object({
  loaded: z.number().int().min(0),
  /** The file's records: estimated from what is read so far until `done`. */
  total: z.number().int().min(0),
  done: z.boolean(),
});
export type RecordsIndexStatus = z.infer<typeof recordsIndexStatusSchema>;

export const recordRoutes = {
  'records.list': query(
    recordFilterSchema.default({ limit: 500 }),
    z.array(executionRecordSchema.omit({ result: true })),
  ),
  'records.get': query(z.strictObject({ id: z.string().min(1) }), executionRecordSchema),
  /** While it is not done, records.list answers from the newest records only (the file's tail). */
  'records.indexStatus': query(z.strictObject({}).default({}), recordsIndexStatusSchema),
};

export const recordEvents = {
  'records.appended': z.object({ id: z.string(), conversationId: z.string() }),
  /** The records index filled further (a few times a second at most), and once more when it is done. */
  'records.indexProgressed': recordsIndexStatusSchema,
};
