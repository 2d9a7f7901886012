import type { IntentNode } from '../../../../shared/config/schema';
import type { FieldProblem } from '../../lib/rpc-problems';
import { pathKey } from './tree-ops';
import { i18n } from '../../lib/i18n';

/** A problem on one field of one node; `field` is '' for the node as a whole. */
export interface NodeProblem {
  field: string;
  message: string;
}

/** Problems keyed by node path (pathKey), so the tree can mark rows and the editor can mark fields. */
export type ProblemsByNode = Map<string, NodeProblem[]>;

const NODE_ID = /^[A-Za-z0-9_.:-]+$/;

const add = (problems: ProblemsByNode, key: string, problem: NodeProblem) => {
  const list = problems.get(key);
  if (list) list.push(problem);
  else problems.set(key, [problem]);
};

/**
 * The checks main would make, run before sending so the operator sees them at once, by node. Main still validates
 * everything (it is the authority); its answer is mapped back with `problemsFromPaths`. Messages are in the UI language.
 */
export function validateTree(tree: readonly IntentNode[], knownServers?: readonly string[]): ProblemsByNode {
  const problems: ProblemsByNode = new Map();
  const seen = new Set<string>();
  const pins = new Map<string, { server: string; id: string }>();
  const servers = knownServers ? new Set(knownServers) : null;
  // Keys built as strings on the way down (pathKey's form): a 5,000-node tree is validated on every edit.
  const walk = (list: readonly IntentNode[], parentKey: string) =>
    list.forEach((node, index) => {
      const key = parentKey === '' ? String(index) : `${parentKey}/${index}`;
      if (!node.id) add(problems, key, { field: 'id', message: i18n.t('intents:validation.idRequired') });
      else if (node.id.length > 128)
        add(problems, key, { field: 'id', message: i18n.t('intents:validation.idTooLong', { count: 128 }) });
      else if (!NODE_ID.test(node.id))
        add(problems, key, { field: 'id', message: i18n.t('intents:validation.idCharacters') });
      else if (seen.has(node.id))
        add(problems, key, { field: 'id', message: i18n.t('intents:validation.duplicateId', { id: node.id }) });
      seen.add(node.id);
      if (!node.name.trim()) add(problems, key, { field: 'name', message: i18n.t('intents:validation.nameRequired') });
      if (node.kind === 'mcp') {
        if (!node.toolId.trim())
          add(problems, key, { field: 'toolId', message: i18n.t('intents:validation.chooseTool') });
        if (node.server && servers && !servers.has(node.server))
          add(problems, key, {
            field: 'server',
            message: i18n.t('intents:validation.unknownServer', { server: node.server }),
          });
        if (node.server && node.toolId) {
          const pinned = pins.get(node.toolId);
          if (pinned && pinned.server !== node.server)
            add(problems, key, {
              field: 'server',
              message: i18n.t('intents:validation.pinConflict', {
                id: pinned.id,
                toolId: node.toolId,
                server: pinned.server,
              }),
            });
          else pins.set(node.toolId, { server: node.server, id: node.id });
        }
      }
      if (node.kind === 'category') walk(node.children, key);
    });
  walk(tree, '');
  return problems;
}

/**
 * Maps main's problem paths onto nodes: `intents.0.children.2.toolId` -> node 0/2, field toolId.
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
    add(byNode, pathKey(path), { field: parts.slice(i).join('.'), message: problem.message });
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
