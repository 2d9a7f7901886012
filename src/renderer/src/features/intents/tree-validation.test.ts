import { expect, it } from 'vitest';
import type { IntentNode } from '../../../../shared/config/schema';
import { configSchemaFor } from '../../../../shared/config/schema';
import { i18n } from '../../lib/i18n';
import { validateTree } from './tree-validation';

const tree = [
  { id: 'a', name: 'A', examples: [], kind: 'mcp', toolId: 't', server: 'shop', confirm: 'auto' },
  {
    id: 'cat',
    name: 'Cat',
    examples: [],
    kind: 'category',
    children: [
      { id: 'a', name: 'B', examples: [], kind: 'mcp', toolId: 't', server: 'elsewhere', confirm: 'auto' },
      { id: 'bad id', name: ' ', examples: [], kind: 'mcp', toolId: '', confirm: 'auto' },
    ],
  },
] as IntentNode[];

it('flags, by node, what main refuses across nodes, in main’s words, and the fields as the operator types', async () => {
  await i18n.changeLanguage('en');
  const problems = validateTree(tree, ['shop']);
  expect(problems.get('1/0')).toEqual([
    { field: 'id', message: 'duplicate intent id "a"' },
    { field: 'server', message: 'unknown server "elsewhere"' },
    { field: 'server', message: 'node a pins t to server "shop"; nodes of one tool must pin the same server' },
  ]);
  expect(problems.get('1/1')).toEqual([
    { field: 'id', message: 'use letters, digits, "_", "-", "." or ":"' },
    { field: 'name', message: 'a name is required' },
    { field: 'toolId', message: 'choose the tool this node mounts' },
  ]);
  expect(problems.has('0')).toBe(false);

  // The same cross-node problems, at the same places, as the schema main parses with.
  const valid = structuredClone(tree);
  (valid[1] as { children: IntentNode[] }).children.pop();
  const parsed = configSchemaFor().safeParse({
    agent: { mcp: { servers: [{ name: 'shop', builtin: 'shop' }] } },
    intents: valid,
  });
  const mainSays = parsed.error!.issues.map((issue) => issue.message);
  expect(problems.get('1/0')!.map((p) => p.message)).toEqual(mainSays);

  await i18n.changeLanguage('zh-CN');
  expect(validateTree(tree, ['shop']).get('1/0')![1].message).toBe('未知的服务器“elsewhere”');
  await i18n.changeLanguage('en');
});

it('a name or toolId of only spaces: the console flags it and main refuses it, on the same fields (one rule: hasText)', () => {
  const blank = [
    { id: 'spaces', name: '   ', examples: [], kind: 'mcp', toolId: ' \t ', server: 'shop', confirm: 'auto' },
  ] as IntentNode[];
  const flagged = validateTree(blank, ['shop']).get('0')!;
  expect(flagged.map((problem) => problem.field)).toEqual(['name', 'toolId']);
  const parsed = configSchemaFor().safeParse({
    agent: { mcp: { servers: [{ name: 'shop', builtin: 'shop' }] } },
    intents: blank,
  });
  expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
    ['intents.0.name', 'a node needs a name (not only spaces)'],
    ['intents.0.toolId', 'an mcp node needs a toolId'],
  ]);
});
