import { describe, expect, it } from 'vitest';
import type { AppServices } from '../../core/services';
import { createDispatch } from '../dispatch';

type Call = [service: string, method: string, args: unknown[]];

/** Services that answer every method with a marker and log each call: what a route maps to, nothing else. */
function recordingServices(): { services: AppServices; calls: Call[] } {
  const calls: Call[] = [];
  const service = (name: string) =>
    new Proxy(
      {},
      {
        get: (_target, method) =>
          typeof method === 'string'
            ? (...args: unknown[]) => {
                calls.push([name, method, args]);
                return { answeredBy: `${name}.${method}` };
              }
            : undefined,
      },
    );
  const services = new Proxy({} as AppServices, { get: (_target, name) => service(String(name)) });
  return { services, calls };
}

async function route(name: string, input: unknown) {
  const { services, calls } = recordingServices();
  const result = await createDispatch({ services })(name, input, { transport: 'internal' });
  return { result, calls };
}

/** One or more routes of each family: the route's input, and the one service call it must become. */
const MAPPINGS: [route: string, input: unknown, call: Call][] = [
  [
    'servers.add',
    { server: { name: 'a', url: 'http://127.0.0.1:9/mcp' }, index: 0 },
    ['servers', 'add', [expect.objectContaining({ name: 'a', headers: {} }), 0]],
  ],
  [
    'servers.update',
    { name: 'a', server: { name: 'b', command: 'node' } },
    ['servers', 'update', ['a', expect.objectContaining({ name: 'b' })]],
  ],
  [
    'servers.confirmLaunch',
    { name: 'a', commandLine: 'node x', launch: false },
    ['servers', 'confirmLaunch', ['a', 'node x', false]],
  ],
  ['servers.signOut', { name: 'a' }, ['servers', 'signOut', ['a']]],
  ['servers.setLogLevel', { name: 'a', level: 'debug' }, ['servers', 'setLogLevel', ['a', 'debug']]],
  ['config.import', { text: '{}' }, ['servers', 'import', ['{}', 'ask', false, []]]],
  ['settings.setApiKey', { apiKey: 'k', allowPlainText: true }, ['settings', 'setApiKey', ['k', true]]],
  ['settings.resetBuiltinData', {}, ['settings', 'resetBuiltinData', []]],
  ['telemetry.setHeaders', { headers: 'a=b' }, ['telemetry', 'setHeaders', ['a=b', undefined]]],
  [
    'approvals.resolve',
    { id: 'a1', decision: 'reject', reason: 'wrong order' },
    ['approvals', 'answer', ['a1', { decision: 'reject', reason: 'wrong order' }]],
  ],
  ['chat.rename', { conversationId: 'c1', title: ' New ' }, ['conversations', 'rename', ['c1', 'New']]],
  ['records.list', {}, ['records', 'list', [{ limit: 500 }]]],
  ['catalog.tool', { toolId: 't', server: null }, ['catalog', 'tool', ['t', null]]],
  ['catalog.explain', { toolId: 't' }, ['catalog', 'explain', ['t', []]]],
  ['catalog.acceptChange', { toolId: 't', server: 's' }, ['catalog', 'acceptChange', [{ toolId: 't', server: 's' }]]],
  ['config.save', { raw: 'agent: {}' }, ['documents', 'saveText', ['agent: {}', undefined]]],
  ['intents.save', { intents: [], baseRevision: 3 }, ['documents', 'saveIntents', [[], 3]]],
  ['skills.refreshServer', {}, ['publishedSkills', 'refresh', [undefined]]],
  ['tests.run', {}, ['workbench', 'runTests', [undefined, 'none']]],
  ['tests.saveConversation', { conversationId: 'c1' }, ['workbench', 'saveConversationAsTest', ['c1', undefined]]],
  ['requests.sample', { id: 'r1', maxTokens: 5 }, ['requests', 'startSampling', ['r1', { maxTokens: 5 }]]],
  ['resources.unsubscribe', { server: 's', uri: 'file:///a' }, ['resources', 'subscribe', ['s', 'file:///a', false]]],
  ['preferences.setTheme', { theme: 'dark' }, ['preferences', 'setTheme', ['dark']]],
  ['apps.resource', { server: 's', toolId: 't' }, ['apps', 'resource', [{ server: 's', toolId: 't' }]]],
];

describe('each route maps its parsed input to one service call', () => {
  it.each(MAPPINGS)('%s', async (name, input, call) => {
    const { result, calls } = await route(name, input);
    expect(result.ok).toBe(true);
    expect(calls).toEqual([call]);
    expect(JSON.stringify(result)).toContain(`${call[0]}.${call[1]}`);
  });

  it('shapes an answer without deciding anything (chat.stop answers what the service said)', async () => {
    const { result, calls } = await route('chat.stop', { conversationId: 'c1' });
    expect(calls).toEqual([['conversations', 'stop', ['c1']]]);
    expect(result).toEqual({ ok: true, data: { stopped: { answeredBy: 'conversations.stop' } } });
  });
});

describe('what never reaches a service', () => {
  it('a reject without its reason: refused as bad_request by the typed decision, before any service call', async () => {
    const { result, calls } = await route('approvals.resolve', { id: 'a1', decision: 'reject', reason: '  ' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringMatching(/reason/) },
    });
    expect(calls).toEqual([]);
  });

  it('a field outside the contract: a command line handed to servers.reconnect is refused at the router', async () => {
    const { result, calls } = await route('servers.reconnect', { name: 'alpha', command: 'rm -rf /' });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(calls).toEqual([]);
  });

  it('malformed inputs are refused at the router with what is wrong, before any service call', async () => {
    const refusals: [string, unknown, RegExp?][] = [
      ['catalog.tool', { toolId: 'query_order' }],
      ['catalog.tool', { toolId: '', server: 'shop' }],
      ['catalog.tool', { toolId: 'query_order', server: '' }],
      ['catalog.tool', { toolId: 'x'.repeat(257), server: 'shop' }],
      ['catalog.tool', { toolId: 'query_order', server: 'shop', extra: 1 }],
      ['catalog.tool', { toolId: 1, server: 'shop' }],
      ['catalog.list', { all: true }],
      ['intents.save', { intents: [{ id: 'x', name: 'x', kind: 'mcp' }] }, /an mcp node needs a toolId/],
      ['skills.save', { skills: [{ name: 'nothing', unlocks: [] }] }, /a skill must unlock at least one tool/],
    ];
    for (const [name, input, message] of refusals) {
      const { result, calls } = await route(name, input);
      expect(result, `${name} ${JSON.stringify(input)}`).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      if (message) expect(!result.ok && result.error.message).toMatch(message);
      expect(calls).toEqual([]);
    }
  });
});

describe('sandbox.proxy', () => {
  it('answers the entry point’s own sandbox, or none', async () => {
    const { services } = recordingServices();
    const sandbox = { origin: 'http://127.0.0.1:1', proxyUrl: 'http://127.0.0.1:1/proxy' };
    expect(
      await createDispatch({ services }, { appSandbox: sandbox })('sandbox.proxy', {}, { transport: 'ws' }),
    ).toEqual({
      ok: true,
      data: sandbox,
    });
    expect(await createDispatch({ services })('sandbox.proxy', {}, { transport: 'ws' })).toEqual({
      ok: true,
      data: { origin: null, proxyUrl: null },
    });
  });
});
