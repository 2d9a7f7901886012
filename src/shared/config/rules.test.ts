import { describe, expect, it } from 'vitest';
import {
  hasText,
  HEADER_NAME,
  INTENT_NODE_ID,
  intentTreeProblems,
  nameProblem,
  SERVER_NAME,
  serverNameProblems,
  SKILL_NAME,
  skillListProblems,
} from './rules';
import { configSchemaFor } from './schema';

describe('the config rules (one copy for the schema and the console)', () => {
  it('name rules: required, then too long, then characters', () => {
    expect(nameProblem(SKILL_NAME, '')).toBe('required');
    expect(nameProblem(SKILL_NAME, 'a'.repeat(65))).toBe('tooLong');
    expect(nameProblem(SKILL_NAME, 'a'.repeat(64))).toBeUndefined();
    expect(nameProblem(SKILL_NAME, 'bad name')).toBe('characters');
    expect(nameProblem(SERVER_NAME, 'shop.v2')).toBeUndefined();
    expect(nameProblem(SKILL_NAME, 'shop.v2')).toBe('characters');
    expect(nameProblem(INTENT_NODE_ID, 'orders:refund')).toBeUndefined();
    expect(nameProblem(INTENT_NODE_ID, 'a'.repeat(129))).toBe('tooLong');
  });

  it('the tree: a duplicate id, an unknown server, one tool pinned to two servers, with zod-style paths', () => {
    const tree = [
      { id: 'a', kind: 'mcp', toolId: 'refund', server: 'shop' },
      {
        id: 'cat',
        kind: 'category',
        children: [
          { id: 'a', kind: 'knowledge' },
          { id: 'b', kind: 'mcp', toolId: 'refund', server: 'other' },
          { id: 'c', kind: 'mcp', toolId: 'x', server: 'nowhere' },
        ],
      },
    ];
    expect(intentTreeProblems(tree, new Set(['shop', 'other']))).toEqual([
      {
        path: ['intents', 1, 'children', 0, 'id'],
        message: { code: 'config.duplicateIntentId', params: { id: 'a' } },
      },
      {
        path: ['intents', 1, 'children', 1, 'server'],
        message: { code: 'config.pinMismatch', params: { id: 'a', toolId: 'refund', server: 'shop' } },
      },
      {
        path: ['intents', 1, 'children', 2, 'server'],
        message: { code: 'config.unknownServer', params: { server: 'nowhere' } },
      },
    ]);
    // Without the server list, servers are not checked (the console before it knows them).
    expect(intentTreeProblems(tree, null).map((p) => p.message.code)).toEqual([
      'config.duplicateIntentId',
      'config.pinMismatch',
    ]);
  });

  it('servers and skills: names used twice, a skill from an unknown server or with two manuals', () => {
    expect(serverNameProblems([{ name: 's' }, { name: 's' }])).toEqual([
      {
        path: ['agent', 'mcp', 'servers', 1, 'name'],
        message: { code: 'config.duplicateServer', params: { name: 's' } },
      },
    ]);
    const skills = [
      { name: 'x', manual: '' },
      { name: 'x', manual: 'how', server: 'srv' },
    ];
    expect(skillListProblems(skills, new Set()).map((p) => [p.path.join('.'), p.message.code])).toEqual([
      ['skills.1.name', 'config.duplicateSkill'],
      ['skills.1.server', 'config.skillUnknownServer'],
      ['skills.1.manual', 'config.skillManualAndServer'],
    ]);
  });

  it('the schema refuses with the same rules: paths, codes and the name rule’s words', () => {
    const result = configSchemaFor().safeParse({
      agent: { mcp: { servers: [{ name: 'shop', builtin: 'shop' }] } },
      intents: [
        { id: 'a', name: 'A', kind: 'mcp', toolId: 't', server: 'shop' },
        { id: 'a', name: 'B', kind: 'mcp', toolId: 't', server: 'elsewhere' },
      ],
      skills: [{ name: 'bad name', unlocks: ['t'] }],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(expect.arrayContaining([['skills.0.name', 'use letters, digits, "_" or "-"']]));
    // Cross-field rules run once the fields parse: fix the skill name and they show.
    const crossField = configSchemaFor().safeParse({
      agent: { mcp: { servers: [{ name: 'shop', builtin: 'shop' }] } },
      intents: [
        { id: 'a', name: 'A', kind: 'mcp', toolId: 't', server: 'shop' },
        { id: 'a', name: 'B', kind: 'mcp', toolId: 't', server: 'elsewhere' },
      ],
    });
    expect(crossField.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['intents.1.id', 'duplicate intent id "a"'],
      ['intents.1.server', 'unknown server "elsewhere"'],
      ['intents.1.server', 'node a pins t to server "shop"; nodes of one tool must pin the same server'],
    ]);
  });
});

describe('the rules HTTP and the console share with main', () => {
  it('HEADER_NAME takes exactly the names fetch sends (a name it refuses would fail every connect)', () => {
    const fetchTakes = (name: string) => {
      try {
        new Headers({ [name]: 'v' });
        return true;
      } catch {
        return false;
      }
    };
    const names = ['X-Api-Key', 'authorization', "!#$%&'*+.^_`|~", 'a1', '', 'Bad Header', 'X:Key', 'Ümlaut', 'a\tb'];
    for (const name of [...names, ...'()<>@,;:\\"/[]?={}'.split('').map((c) => `x${c}y`)])
      expect(HEADER_NAME.test(name), JSON.stringify(name)).toBe(fetchTakes(name));
  });

  it('hasText: something besides whitespace', () => {
    expect(['a', ' a ', '工具'].every(hasText)).toBe(true);
    expect(['', ' ', '\t\n', '\u3000'].some(hasText)).toBe(false);
  });
});
