import { beforeEach, describe, expect, it } from 'vitest';
import type { SwitchboardConfigInput } from '../config/schema';
import { createCatalogResolver } from './catalog-resolver';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import type { CatalogInput, CatalogServerInput } from './types';

/**
 * A resolver reuses, from one resolve to the next, every binding whose inputs did not change. These prove the
 * reuse never shows stale data.
 */
describe('a catalog resolver reuses what did not change, and only that', () => {
  let resolveCatalog = createCatalogResolver().resolve;
  beforeEach(() => {
    resolveCatalog = createCatalogResolver().resolve;
  });
  const config: SwitchboardConfigInput = {
    agent: { mcp: { servers: [httpServer('a'), httpServer('b')] } },
    intents: [{ id: 'root', name: 'root', children: [leaf('n1', 'one'), leaf('n2', 'two', { confirm: 'never' }), leaf('n3', 'shared')] }],
    skills: [{ name: 'gate', unlocks: ['two'] }],
  };
  const servers: CatalogServerInput[] = [connected('a', [tool('one'), tool('two'), tool('shared')]), connected('b', [tool('shared'), tool('extra')])];
  const base = inputFor(config, servers);
  const reparse = (input: CatalogInput, change: (c: SwitchboardConfigInput) => void = () => undefined): CatalogInput => {
    const next = structuredClone(config);
    change(next);
    return { ...inputFor(next, input.servers as CatalogServerInput[]), servers: input.servers };
  };

  it('keeps every binding across a new servers array and a re-parsed, equal config', () => {
    const first = resolveCatalog(base);
    const again = resolveCatalog(reparse({ ...base, servers: [...base.servers] }));
    for (const binding of first.bindings) expect(again.bindingsByToolId.get(binding.toolId)).toBe(binding);
  });

  it('rebuilds only the tools of a server listed again, with its new definitions', () => {
    const first = resolveCatalog(base);
    const relisted = { ...base, servers: [base.servers[0], connected('b', [tool('shared', { description: 'new text' }), tool('extra')])] };
    const next = resolveCatalog(relisted);
    expect(next.bindingsByToolId.get('one')).toBe(first.bindingsByToolId.get('one'));
    // `shared` is won by a (unchanged), but b's offer changed: its shadows are rebuilt from the new offers.
    expect(next.bindingsByToolId.get('shared')).toMatchObject({ server: 'a', shadows: ['b'] });
    const swapped = resolveCatalog({ ...base, servers: [relisted.servers[1], relisted.servers[0]] });
    expect(swapped.bindingsByToolId.get('shared')).toMatchObject({ server: 'b', description: 'new text', shadows: ['a'] });
  });

  it('follows an edited description, policy, gate or node list, even when config objects were edited in place', () => {
    resolveCatalog(base);
    const edited = reparse(base, (c) => {
      const children = (c.intents![0] as { children: { id: string; description?: string; confirm?: string }[] }).children;
      children[0].description = 'override';
      children[1].confirm = 'always';
      c.skills = [{ name: 'gate', unlocks: ['one'] }];
    });
    const next = resolveCatalog(edited);
    expect(next.bindingsByToolId.get('one')).toMatchObject({ description: 'override', descriptionSource: 'node', gatedBy: ['gate'] });
    expect(next.bindingsByToolId.get('two')).toMatchObject({ confirm: 'always', gatedBy: [] });

    // The node object changed in place, then the config was re-parsed with the same content: still no stale binding.
    const inPlace = reparse(base);
    resolveCatalog(inPlace);
    const node = (inPlace.intents[0] as { children: { description?: string }[] }).children[0];
    node.description = 'changed in place';
    const reread = resolveCatalog(reparse(base, (c) => ((c.intents![0] as { children: { description?: string }[] }).children[0].description = 'changed in place')));
    expect(reread.bindingsByToolId.get('one')).toMatchObject({ description: 'changed in place', descriptionSource: 'node' });

    const moreNodes = resolveCatalog(reparse(base, (c) => (c.intents![0] as { children: unknown[] }).children.push(leaf('n4', 'one', { confirm: 'always' }))));
    expect(moreNodes.bindingsByToolId.get('one')).toMatchObject({ nodes: ['n1', 'n4'], confirm: 'always' });
  });

  it('never shares a one-offer array with a name another server also offers', () => {
    const one = resolveCatalog({ ...base, servers: [base.servers[0]] });
    const two = resolveCatalog(base);
    expect(one.bindingsByToolId.get('shared')!.shadows).toEqual([]);
    expect(two.bindingsByToolId.get('shared')!.shadows).toEqual(['b']);
    expect(resolveCatalog({ ...base, servers: [base.servers[0]] }).bindingsByToolId.get('shared')!.shadows).toEqual([]);
  });
});
