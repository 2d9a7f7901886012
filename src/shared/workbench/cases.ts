import { z } from 'zod';
import { listMcpLeaves, type IntentNode, type KnowledgeLeaf } from '../config/schema';
import { SEARCH_KNOWLEDGE } from '../catalog';
import { say } from '../messages';
import { actingIdentitySchema } from '../contract/chat';

/** The file's key stays `customer`: the acting identity a case runs as. */
const customer = actingIdentitySchema;

export const expectedCallSchema = z.strictObject({
  tool: z.string().min(1),
  /** A subset: every key given must be present with an equal value (objects compared the same way, recursively). */
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type ExpectedCall = z.output<typeof expectedCallSchema>;

export const expectationsSchema = z.strictObject({
  /** In this order (other calls may come between them). */
  calls: z.array(expectedCallSchema).default([]),
  notCalled: z.array(z.string().min(1)).default([]),
  /** Each must appear in the answer to the last message. */
  answerContains: z.union([z.string().min(1), z.array(z.string().min(1))]).optional(),
});
export type Expectations = z.output<typeof expectationsSchema>;

export const caseSchema = z.strictObject({
  name: z.string().min(1).max(200),
  customer: customer.optional(),
  messages: z.array(z.string().min(1).max(20_000)).min(1, 'a case needs at least one message'),
  expect: expectationsSchema.default({ calls: [], notCalled: [] }),
});
export type CaseInput = z.input<typeof caseSchema>;

/** cases.yaml: named conversations with expectations, beside switchboard.yaml. */
export const casesFileSchema = z
  .strictObject({
    defaults: z.strictObject({ customer: customer.optional() }).default({}),
    cases: z.array(caseSchema).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.cases.forEach((c, index) => {
      if (!seen.has(c.name)) return void seen.add(c.name);
      // The message rides along as params.uiMessage, so the console can show it in the operator's language.
      const message = say('tests.duplicateCaseName', { name: c.name });
      ctx.addIssue({
        code: 'custom',
        path: ['cases', index, 'name'],
        message: message.text,
        params: { uiMessage: message },
      });
    });
  });
export type CasesFile = z.output<typeof casesFileSchema>;

/** A case ready to run: from cases.yaml, or one intent node's example utterance. */
export interface TestCase {
  /** `case:<name>` or `example:<nodeId>:<utterance>`: stable across runs, so last results stay attached. */
  id: string;
  name: string;
  source: 'file' | 'example';
  /** For an example: the node it belongs to. */
  nodeId?: string;
  /** Who the case acts as (cases.yaml's `customer`, else the application's default); empty when nobody says. */
  actingIdentity: string;
  messages: string[];
  expect: Expectations;
}

export const exampleCaseId = (nodeId: string, utterance: string) => `example:${nodeId}:${utterance}`;
export const fileCaseId = (name: string) => `case:${name}`;

/** `fallback`: who a case acts as when neither it nor the file's defaults name anyone (the application's default). */
export function fileCases(file: CasesFile, fallback = ''): TestCase[] {
  return file.cases.map((c) => ({
    id: fileCaseId(c.name),
    name: c.name,
    source: 'file',
    actingIdentity: c.customer ?? file.defaults.customer ?? fallback,
    messages: c.messages,
    expect: c.expect,
  }));
}

/**
 * Every example utterance of every MCP node is a case: "this leads to a call of the node's tool within the turn".
 * A knowledge node's examples likewise expect search_knowledge.
 */
export function exampleCases(intents: readonly IntentNode[], actingIdentity: string): TestCase[] {
  const leaves: (IntentNode & { kind: 'mcp' | 'knowledge' })[] = [
    ...listMcpLeaves([...intents]),
    ...knowledgeLeaves(intents),
  ];
  const order = new Map(flatIds(intents).map((id, index) => [id, index]));
  leaves.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return leaves.flatMap((node) => {
    const tool = node.kind === 'mcp' ? node.toolId : SEARCH_KNOWLEDGE;
    return [...new Set(node.examples)].map((utterance) => ({
      id: exampleCaseId(node.id, utterance),
      name: `${node.name} (${node.id}): ${utterance}`,
      source: 'example' as const,
      nodeId: node.id,
      actingIdentity,
      messages: [utterance],
      expect: { calls: [{ tool }], notCalled: [] },
    }));
  });
}

function knowledgeLeaves(nodes: readonly IntentNode[]): KnowledgeLeaf[] {
  return nodes.flatMap((node) =>
    node.kind === 'knowledge' ? [node] : node.kind === 'category' ? knowledgeLeaves(node.children) : [],
  );
}

function flatIds(nodes: readonly IntentNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...(node.kind === 'category' ? flatIds(node.children) : [])]);
}
