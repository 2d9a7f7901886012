import { describe, expect, it } from 'vitest';
import { switchboardConfigSchema, type SwitchboardConfigInput } from './schema';

/** Each problem as "path: message", the way the console and the CLI show it. */
function problems(config: unknown): string[] {
  const result = switchboardConfigSchema.safeParse(config);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const servers = [{ name: 'shop', url: 'http://127.0.0.1:9099' }, { name: 'backup', command: 'node', args: ['b.js'] }];
const base: SwitchboardConfigInput = { agent: { mcp: { servers } } };

describe('config validation reports each invalid node with its path', () => {
  it('accepts a valid config and fills defaults', () => {
    const parsed = switchboardConfigSchema.parse({ ...base, intents: [{ id: 'a', name: 'A', children: [{ id: 'b', name: 'B', kind: 'mcp', toolId: 'query_order' }] }] });
    expect(parsed.intents[0]).toMatchObject({ kind: 'category', children: [{ confirm: 'auto', examples: [] }] });
    expect(parsed.agent.mcp.servers[0]).toMatchObject({ enabled: true, transport: 'streamable-http', headers: {} });
  });

  it('an mcp leaf without toolId', () => {
    expect(problems({ ...base, intents: [{ id: 'shop', name: 'Shop', children: [{ id: 'x', name: 'X', kind: 'mcp' }] }] })).toEqual([
      'intents.0.children.0.toolId: an mcp node needs a toolId',
    ]);
  });

  it('a duplicate node id, anywhere in the tree', () => {
    expect(problems({ ...base, intents: [{ id: 'a', name: 'A', children: [{ id: 'a', name: 'again', kind: 'knowledge' }] }] })).toEqual([
      'intents.0.children.0.id: duplicate intent id "a"',
    ]);
  });

  it('a node naming an unknown server, and nodes of one tool pinning different servers', () => {
    expect(
      problems({
        ...base,
        intents: [
          { id: 'a', name: 'A', kind: 'mcp', toolId: 't', server: 'nope' },
          { id: 'b', name: 'B', kind: 'mcp', toolId: 'u', server: 'shop' },
          { id: 'c', name: 'C', kind: 'mcp', toolId: 'u', server: 'backup' },
          { id: 'd', name: 'D', kind: 'mcp', toolId: 'u' },
        ],
      }),
    ).toEqual([
      'intents.0.server: unknown server "nope"',
      'intents.2.server: node b pins u to server "shop"; nodes of one tool must pin the same server',
    ]);
  });

  it('a skill unlocking nothing, and duplicate skill names', () => {
    expect(problems({ ...base, skills: [{ name: 's', unlocks: [] }, { name: 'ok', unlocks: ['t'] }] })).toEqual([
      'skills.0.unlocks: a skill must unlock at least one tool',
    ]);
    expect(problems({ ...base, skills: [{ name: 'ok', unlocks: ['t'] }, { name: 'ok', unlocks: ['t'] }] })).toEqual(['skills.1.name: duplicate skill name "ok"']);
  });

  it('duplicate server names, a bad server name, and an entry that is neither url, command nor builtin', () => {
    expect(problems({ agent: { mcp: { servers: [...servers, { name: 'shop', url: 'http://x' }] } } })).toEqual(['agent.mcp.servers.2.name: duplicate server name "shop"']);
    expect(problems({ agent: { mcp: { servers: [{ name: 'has space', url: 'http://x' }] } } })[0]).toMatch(/^agent\.mcp\.servers\.0/);
    expect(problems({ agent: { mcp: { servers: [{ name: 'x' }] } } })[0]).toMatch(/^agent\.mcp\.servers\.0/);
  });
});
