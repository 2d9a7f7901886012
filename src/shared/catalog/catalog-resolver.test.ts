import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intentNodeSchema, skillSchema, type IntentNode, type Skill } from '../config/schema';
import { createCatalogResolver } from './catalog-resolver';
import { pinnedDefinitionOf } from './pins';
import { resolveCatalog } from './resolve-catalog';
import type {
  AcceptedBinding,
  Catalog,
  CatalogInput,
  CatalogServerInput,
  DefinitionFingerprint,
  ServerStatus,
  ToolDefinition,
  ToolPin,
} from './types';

/**
 * The resolver patches its previous result after a change instead of resolving everything again. Whatever the
 * sequence of changes, its catalog must equal a fresh resolveCatalog of the same input, field for field.
 */
const SERVERS = ['a', 'b', 'c', 'd'];
const NAMES = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 'extra', 'search_knowledge'];

// One object per (server, name, version), so an unchanged definition is the same object across relists, as discovery's memo makes it.
const definitions = new Map<string, ToolDefinition>();
const definitionOf = (server: string, name: string, version: number): ToolDefinition => {
  const key = `${server}/${name}/${version}`;
  let definition = definitions.get(key);
  if (!definition)
    definitions.set(
      key,
      (definition = {
        name,
        description: version === 3 ? 'x'.repeat(300) : `${name} v${version}`,
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: version % 2 === 0 },
      }),
    );
  return definition;
};
const fields = (version: number) => ({
  name: 'n',
  description: `d${version}`,
  inputSchema: 'i',
  outputSchema: 'o',
  annotations: `a${version % 2}`,
});
const fingerprints = new Map<string, DefinitionFingerprint>();
const fingerprintOf = (server: string, name: string, version: number): DefinitionFingerprint => {
  const key = `${server}/${name}/${version}`;
  let print = fingerprints.get(key);
  if (!print) fingerprints.set(key, (print = { hash: `h-${name}-${version}`, fields: fields(version) }));
  return print;
};

const intentsOf = (seed: number): IntentNode[] => {
  const children = NAMES.slice(0, 8)
    .concat(['missing', 'search_knowledge'])
    .filter((_, i) => (seed + i) % 5 !== 0)
    .map((toolId, i) => ({
      id: `n${i}`,
      name: `n${i}`,
      kind: 'mcp',
      toolId,
      confirm: (['auto', 'never', 'always'] as const)[(seed + i) % 3],
      ...((seed + i) % 4 === 0 ? { description: `override ${seed}` } : {}),
      ...((seed + i) % 7 === 0 ? { server: SERVERS[(seed + i) % 4] } : {}),
    }));
  return [intentNodeSchema.parse({ id: 'root', name: 'root', children })];
};
const skillsOf = (seed: number): Skill[] => [
  skillSchema.parse({ name: 'gate', unlocks: [NAMES[seed % 8], 'missing'] }),
];

type Op =
  | { kind: 'relist'; server: number; tools: { name: number; version: number }[] }
  | { kind: 'status'; server: number; status: ServerStatus; error: string | null }
  | { kind: 'pin'; server: number; name: number; version: number }
  | { kind: 'accept'; name: number; server: number; readOnly: boolean; rejected: number | null }
  | { kind: 'forget'; name: number }
  | { kind: 'config'; seed: number }
  | { kind: 'limit'; bytes: number }
  | { kind: 'same' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('relist' as const),
    server: fc.nat(3),
    tools: fc.array(fc.record({ name: fc.nat(NAMES.length - 1), version: fc.nat(3) }), { maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    server: fc.nat(3),
    status: fc.constantFrom<ServerStatus>('connected', 'failed', 'connecting', 'disabled'),
    error: fc.constantFrom(null, 'ECONNREFUSED', 'timeout'),
  }),
  fc.record({
    kind: fc.constant('pin' as const),
    server: fc.nat(3),
    name: fc.nat(NAMES.length - 1),
    version: fc.nat(3),
  }),
  fc.record({
    kind: fc.constant('accept' as const),
    name: fc.nat(NAMES.length - 1),
    server: fc.nat(3),
    readOnly: fc.boolean(),
    rejected: fc.option(fc.nat(3)),
  }),
  fc.record({ kind: fc.constant('forget' as const), name: fc.nat(NAMES.length - 1) }),
  fc.record({ kind: fc.constant('config' as const), seed: fc.nat(200) }),
  fc.record({ kind: fc.constant('limit' as const), bytes: fc.constantFrom(100, 8_192) }),
  fc.constant({ kind: 'same' as const }),
);

/** Applies one change the way main's snapshots change: new objects for what changed, the rest shared. */
function apply(input: CatalogInput, change: Op): CatalogInput {
  const pins = input.pins!;
  switch (change.kind) {
    case 'relist': {
      const name = SERVERS[change.server];
      const tools = change.tools.map((t) => definitionOf(name, NAMES[t.name], t.version));
      const current = new Map(pins.current);
      current.set(
        name,
        new Map(change.tools.map((t) => [NAMES[t.name], fingerprintOf(name, NAMES[t.name], t.version)])),
      );
      const servers = input.servers.map((s) => (s.name === name ? { ...s, tools } : s));
      return { ...input, servers, pins: { ...pins, current } };
    }
    case 'status':
      return {
        ...input,
        servers: input.servers.map((s, i) =>
          i === change.server ? { ...s, status: change.status, error: change.error } : s,
        ),
      };
    case 'pin': {
      const server = SERVERS[change.server];
      const name = NAMES[change.name];
      const inner = new Map(pins.pins.get(server));
      const pin: ToolPin = {
        ...fingerprintOf(server, name, change.version),
        pinnedAt: `2025-01-0${change.version + 1}`,
        definition: pinnedDefinitionOf(definitionOf(server, name, change.version)),
      };
      inner.set(name, pin);
      return { ...input, pins: { ...pins, pins: new Map(pins.pins).set(server, inner) } };
    }
    case 'accept': {
      const accepted: AcceptedBinding = {
        server: SERVERS[change.server],
        acceptedAt: '2025-02-01',
        readOnly: change.readOnly,
        rejectedServer: change.rejected === null ? null : SERVERS[change.rejected],
      };
      return { ...input, pins: { ...pins, bindings: new Map(pins.bindings).set(NAMES[change.name], accepted) } };
    }
    case 'forget': {
      const bindings = new Map(pins.bindings);
      bindings.delete(NAMES[change.name]);
      return { ...input, pins: { ...pins, bindings } };
    }
    case 'config':
      return { ...input, intents: intentsOf(change.seed), skills: skillsOf(change.seed) };
    case 'limit':
      return { ...input, maxDescriptionBytes: change.bytes };
    case 'same':
      return { ...input, servers: [...input.servers] };
  }
}

/** Everything a catalog says, as plain data. */
const plain = (catalog: Catalog) => ({
  servers: catalog.servers,
  bindings: catalog.bindings,
  unavailable: catalog.unavailable,
  entries: catalog.entries,
  skills: catalog.skills,
  quarantined: [...catalog.quarantinedByToolId].sort(([a], [b]) => (a < b ? -1 : 1)),
  unrecorded: catalog.unrecordedBindings.map((b) => b.toolId).sort(),
  localTools: catalog.localTools,
});

const start = (): CatalogInput => ({
  servers: SERVERS.map((name): CatalogServerInput => ({ name, status: 'connected', error: null, tools: [] })),
  intents: intentsOf(1),
  skills: skillsOf(1),
  pins: { current: new Map(), pins: new Map(), bindings: new Map() },
});

describe('createCatalogResolver', () => {
  it('after any sequence of changes, says exactly what a fresh resolve of the same input says', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const resolver = createCatalogResolver();
        let input = start();
        resolver.resolve(input);
        for (const change of ops) {
          input = apply(input, change);
          const patched = resolver.resolve(input);
          expect(plain(patched)).toEqual(plain(resolveCatalog(input)));
          for (const binding of patched.bindings) expect(patched.bindingsByToolId.get(binding.toolId)).toBe(binding);
          expect(patched.bindingsByToolId.size).toBe(patched.bindings.length);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('rediscovering one server resolves only that server’s tools again: every other binding is the same object', () => {
    const resolver = createCatalogResolver();
    let input = start();
    for (let i = 0; i < SERVERS.length; i++)
      input = apply(input, {
        kind: 'relist',
        server: i,
        tools: [0, 1, 2, 3].map((k) => ({ name: k * 2 + (i % 2), version: 0 })),
      });
    input = apply(input, { kind: 'config', seed: 0 });
    const before = resolver.resolve(input);
    const after = resolver.resolve(
      apply(input, { kind: 'relist', server: 1, tools: [0, 1, 2, 3].map((k) => ({ name: k * 2 + 1, version: 1 })) }),
    );
    for (const binding of after.bindings) {
      if (binding.server === 'b') expect(before.bindingsByToolId.get(binding.toolId)).not.toBe(binding);
      else expect(before.bindingsByToolId.get(binding.toolId)).toBe(binding);
    }
    expect(after.bindings.some((b) => b.server === 'b')).toBe(true);
  });
});
