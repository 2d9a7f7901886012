import { describe, expect, it } from 'vitest';
import type { SwitchboardConfigInput } from '../config/schema';
import { explainTool } from './explain-tool';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import type { CatalogServerInput } from './types';

const config: SwitchboardConfigInput = {
  agent: { mcp: { servers: [httpServer('shop'), httpServer('tracker')] } },
  intents: [
    leaf('order', 'query_order'),
    leaf('issues', 'list_issues'),
    leaf('pinned', 'create_issue', { server: 'tracker' }),
  ],
};
const servers: CatalogServerInput[] = [
  connected('shop', [tool('query_order')]),
  { name: 'tracker', status: 'needs-auth', error: 'sign-in required at https://auth.example.com/', tools: [] },
];

describe('a server awaiting an OAuth sign-in', () => {
  it('explain names the sign-in as the reason a tool is missing, not a failure', () => {
    const e = explainTool(inputFor(config, servers), 'list_issues');
    expect(e.verdict).toBe('hidden');
    expect(e.layers.find((l) => l.layer === 'connected')!.detail).toBe(
      'connected: shop; tracker awaits sign-in (sign-in required at https://auth.example.com/)',
    );
    expect(e.layers.find((l) => l.layer === 'discovered')!.detail).toContain('tracker awaits sign-in');
    const pinned = explainTool(inputFor(config, servers), 'create_issue');
    expect(pinned.layers.find((l) => !l.ok)!.detail).toContain('tracker awaits sign-in');
  });

  it('the catalog lists its configured tools as unavailable because the server is down, with the sign-in in the reason', () => {
    const catalog = resolveCatalog(inputFor(config, servers));
    const row = catalog.unavailable.find((u) => u.toolId === 'list_issues')!;
    expect(row.cause).toBe('server-down');
    expect(row.reason).toContain('tracker awaits sign-in');
  });
});
