import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../src/main/core/mcp';
import { mcpJsonSchemaValidator } from '../../src/shared/mcp/json-schema-validator';
import { startListenPeer } from '../support/mcp/listen-peer';
import ship from '../support/mcp/ship-input-schema-2020-12.json';

/**
 * A real v2-SDK server whose tool takes a JSON Schema 2020-12 input schema (zod v4's z.toJSONSchema: $schema 2020-12,
 * $defs, prefixItems, const; plus dependentRequired). The Run form's tests draw the fixture this checks against it.
 */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

describe('a 2020-12 input schema from a v2-SDK server', () => {
  it('is discovered as sent, is checked by the no-codegen validator, and the call with valid arguments runs', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
    cleanups.push(() => manager.closeAll());
    manager.reconcile([{ name: 'v2', url: peer.url, enabled: true, headers: {}, transport: 'streamable-http' }]);
    await manager.whenSettled();
    const tool = manager.state('v2')!.tools.find((t) => t.name === 'ship')!;
    expect(manager.state('v2')!.refusedTools).toEqual([]);
    expect(tool.inputSchema).toEqual(ship);
    expect(tool.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');

    const good = { kind: 'parcel', to: { street: '1 Main St', city: 'Lyon' }, size: [2, 3], insured: true, value: 120 };
    const bad = [
      { ...good, kind: 'letter' }, // const
      { ...good, value: undefined }, // dependentRequired: insured needs value
      { ...good, size: [2, 3, 4] }, // items: false after the prefixItems
      { ...good, size: [0, 3] }, // prefixItems[0] minimum
      { ...good, to: { street: 'x' } }, // $defs/Address via $ref: city required
    ].map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>);
    // The one main gives every client (shared/mcp/json-schema-validator.ts); the Run form's is tested on the same fixture.
    const validator = mcpJsonSchemaValidator();
    const check = validator.getValidator(tool.inputSchema as Parameters<typeof validator.getValidator>[0]);
    expect(check(good).valid).toBe(true);
    for (const value of bad) expect(check(value).valid, JSON.stringify(value)).toBe(false);

    const result = await manager.callTool('v2', 'ship', good);
    expect(result.content).toEqual([{ type: 'text', text: 'shipping to Lyon' }]);
  });
});
