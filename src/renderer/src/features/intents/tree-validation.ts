import type { IntentNode } from '../../../../shared/config/schema';
import { problemText, type FieldProblem } from '../../lib/rpc-problems';
import { pathKey } from './tree-ops';
import { i18n } from '../../lib/i18n';
import { messageText } from '../../lib/i18n/messages';
import { hasText, INTENT_NODE_ID, intentTreeProblems, nameProblem } from '../../../../shared/config/rules';

/** A problem on one field of one node; `field` is '' for the node as a whole. */
export interface NodeProblem {
  field: string;
  message: string;
}

/** Problems keyed by node path (pathKey), so the tree can mark rows and the editor can mark fields. */
export type ProblemsByNode = Map<string, NodeProblem[]>;

const add = (problems: ProblemsByNode, key: string, problem: NodeProblem) => {
  const list = problems.get(key);
  if (list) list.push(problem);
  else problems.set(key, [problem]);
};

const ID_PROBLEM_KEYS = {
  required: 'intents:validation.idRequired',
  tooLong: 'intents:validation.idTooLong',
  characters: 'intents:validation.idCharacters',
} as const;

/**
 * The checks main would make, run before sending so the operator sees them at once, by node: the shared rules
 * (shared/config/rules.ts), the ones the config schema applies. Main still validates everything (it is the
 * authority); its answer is mapped back with `problemsFromPaths`. Messages are in the UI language: a rule across
 * nodes in main's own words (the messages namespace), so the console says what main would.
 */
export function validateTree(tree: readonly IntentNode[], knownServers?: readonly string[]): ProblemsByNode {
  const problems: ProblemsByNode = new Map();
  // Keys built as strings on the way down (pathKey's form): a 5,000-node tree is validated on every edit.
  const walk = (list: readonly IntentNode[], parentKey: string) =>
    list.forEach((node, index) => {
      const key = parentKey === '' ? String(index) : `${parentKey}/${index}`;
      const idProblem = nameProblem(INTENT_NODE_ID, node.id);
      if (idProblem)
        add(problems, key, {
          field: 'id',
          message: i18n.t(ID_PROBLEM_KEYS[idProblem], { count: INTENT_NODE_ID.maxLength }),
        });
      if (!hasText(node.name))
        add(problems, key, { field: 'name', message: i18n.t('intents:validation.nameRequired') });
      if (node.kind === 'mcp' && !hasText(node.toolId))
        add(problems, key, { field: 'toolId', message: i18n.t('intents:validation.chooseTool') });
      if (node.kind === 'category') walk(node.children, key);
    });
  walk(tree, '');
  const across = intentTreeProblems(tree, knownServers ? new Set(knownServers) : null).map(({ path, message }) => ({
    path: path.join('.'),
    message: messageText(i18n, message),
  }));
  return across.length === 0 ? problems : mergeProblems(problems, problemsFromPaths(across).byNode);
}

/**
 * Maps main's problem paths onto nodes, their messages in the UI language now: `intents.0.children.2.toolId` -> node 0/2, field toolId.
 * Anything that does not name a node (another part of the config, the file as a whole) is returned as general.
 */
export function problemsFromPaths(problems: readonly FieldProblem[]): {
  byNode: ProblemsByNode;
  general: FieldProblem[];
} {
  const byNode: ProblemsByNode = new Map();
  const general: FieldProblem[] = [];
  for (const problem of problems) {
    const parts = problem.path.split('.');
    if (parts[0] !== 'intents' || parts.length < 2 || !/^\d+$/.test(parts[1])) {
      general.push(problem);
      continue;
    }
    const path: number[] = [];
    let i = 1;
    for (;;) {
      path.push(Number(parts[i]));
      i++;
      if (parts[i] === 'children' && /^\d+$/.test(parts[i + 1] ?? '')) i++;
      else break;
    }
    add(byNode, pathKey(path), { field: parts.slice(i).join('.'), message: problemText(problem) });
  }
  return { byNode, general };
}

export function mergeProblems(a: ProblemsByNode, b: ProblemsByNode): ProblemsByNode {
  const merged: ProblemsByNode = new Map(a);
  for (const [key, list] of b) merged.set(key, [...(merged.get(key) ?? []), ...list]);
  return merged;
}

export const countProblems = (problems: ProblemsByNode): number =>
  [...problems.values()].reduce((sum, list) => sum + list.length, 0);
