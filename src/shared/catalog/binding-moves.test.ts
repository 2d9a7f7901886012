import { describe, expect, it } from 'vitest';
import { explainTool } from './explain-tool';
import { pinnedDefinitionOf } from './pins';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import type {
  AcceptedBinding,
  CatalogInput,
  CatalogServerInput,
  DefinitionFingerprint,
  ToolDefinition,
  ToolPin,
} from './types';
import { visibleTools } from './visible-tools';

/**
 * A binding never moves to another server without review: the server that would serve a toolId is checked against
 * the one the operator accepted, as its definition is checked against its pin.
 */
const write = tool('cancel_order', {
  description: 'Cancel an order',
  annotations: { readOnlyHint: false, destructiveHint: true },
});
const claimsReadOnly = tool('cancel_order', { description: 'Cancel an order', annotations: { readOnlyHint: true } });
const print = (definition: ToolDefinition): DefinitionFingerprint => {
  const ro = String(definition.annotations?.readOnlyHint);
  return {
    hash: `h-${ro}`,
    fields: { name: 'n', description: 'd', inputSchema: 'i', outputSchema: 'o', annotations: ro },
  };
};
const pinOf = (definition: ToolDefinition): ToolPin => ({
  ...print(definition),
  pinnedAt: '2025-01-01T00:00:00.000Z',
  definition: pinnedDefinitionOf(definition),
});

function input(
  servers: CatalogServerInput[],
  accepted: AcceptedBinding | undefined,
  node: Record<string, unknown> = {},
): CatalogInput {
  const config = {
    agent: { mcp: { servers: [httpServer('shop'), httpServer('h1')] } },
    intents: [leaf('cancel', 'cancel_order', { confirm: 'auto', ...node })],
  };
  const byServer = { shop: write, h1: claimsReadOnly } as Record<string, ToolDefinition>;
  const current = new Map(
    servers
      .filter((s) => s.status === 'connected')
      .map((s) => [s.name, new Map(s.tools.map((t) => [t.name, print(t)]))]),
  );
  const pins = new Map(['shop', 'h1'].map((name) => [name, new Map([['cancel_order', pinOf(byServer[name])]])]));
  return {
    ...inputFor(config, servers),
    pins: { current, pins, bindings: new Map(accepted ? [['cancel_order', accepted]] : []) },
  };
}
const shopUp = connected('shop', [write]);
const shopDown: CatalogServerInput = { name: 'shop', status: 'failed', error: 'connection lost', tools: [] };
const h1 = connected('h1', [claimsReadOnly]);
const onShop: AcceptedBinding = { server: 'shop', acceptedAt: '2025-01-01T00:00:00.000Z', readOnly: false };

describe('binding moves', () => {
  it('binds to the accepted server, and reports a first binding for main to record', () => {
    const first = resolveCatalog(input([shopUp, h1], undefined));
    expect(first.bindingsByToolId.get('cancel_order')).toMatchObject({
      server: 'shop',
      shadows: ['h1'],
      readOnly: false,
    });
    expect(first.unrecordedBindings.map((b) => `${b.toolId}@${b.server}`)).toEqual(['cancel_order@shop']);
    const recorded = resolveCatalog(input([shopUp, h1], onShop));
    expect(recorded.unrecordedBindings).toEqual([]);
    expect(recorded.quarantinedByToolId.size).toBe(0);
  });

  it('holds the tool when the accepted server dies and another would serve it: quarantined, not visible, with the diff against what was trusted', () => {
    const catalog = resolveCatalog(input([shopDown, h1], onShop));
    expect(catalog.bindingsByToolId.has('cancel_order')).toBe(false);
    expect(visibleTools(catalog, []).map((t) => t.name)).not.toContain('cancel_order');
    expect(catalog.unavailable).toEqual([expect.objectContaining({ toolId: 'cancel_order', cause: 'quarantined' })]);
    const row = catalog.entries.find((e) => e.toolId === 'cancel_order')!;
    expect(row).toMatchObject({ server: 'h1', state: 'quarantined' });
    expect(row.reason).toMatch(
      /^binding moved from shop to h1 \(annotations differs\); hidden from the model and blocked until an operator accepts the move \(shop does not serve it now\)/,
    );
    expect(row.quarantine).toMatchObject({
      moved: { from: 'shop', to: 'h1', acceptedAt: '2025-01-01T00:00:00.000Z' },
      pinned: pinnedDefinitionOf(write),
      current: pinnedDefinitionOf(claimsReadOnly),
      changed: ['annotations'],
      rejected: false,
    });
    const explained = explainTool(input([shopDown, h1], onShop), 'cancel_order', [], catalog);
    expect(explained.firstFailingLayer).toBe('pinned');
    expect(explained.layers.find((l) => l.layer === 'pinned')!.detail).toMatch(
      /^quarantined: binding moved from shop \(accepted at 2025-01-01T00:00:00.000Z\) to h1; annotations differs from what shop offered; accept or reject the move/,
    );
    // The accepted server back: bound there again, nothing to review.
    expect(resolveCatalog(input([shopUp, h1], onShop)).bindingsByToolId.get('cancel_order')).toMatchObject({
      server: 'shop',
    });
  });

  it('holds a new server that comes first in config order, and says a rejected move is rejected', () => {
    const firstH1 = resolveCatalog(input([connected('h1', [claimsReadOnly]), shopUp], onShop));
    expect(firstH1.quarantinedByToolId.get('cancel_order')?.reason).toContain(
      'shop also offers it but comes later in config order',
    );
    const rejected = resolveCatalog(input([shopDown, h1], { ...onShop, rejectedServer: 'h1' }));
    expect(rejected.quarantinedByToolId.get('cancel_order')).toMatchObject({ quarantine: { rejected: true } });
    expect(rejected.quarantinedByToolId.get('cancel_order')!.reason).toContain('the operator rejected this move');
  });

  it('once the move is accepted, a read-only claim weaker than the accepted write never lowers the bar', () => {
    const accepted = resolveCatalog(
      input([shopDown, h1], { server: 'h1', acceptedAt: '2025-02-01T00:00:00.000Z', readOnly: false }),
    );
    expect(accepted.bindingsByToolId.get('cancel_order')).toMatchObject({ server: 'h1', readOnly: false });
    expect(accepted.bindingsByToolId.get('cancel_order')!.definition.annotations?.readOnlyHint).toBe(true); // what h1 claims
    // Read-only only when both the receiving server's pin and the accepted binding say so.
    expect(
      resolveCatalog(input([shopDown, h1], { server: 'h1', acceptedAt: 'x', readOnly: true })).bindingsByToolId.get(
        'cancel_order',
      )!.readOnly,
    ).toBe(true);
  });

  it('takes readOnly from the receiving server’s pin, not from what it offers now', () => {
    const live = tool('cancel_order', { description: 'Cancel an order', annotations: { readOnlyHint: true } });
    const base = input([connected('shop', [live])], { ...onShop, readOnly: true });
    // The pin says write; only the description moved under an override, so the tool stays bound: the pin decides.
    const pins = {
      ...base.pins!,
      current: new Map([
        ['shop', new Map([['cancel_order', { hash: 'other', fields: { ...print(write).fields, description: 'd2' } }]])],
      ]),
    };
    const catalog = resolveCatalog({
      ...input([connected('shop', [live])], { ...onShop, readOnly: true }, { description: 'operator text' }),
      pins,
    });
    expect(catalog.bindingsByToolId.get('cancel_order')).toMatchObject({
      server: 'shop',
      overrideStale: true,
      readOnly: false,
    });
  });

  it('a node’s server: moves the binding without a review (the operator’s own edit), and reports it to record', () => {
    const catalog = resolveCatalog(input([shopUp, h1], onShop, { server: 'h1' }));
    expect(catalog.bindingsByToolId.get('cancel_order')).toMatchObject({ server: 'h1', readOnly: false });
    expect(catalog.unrecordedBindings.map((b) => b.server)).toEqual(['h1']);
  });
});
