import type { Preview } from '../../../shared/contract';
import { resolveCatalog, type Catalog } from '../../../shared/catalog';
import { configSchemaFor, type IntentNode, type SwitchboardConfig } from '../../../shared/config/schema';
import { buildModelStep } from '../agent/visible-set';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import { Invalid } from '../errors';
import { autoApprover } from './scenario';
import type { TestService } from './test-service';
import { say } from '../../../shared/messages';

/**
 * What an unsaved intent tree would change, against the saved one: the tools visible on a turn's first step
 * with no skill loaded (names added or removed, tokens before and after, descriptions changed), and the
 * affected nodes' examples run against the draft (writes not executed). Nothing is saved or kept.
 */
export async function previewDraft(
  deps: { config: () => SwitchboardConfig; catalog: () => CatalogSnapshot; tests: TestService },
  draftIntents: unknown[],
): Promise<Preview> {
  const saved = deps.config();
  const parsed = configSchemaFor().safeParse({ ...saved, intents: draftIntents });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new Invalid(
      say('workbench.invalidDraft', { path: String(problems[0]?.path), problem: String(problems[0]?.message) }),
      problems,
    );
  }
  const intents = parsed.data.intents;
  const snapshot = deps.catalog();
  const draft = resolveCatalog({ ...snapshot.input, intents });
  const [before, after] = await Promise.all([
    visibleSet(snapshot.catalog, snapshot.revision),
    visibleSet(draft, snapshot.revision),
  ]);
  const beforeNames = new Set(before.tools.map((t) => t.name));
  const afterNames = new Set(after.tools.map((t) => t.name));
  const added = after.tools.filter((t) => !beforeNames.has(t.name)).map((t) => t.name);
  const removed = before.tools.filter((t) => !afterNames.has(t.name)).map((t) => t.name);
  const descriptionBefore = new Map(before.tools.map((t) => [t.name, t.description]));
  const changedDescriptions = after.tools
    .filter((t) => beforeNames.has(t.name) && descriptionBefore.get(t.name) !== t.description)
    .map((t) => t.name);

  const touched = new Set([...added, ...removed, ...changedDescriptions]);
  const savedLeaves = new Map(leaves(saved.intents).map((node) => [node.id, JSON.stringify(node)]));
  const affectedNodes = leaves(intents)
    .filter(
      (node) => savedLeaves.get(node.id) !== JSON.stringify(node) || (node.kind === 'mcp' && touched.has(node.toolId)),
    )
    .map((node) => node.id);
  const affected = new Set(affectedNodes);
  const examples = await deps.tests.runCases(
    deps.tests.examples(intents).filter((c) => c.nodeId !== undefined && affected.has(c.nodeId)),
    {
      approvals: autoApprover('none', say('decider.preview')),
      skipWrites: true,
      catalog: () => ({ catalog: draft, revision: snapshot.revision }),
    },
  );
  const strip = (set: Awaited<ReturnType<typeof visibleSet>>) => ({
    tools: set.tools.map(({ name, tokens }) => ({ name, tokens })),
    totalTokens: set.totalTokens,
  });
  return { before: strip(before), after: strip(after), added, removed, changedDescriptions, affectedNodes, examples };
}

async function visibleSet(catalog: Catalog, revision: number) {
  const { modelStep } = await buildModelStep(catalog, revision, [], 1);
  return { tools: modelStep.tools, totalTokens: modelStep.totalTokens };
}

function leaves(nodes: readonly IntentNode[]): Exclude<IntentNode, { kind: 'category' }>[] {
  return nodes.flatMap((node) => (node.kind === 'category' ? leaves(node.children) : [node]));
}
