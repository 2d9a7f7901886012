import { z } from 'zod';
import { chatItemSchema, actingIdentitySchema, toolCallStatusSchema } from './chat';
import { executionRecordSchema } from './records';
import { uiMessageSchema } from './message';
import { command, query } from './define';

/** The operator's workbench: run a tool by hand, test cases, replay, preview. */

const toolItemSchema = chatItemSchema.options[2];

/** A run by hand: the id is the renderer's, so it can show the run's approval card while the call waits. */
export const operatorRunIdSchema = z
  .string()
  .regex(/^op_[A-Za-z0-9_-]{4,40}$/, 'a run id is "op_" and 4-40 letters, digits, "_" or "-"');

export const toolRunSchema = z.object({
  runId: z.string(),
  item: toolItemSchema,
  record: executionRecordSchema.nullable(),
  /** The row's catalog state when it ran; a note when the model would not see the tool, and why. */
  state: z.string(),
  notVisibleToModel: z.string().nullable(),
});
export type ToolRun = z.infer<typeof toolRunSchema>;

/** `expectation` and `detail` in English (CLI, JUnit); the `…Message` codes are what the console translates (absent in older results). */
const expectationResultSchema = z.object({
  expectation: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  expectationMessage: uiMessageSchema.optional(),
  detailMessage: uiMessageSchema.optional(),
});
export type ExpectationResultView = z.infer<typeof expectationResultSchema>;

const expectedCallSchema = z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()).optional() });

export const testCaseViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['file', 'example']),
  nodeId: z.string().optional(),
  /** Who the case acts as (cases.yaml's `customer`). */
  actingIdentity: z.string(),
  messages: z.array(z.string()),
  expect: z.object({
    calls: z.array(expectedCallSchema),
    notCalled: z.array(z.string()),
    answerContains: z.union([z.string(), z.array(z.string())]).optional(),
  }),
});
export type TestCaseView = z.infer<typeof testCaseViewSchema>;

export const caseResultSummarySchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  ranAt: z.string(),
  durationMs: z.number(),
  /** The expectations that failed, in words. */
  failed: z.array(z.string()),
  /** The same failures as results with their codes, for the console's language (absent in older results). */
  failures: z.array(expectationResultSchema).optional(),
});
export type CaseResultSummary = z.infer<typeof caseResultSummarySchema>;

export const caseResultSchema = caseResultSummarySchema.extend({
  name: z.string(),
  /** The acting identity the case ran as (absent in older results). */
  actingIdentity: z.string().optional(),
  expectations: z.array(expectationResultSchema),
  /** The run's conversation: user messages, answers and tool calls (results clipped). */
  transcript: z.array(chatItemSchema),
  modelLabel: z.string(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

const problemSchema = z.object({
  path: z.string(),
  line: z.number().optional(),
  message: z.string(),
  uiMessage: uiMessageSchema.optional(),
});

export const testsListSchema = z.object({
  /** Where cases.yaml is (it may not exist yet). */
  casesPath: z.string(),
  /** cases.yaml problems: while there are any, only the examples run, and nothing is written to the file. */
  problems: z.array(problemSchema),
  cases: z.array(testCaseViewSchema.extend({ last: caseResultSummarySchema.nullable() })),
});

export const approveModeSchema = z.enum(['none', 'all']);

const stepSideSchema = z.object({
  tools: z.array(z.string()),
  tokens: z.number(),
  calls: z.array(
    z.object({
      tool: z.string(),
      arguments: z.unknown(),
      status: toolCallStatusSchema,
      result: z.string().optional(),
      /** asked: the operator was asked (the status says how it went); wouldAsk: a replay refused the write, which would have asked. */
      approval: z.enum(['asked', 'wouldAsk']).optional(),
    }),
  ),
  answer: z.string(),
  /** The writes the replay refused (NOT_EXECUTED_REPLAY) that would have asked the operator (the calls marked wouldAsk). */
  wouldAskApproval: z.array(z.string()),
});
export type ReplayStepSide = z.infer<typeof stepSideSchema>;

/**
 * How a step differs, most telling first: the step exists on one side only, the answer, the calls; then what the
 * model was given (tool list, descriptions, tokens), which only explains the first three.
 */
export const replayDifferenceSchema = z.enum([
  'onlyInOriginal',
  'onlyInReplay',
  'answer',
  'calls',
  'tools',
  'descriptions',
  'tokens',
]);
export type ReplayDifference = z.infer<typeof replayDifferenceSchema>;
/** The differences in what the model did (the rest are in what it was given). */
export const OUTCOME_DIFFERENCES: readonly ReplayDifference[] = ['onlyInOriginal', 'onlyInReplay', 'answer', 'calls'];

export const replayStepSchema = z.object({
  turn: z.number().int(),
  step: z.number().int(),
  userText: z.string(),
  original: stepSideSchema.nullable(),
  replay: stepSideSchema.nullable(),
  same: z.boolean(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  tokenDelta: z.number(),
  /** In English, most telling first (the CLI prints them). */
  differences: z.array(z.string()),
  /** The same, as kinds in the same order, for the console's language and ranking. */
  kinds: z.array(replayDifferenceSchema),
  /** The answer or the calls differ (or the step is on one side only): what the model did changed. */
  outcomeDiffers: z.boolean(),
});
export type ReplayStep = z.infer<typeof replayStepSchema>;

/** One change to the tool list, and on how many steps the model saw it. */
export const replayToolChangeSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  steps: z.number().int(),
});

export const replayReportSchema = z.object({
  conversationId: z.string(),
  actingIdentity: z.string(),
  modelLabel: z.string(),
  ranAt: z.string(),
  steps: z.array(replayStepSchema),
  /** Anything differs, even only what the model was given. */
  diverged: z.boolean(),
  /** The answer or the calls differ on some step. */
  outcomeDiffers: z.boolean(),
  /** The tool-list changes, grouped: one line for "+query_coupons on 10 steps" instead of 10 red steps. */
  toolChanges: z.array(replayToolChangeSchema),
});
export type ReplayReport = z.infer<typeof replayReportSchema>;

const visibleSetSchema = z.object({
  tools: z.array(z.object({ name: z.string(), tokens: z.number() })),
  totalTokens: z.number(),
});

export const previewSchema = z.object({
  /** The default skills state (none loaded), first step of a turn: saved config vs the draft. */
  before: visibleSetSchema,
  after: visibleSetSchema,
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** Tools visible in both whose description (as the model reads it) differs. */
  changedDescriptions: z.array(z.string()),
  affectedNodes: z.array(z.string()),
  /** The affected nodes' examples, run against the draft (writes not executed). */
  examples: z.array(caseResultSchema),
});
export type Preview = z.infer<typeof previewSchema>;

/** A tool as its server offers it now, bound or not: what Run builds its form from, and Mount its node. */
export const toolDefinitionSchema = z.object({
  toolId: z.string(),
  server: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.record(z.string(), z.unknown()).nullable(),
});
export type ToolDefinitionView = z.infer<typeof toolDefinitionSchema>;

export const workbenchRoutes = {
  'tools.definition': query(
    z.strictObject({ toolId: z.string().min(1).max(256), server: z.string().min(1).max(256) }),
    toolDefinitionSchema,
  ),
  'tools.call': command(
    z.strictObject({
      runId: operatorRunIdSchema.optional(),
      toolId: z.string().min(1).max(256),
      server: z.string().min(1).max(256),
      arguments: z.record(z.string(), z.unknown()).default({}),
      actingIdentity: actingIdentitySchema,
    }),
    toolRunSchema,
  ),
  'tests.list': query(z.strictObject({}).default({}), testsListSchema),
  'tests.result': query(z.strictObject({ id: z.string().min(1).max(20_000) }), caseResultSchema),
  'tests.run': command(
    z.strictObject({
      ids: z.array(z.string().min(1).max(20_000)).max(10_000).optional(),
      approve: approveModeSchema.default('none'),
    }),
    z.object({ results: z.array(caseResultSummarySchema), passed: z.number().int(), failed: z.number().int() }),
  ),
  'tests.saveConversation': command(
    z.strictObject({ conversationId: z.string().min(1).max(64), name: z.string().min(1).max(200).optional() }),
    z.object({ id: z.string(), name: z.string(), casesPath: z.string() }),
  ),
  'replay.run': command(z.strictObject({ conversationId: z.string().min(1).max(64) }), replayReportSchema),
  /** Nothing is saved: the draft intent tree is resolved against today's servers beside the saved one. */
  'preview.run': command(z.strictObject({ intents: z.array(z.unknown()).max(10_000) }), previewSchema),
};

export const workbenchEvents = {
  /** Cases or their last results changed. */
  'tests.changed': z.object({ ids: z.array(z.string()) }),
};
