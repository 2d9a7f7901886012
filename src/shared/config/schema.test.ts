import { describe, expect, it } from 'vitest';
import { zodIssueMessage } from '../messages/zod-issue';
import { configSchemaFor, type SwitchboardConfigInput } from './schema';

/** Each problem as "path: message", the way the console and the CLI show it. */
function problems(config: unknown): string[] {
  const result = configSchemaFor().safeParse(config);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const servers = [
  { name: 'shop', url: 'http://127.0.0.1:9099' },
  { name: 'backup', command: 'node', args: ['b.js'] },
];
const base: SwitchboardConfigInput = { agent: { mcp: { servers } } };

describe('config validation reports each invalid node with its path', () => {
  it('accepts a valid config and fills defaults', () => {
    const parsed = configSchemaFor().parse({
      ...base,
      intents: [{ id: 'a', name: 'A', children: [{ id: 'b', name: 'B', kind: 'mcp', toolId: 'query_order' }] }],
    });
    expect(parsed.intents[0]).toMatchObject({ kind: 'category', children: [{ confirm: 'auto', examples: [] }] });
    expect(parsed.agent.mcp.servers[0]).toMatchObject({ enabled: true, transport: 'streamable-http', headers: {} });
  });

  it('an mcp leaf without toolId', () => {
    expect(
      problems({ ...base, intents: [{ id: 'shop', name: 'Shop', children: [{ id: 'x', name: 'X', kind: 'mcp' }] }] }),
    ).toEqual(['intents.0.children.0.toolId: an mcp node needs a toolId']);
  });

  it('a node name or toolId of only spaces, with a clear reason (the console flags the same: tree-validation.test.ts)', () => {
    expect(problems({ ...base, intents: [{ id: 'x', name: ' ', kind: 'mcp', toolId: '  ', server: 'shop' }] })).toEqual(
      ['intents.0.name: a node needs a name (not only spaces)', 'intents.0.toolId: an mcp node needs a toolId'],
    );
  });

  it('a header name HTTP refuses, on the header, in words the console translates', () => {
    const result = configSchemaFor().safeParse({
      agent: {
        mcp: { servers: [{ name: 'crm', url: 'http://127.0.0.1:9/mcp', headers: { 'X Api Key': 'k', ok: 'v' } }] },
      },
    });
    const [issue, ...more] = result.error!.issues;
    expect(more).toEqual([]);
    expect(issue.path).toEqual(['agent', 'mcp', 'servers', 0, 'headers', 'X Api Key']);
    expect(issue.message).toMatch(/^"X Api Key" is not a header name HTTP accepts/);
    expect(zodIssueMessage(issue)).toMatchObject({ code: 'config.headerName', params: { name: 'X Api Key' } });
  });

  it('an environment variable name with "=" (the OS would split it elsewhere), on the variable', () => {
    expect(
      problems({ agent: { mcp: { servers: [{ name: 'files', command: 'npx', env: { 'A=B': '1', OK: '2' } }] } } }),
    ).toEqual([
      'agent.mcp.servers.0.env.A=B: "A=B" is not an environment variable name: it is empty or holds "=" or a NUL',
    ]);
  });

  it('a duplicate node id, anywhere in the tree', () => {
    expect(
      problems({
        ...base,
        intents: [{ id: 'a', name: 'A', children: [{ id: 'a', name: 'again', kind: 'knowledge' }] }],
      }),
    ).toEqual(['intents.0.children.0.id: duplicate intent id "a"']);
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
    expect(
      problems({
        ...base,
        skills: [
          { name: 's', unlocks: [] },
          { name: 'ok', unlocks: ['t'] },
        ],
      }),
    ).toEqual(['skills.0.unlocks: a skill must unlock at least one tool']);
    expect(
      problems({
        ...base,
        skills: [
          { name: 'ok', unlocks: ['t'] },
          { name: 'ok', unlocks: ['t'] },
        ],
      }),
    ).toEqual(['skills.1.name: duplicate skill name "ok"']);
  });

  it('a skill that takes its manual from a server: the server must be configured, and it has no manual of its own', () => {
    const parsed = configSchemaFor().parse({
      ...base,
      skills: [{ name: 'refunds', server: 'shop', skill: 'after-sales', unlocks: ['apply_refund'] }],
    });
    expect(parsed.skills[0]).toMatchObject({ name: 'refunds', server: 'shop', skill: 'after-sales', manual: '' });
    expect(problems({ ...base, skills: [{ name: 'a', server: 'nowhere', unlocks: ['t'] }] })).toEqual([
      'skills.0.server: skill a takes its manual from server nowhere, which is not configured under agent.mcp.servers',
    ]);
    expect(problems({ ...base, skills: [{ name: 'a', server: 'shop', manual: 'mine', unlocks: ['t'] }] })).toEqual([
      'skills.0.manual: skill a has both manual: and server:; a skill from a server takes its manual from it, so remove manual:',
    ]);
  });

  it('duplicate server names, a bad server name, and an entry that is neither url, command nor builtin', () => {
    expect(problems({ agent: { mcp: { servers: [...servers, { name: 'shop', url: 'http://x' }] } } })).toEqual([
      'agent.mcp.servers.2.name: duplicate server name "shop"',
    ]);
    expect(problems({ agent: { mcp: { servers: [{ name: 'has space', url: 'http://x' }] } } })[0]).toMatch(
      /^agent\.mcp\.servers\.0/,
    );
    expect(problems({ agent: { mcp: { servers: [{ name: 'x' }] } } })[0]).toMatch(/^agent\.mcp\.servers\.0/);
  });
});

describe('a remote server’s auth block', () => {
  const withAuth = (auth: unknown) => ({
    agent: { mcp: { servers: [{ name: 'tracker', url: 'https://tracker.example.com/mcp', auth }] } },
  });

  it('accepts each way to sign in, and keeps secrets as ${env:…} references', () => {
    expect(problems(withAuth({}))).toEqual([]);
    expect(
      problems(withAuth({ clientId: 'sb', clientSecret: '${env:TRACKER_SECRET}', scopes: ['tickets:read'] })),
    ).toEqual([]);
    expect(problems(withAuth({ clientMetadataUrl: 'https://sb.example.com/client.json' }))).toEqual([]);
    expect(problems(withAuth({ grant: 'client_credentials', clientId: 'bot', privateKey: '${env:BOT_KEY}' }))).toEqual(
      [],
    );
    const parsed = configSchemaFor().parse(withAuth({ clientId: 'sb' }));
    expect(parsed.agent.mcp.servers[0]).toMatchObject({ auth: { grant: 'authorization_code', clientId: 'sb' } });
  });

  it('refuses combinations that cannot work, on the field concerned', () => {
    expect(problems(withAuth({ grant: 'client_credentials' }))).toEqual([
      'agent.mcp.servers.0.auth.clientId: the client_credentials grant needs a clientId',
      'agent.mcp.servers.0.auth.clientSecret: the client_credentials grant needs either a clientSecret or a privateKey',
    ]);
    expect(
      problems(withAuth({ grant: 'client_credentials', clientId: 'b', clientSecret: 's', privateKey: 'k.pem' })),
    ).toEqual([
      'agent.mcp.servers.0.auth.clientSecret: the client_credentials grant needs either a clientSecret or a privateKey',
    ]);
    expect(problems(withAuth({ privateKey: 'k.pem' }))).toEqual([
      'agent.mcp.servers.0.auth.privateKey: privateKey (private_key_jwt) is used with grant: client_credentials',
    ]);
    expect(problems(withAuth({ clientSecret: 's' }))).toEqual([
      'agent.mcp.servers.0.auth.clientSecret: a clientSecret needs its clientId',
    ]);
    expect(problems(withAuth({ clientMetadataUrl: 'http://sb.example.com/client.json' }))[0]).toMatch(
      /^agent\.mcp\.servers\.0\.auth\.clientMetadataUrl: /,
    );
    expect(problems(withAuth({ scopes: ['a"b'] }))).toEqual([
      'agent.mcp.servers.0.auth.scopes.0: a scope is one word without quotes or backslashes',
    ]);
    expect(problems(withAuth({ token: 'x' }))[0]).toMatch(/auth: Unrecognized key/);
  });

  it('stdio and builtin servers take no auth block', () => {
    expect(problems({ agent: { mcp: { servers: [{ name: 'files', command: 'npx', auth: {} }] } } })).not.toEqual([]);
  });
});
