import { beforeEach, describe, expect, it } from 'vitest';
import type { SwitchboardConfigInput } from '../config/schema';
import { createCatalogResolver } from './catalog-resolver';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import { pinnedDefinitionOf } from './pins';
import type { AcceptedBinding, CatalogInput, CatalogServerInput } from './types';

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
    intents: [
      {
        id: 'root',
        name: 'root',
        children: [leaf('n1', 'one'), leaf('n2', 'two', { confirm: 'never' }), leaf('n3', 'shared')],
      },
    ],
    skills: [{ name: 'gate', unlocks: ['two'] }],
  };
  const servers: CatalogServerInput[] = [
    connected('a', [tool('one'), tool('two'), tool('shared')]),
    connected('b', [tool('shared'), tool('extra')]),
  ];
  const base = inputFor(config, servers);
  const reparse = (
    input: CatalogInput,
    change: (c: SwitchboardConfigInput) => void = () => undefined,
  ): CatalogInput => {
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
    const relisted = {
      ...base,
      servers: [base.servers[0], connected('b', [tool('shared', { description: 'new text' }), tool('extra')])],
    };
    const next = resolveCatalog(relisted);
    expect(next.bindingsByToolId.get('one')).toBe(first.bindingsByToolId.get('one'));
    // `shared` is won by a (unchanged), but b's offer changed: its shadows are rebuilt from the new offers.
    expect(next.bindingsByToolId.get('shared')).toMatchObject({ server: 'a', shadows: ['b'] });
    const swapped = resolveCatalog({ ...base, servers: [relisted.servers[1], relisted.servers[0]] });
    expect(swapped.bindingsByToolId.get('shared')).toMatchObject({
      server: 'b',
      description: 'new text',
      shadows: ['a'],
    });
  });

  it('follows an edited description, policy, gate or node list, even when config objects were edited in place', () => {
    resolveCatalog(base);
    const edited = reparse(base, (c) => {
      const children = (c.intents![0] as { children: { id: string; description?: string; confirm?: string }[] })
        .children;
      children[0].description = 'override';
      children[1].confirm = 'always';
      c.skills = [{ name: 'gate', unlocks: ['one'] }];
    });
    const next = resolveCatalog(edited);
    expect(next.bindingsByToolId.get('one')).toMatchObject({
      description: 'override',
      descriptionSource: 'node',
      gatedBy: ['gate'],
    });
    expect(next.bindingsByToolId.get('two')).toMatchObject({ confirm: 'always', gatedBy: [] });

    // The node object changed in place, then the config was re-parsed with the same content: still no stale binding.
    const inPlace = reparse(base);
    resolveCatalog(inPlace);
    const node = (inPlace.intents[0] as { children: { description?: string }[] }).children[0];
    node.description = 'changed in place';
    const reread = resolveCatalog(
      reparse(
        base,
        (c) =>
          ((c.intents![0] as { children: { description?: string }[] }).children[0].description = 'changed in place'),
      ),
    );
    expect(reread.bindingsByToolId.get('one')).toMatchObject({
      description: 'changed in place',
      descriptionSource: 'node',
    });

    const moreNodes = resolveCatalog(
      reparse(base, (c) =>
        (c.intents![0] as { children: unknown[] }).children.push(leaf('n4', 'one', { confirm: 'always' })),
      ),
    );
    expect(moreNodes.bindingsByToolId.get('one')).toMatchObject({ nodes: ['n1', 'n4'], confirm: 'always' });
  });

  describe('a config edit with the same pins', () => {
    // Every lookup in the pin maps is counted: a toolId carried over from the last resolve reads none of them.
    let lookups = 0;
    class CountingMap<K, V> extends Map<K, V> {
      override get(key: K): V | undefined {
        lookups++;
        return super.get(key);
      }
    }
    const fingerprint = (name: string) => ({
      hash: `h-${name}`,
      fields: { name, description: 'd', inputSchema: 'i', outputSchema: 'o', annotations: 'a' },
    });
    const byServer = <T>(make: (name: string) => T) =>
      new CountingMap(servers.map((s) => [s.name, new CountingMap(s.tools.map((t) => [t.name, make(t.name)]))]));
    const pinned = () => ({
      current: byServer(fingerprint),
      pins: byServer((name) => ({ ...fingerprint(name), pinnedAt: 'x', definition: pinnedDefinitionOf(tool(name)) })),
      bindings: new CountingMap<string, AcceptedBinding>([
        ['one', { server: 'a', acceptedAt: 'x', readOnly: false }],
        ['two', { server: 'a', acceptedAt: 'x', readOnly: false }],
        ['shared', { server: 'a', acceptedAt: 'x', readOnly: false }],
      ]),
    });

    it('keeps every outcome without reading a pin, and re-resolves a toolId whose nodes or gates changed', () => {
      const pins = pinned();
      const first = resolveCatalog({ ...base, pins });
      lookups = 0;
      const again = resolveCatalog({ ...reparse(base), pins: { ...pins } });
      expect(lookups).toBe(0);
      for (const binding of first.bindings) expect(again.bindingsByToolId.get(binding.toolId)).toBe(binding);
      // The skills name and unlock the same and no toolId changed sides: each keeps its unbound list as it was.
      expect(again.skills[0].unlocksUnbound).toBe(first.skills[0].unlocksUnbound);

      // Only a skill's own words changed: every outcome stays, and the skill list and load_skill say the new words.
      const reworded = resolveCatalog({
        ...reparse(base, (c) => (c.skills![0].description = 'Refunds and returns')),
        pins,
      });
      expect(lookups).toBe(0);
      for (const binding of first.bindings) expect(reworded.bindingsByToolId.get(binding.toolId)).toBe(binding);
      expect(reworded.skills[0]).toMatchObject({
        name: 'gate',
        description: 'Refunds and returns',
        unlocksUnbound: [],
      });
      expect(JSON.stringify(reworded.localTools)).toContain('Refunds and returns');

      // A node now names server b for `shared`: the operator's own move, resolved again and recorded.
      const movedByNode = resolveCatalog({
        ...reparse(base, (c) => ((c.intents![0] as { children: { server?: string }[] }).children[2].server = 'b')),
        pins,
      });
      expect(movedByNode.bindingsByToolId.get('shared')).toMatchObject({ server: 'b', shadows: ['a'] });
      expect(movedByNode.unrecordedBindings.map((b) => b.toolId)).toEqual(['shared']);
      expect(movedByNode.bindingsByToolId.get('one')).toBe(first.bindingsByToolId.get('one'));

      // A node pins `one` to b, which does not offer it: no longer bound, and the lists say so.
      const pinnedAway = resolveCatalog({
        ...reparse(base, (c) => ((c.intents![0] as { children: { server?: string }[] }).children[0].server = 'b')),
        pins,
      });
      expect(pinnedAway.bindings.map((b) => b.toolId)).toEqual(['shared', 'two']);
      expect(pinnedAway.unavailable).toMatchObject([{ toolId: 'one', cause: 'pinned-elsewhere' }]);

      // Only the skills changed: the gate follows.
      const regated = resolveCatalog({
        ...reparse(base, (c) => (c.skills = [{ name: 'gate', unlocks: ['one'] }])),
        pins,
      });
      expect(regated.bindingsByToolId.get('one')).toMatchObject({ gatedBy: ['gate'] });
      expect(regated.bindingsByToolId.get('two')).toMatchObject({ gatedBy: [] });
    });

    it('re-resolves every toolId when the pins changed with it', () => {
      const pins = pinned();
      resolveCatalog({ ...base, pins });
      // An operator moved `one` to b, which does not offer it: with a re-parsed config in the same resolve, it is held.
      const bindings = new CountingMap(pins.bindings).set('one', { server: 'b', acceptedAt: 'y', readOnly: false });
      const next = resolveCatalog({ ...reparse(base), pins: { ...pins, bindings } });
      expect(next.bindingsByToolId.has('one')).toBe(false);
      expect(next.quarantinedByToolId.get('one')?.quarantine.moved).toMatchObject({ from: 'b', to: 'a' });
    });
  });

  it('never shares a one-offer array with a name another server also offers', () => {
    const one = resolveCatalog({ ...base, servers: [base.servers[0]] });
    const two = resolveCatalog(base);
    expect(one.bindingsByToolId.get('shared')!.shadows).toEqual([]);
    expect(two.bindingsByToolId.get('shared')!.shadows).toEqual(['b']);
    expect(resolveCatalog({ ...base, servers: [base.servers[0]] }).bindingsByToolId.get('shared')!.shadows).toEqual([]);
  });
});
