import { z } from 'zod';
import { command, query } from './define';
import { uiMessageSchema } from './message';

export const approvalDecisionSchema = z.enum(['approve', 'reject', 'approve_conversation']);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const approvalRequestSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  turnId: z.string(),
  callId: z.string(),
  toolName: z.string(),
  server: z.string().nullable(),
  nodeId: z.string().nullable(),
  arguments: z.unknown(),
  argumentsHash: z.string(),
  hints: z.object({
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
  }),
  policy: z.enum(['auto', 'always', 'never']),
  /** Absent means the model asked in a conversation; `operator`: a run by hand (conversationId is the run's id). */
  actor: z.enum(['model', 'operator', 'app']).optional(),
  /** actor `app`: the MCP App that asked (the tool whose interface made the call). */
  app: z.object({ server: z.string(), tool: z.string() }).optional(),
  /** The acting identity the call would be made for (absent in approvals asked before it was kept). */
  actingIdentity: z.string().optional(),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** Kept in the record of the call: who decided, when, over which exact arguments. */
export const approvalOutcomeSchema = z.object({
  approvalId: z.string(),
  decision: z.enum(['approve', 'reject', 'approve_conversation', 'timeout', 'cancelled', 'expired', 'remembered']),
  reason: z.string().optional(),
  /** A reason main wrote itself (a restart, Stop, a timeout) as a code for the console; `text` = reason. Absent for the operator's own note and in older outcomes. */
  reasonMessage: uiMessageSchema.optional(),
  decidedBy: z.string(),
  /** `decidedBy` as a code when a run's automatic approver decided (`preview`, a test run); absent for the operator, `system` and older outcomes. */
  decidedByMessage: uiMessageSchema.optional(),
  decidedAt: z.string(),
  argumentsHash: z.string(),
});
export type ApprovalOutcome = z.infer<typeof approvalOutcomeSchema>;

export const approvalRoutes = {
  'approvals.list': query(z.strictObject({}).default({}), z.array(approvalRequestSchema)),
  'approvals.resolve': command(
    z.strictObject({
      id: z.string().min(1),
      decision: approvalDecisionSchema,
      reason: z.string().max(2000).optional(),
    }),
    z.object({ resolved: z.boolean() }),
  ),
};

export const approvalEvents = {
  'approvals.requested': approvalRequestSchema,
  'approvals.resolved': z.object({ id: z.string(), conversationId: z.string(), outcome: approvalOutcomeSchema }),
  /** Desktop only: the operator clicked the approval's notification; the window shows that approval. */
  'approvals.notificationClicked': approvalRequestSchema.pick({ id: true, conversationId: true, actor: true }),
};
