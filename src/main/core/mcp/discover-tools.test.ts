import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../../shared/config/schema';
import { startFixtureServer, type FixtureServer, type FixtureTool } from '../../../../tests/support/mcp';
import { ConnectionManager } from './connection-manager';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function connect(
  tools: FixtureTool[],
  pageSize?: number,
): Promise<{ manager: ConnectionManager; fixture: FixtureServer }> {
  const fixture = await startFixtureServer({ tools, pageSize });
  cleanups.push(() => fixture.close());
  const manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
  cleanups.push(() => manager.closeAll());
  manager.reconcile([serverConfigSchema.parse({ name: 'fx', url: fixture.url })]);
  await manager.whenSettled();
  return { manager, fixture };
}
const object = { type: 'object' as const, properties: {} };

describe('tools/list, checked tool by tool', () => {
  it('keeps every page, in order', async () => {
    const tools = Array.from({ length: 25 }, (_, i) => ({ name: `t${i}`, inputSchema: object }));
    const { manager, fixture } = await connect(tools, 10);
    expect(manager.snapshot().servers[0].tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    expect(fixture.listRequests.map((r) => r.cursor)).toEqual([undefined, '10', '20']);
  });

  it('a tool that is not a Tool is refused on its own, with the reason; the good tools of its page still come through', async () => {
    const { manager } = await connect(
      [
        { name: 'fine', inputSchema: object },
        { name: 'broken', inputSchema: { type: 'string' } as never },
        { name: 'later', inputSchema: object },
      ],
      2,
    );
    const server = manager.snapshot().servers[0];
    expect(server.status).toBe('connected');
    expect(server.tools.map((t) => t.name)).toEqual(['fine', 'later']);
    expect(server.refusedTools).toEqual([
      { index: 1, name: 'broken', reason: expect.stringMatching(/^inputSchema\.type: .*expected "object"/) },
    ]);
  });

  it("structured output is still checked against each tool's outputSchema, on every page", async () => {
    const outputSchema = { type: 'object' as const, properties: { total: { type: 'number' } }, required: ['total'] };
    const { manager } = await connect(
      [
        {
          name: 'first_page',
          inputSchema: object,
          outputSchema,
          handler: () => ({ content: [], structuredContent: { total: 'lots' } }),
        },
        { name: 'filler', inputSchema: object },
      ],
      1,
    );
    // The detail is @cfworker/json-schema's (shared/mcp/json-schema-validator.ts), not the SDK default's (ajv: "must be number").
    await expect(manager.callTool('fx', 'first_page', {})).rejects.toThrow(
      /structured content does not match the tool's output schema: .*#\/total: .*Expected "number"/i,
    );
  });
});
