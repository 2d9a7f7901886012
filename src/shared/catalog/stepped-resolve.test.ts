import { describe, expect, it } from 'vitest';
import { intentNodeSchema, type IntentNode } from '../config/schema';
import { entriesWork } from './catalog-assembly';
import { createCatalogResolver } from './catalog-resolver';
import { resolveCatalog } from './resolve-catalog';
import { STEP, Stepped } from './stepped';
import type {
  Catalog,
  CatalogInput,
  CatalogServerInput,
  DefinitionFingerprint,
  ToolDefinition,
  ToolPin,
} from './types';

/**
 * A resolve as work in steps (what CatalogService runs in slices between other work on the event loop) must end in
 * the catalog a one-go resolve gives, however its steps are interleaved with the next change.
 */
const TOOLS = 2_000;
const name = (i: number) => `tool_${String(i).padStart(5, '0')}`;

function server(serverName: string, version: number, count = TOOLS): CatalogServerInput {
  const tools: ToolDefinition[] = Array.from({ length: count }, (_, i) => ({
    name: name(i),
    description: `${serverName} ${i} v${version}`,
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
  }));
  return { name: serverName, status: 'connected', error: null, tools };
}

// Every other tool mounted, in categories of 100.
const intents: IntentNode[] = Array.from({ length: TOOLS / 200 }, (_, c) =>
  intentNodeSchema.parse({
    id: `c${c}`,
    name: `c${c}`,
    children: Array.from({ length: 100 }, (_, k) => ({
      id: `n${c}-${k}`,
      name: `n${c}-${k}`,
      kind: 'mcp',
      toolId: name((c * 100 + k) * 2),
    })),
  }),
);

const skills: CatalogInput['skills'] = []; // the config's: the same array while the config is unchanged

/** Pins of version 0 on `wide`: a later version drifts and is quarantined. */
function pinned(servers: readonly CatalogServerInput[]): CatalogInput['pins'] {
  const print = (s: string, i: number, v: number): DefinitionFingerprint => ({
    hash: `${s}-${i}-v${v}`,
    fields: { name: 'n', description: `d${v}`, inputSchema: 'i', outputSchema: 'o', annotations: 'a' },
  });
  const current = new Map(
    servers.map((s) => [
      s.name,
      new Map(s.tools.map((t, i) => [t.name, print(s.name, i, Number(/v(\d+)$/.exec(t.description!)![1]))])),
    ]),
  );
  const pin = (i: number): ToolPin => ({
    ...print('wide', i, 0),
    pinnedAt: '2026-01-01T00:00:00Z',
    definition: {
      name: name(i),
      description: `wide ${i} v0`,
      inputSchema: { type: 'object' },
      outputSchema: null,
      annotations: { readOnlyHint: true },
    },
    rejectedHash: null,
  });
  return {
    current,
    pins: new Map([['wide', new Map(Array.from({ length: TOOLS }, (_, i) => [name(i), pin(i)]))]]),
    bindings: new Map(),
  };
}

function input(wideVersion: number, otherVersion = 0): CatalogInput {
  const servers = [server('wide', wideVersion), server('other', otherVersion, 500)];
  return { servers, intents, skills, pins: pinned(servers) };
}

/** What a catalog says, without object identity. */
const plain = (catalog: Catalog) => JSON.parse(JSON.stringify({ ...catalog, entries: catalog.entries }));

describe('resolving in steps', () => {
  it(
    'takes many steps for thousands of tools and ends in the catalog a one-go resolve gives',
    { timeout: 30_000 },
    () => {
      const resolver = createCatalogResolver();
      resolver.resolve(input(0));
      const next = input(1);
      const job = resolver.begin(next);
      let steps = 0;
      while (!job.runUntil(-Infinity)) steps++; // one step at a time
      expect(steps).toBeGreaterThan(TOOLS / STEP);
      const catalog = job.finish();
      expect(catalog.quarantinedByToolId.size).toBe(TOOLS / 2);
      expect(plain(catalog)).toEqual(plain(resolveCatalog(next)));
      expect(resolver.resolve(next)).toBe(catalog); // the same input: nothing to do
    },
  );

  it(
    'a change arriving mid-way finishes the resolve in progress first; each ends as a fresh resolve says',
    { timeout: 60_000 },
    () => {
      const resolver = createCatalogResolver();
      resolver.resolve(input(0));
      const sequence = [input(1), input(1, 1), input(2, 1), input(0, 2)];
      const jobs = sequence.map((change, k) => {
        const job = resolver.begin(change);
        for (let i = 0; i < 3 + k; i++) job.runUntil(-Infinity); // a few slices, then the next change comes
        return job;
      });
      // Every job but the last was finished by the next begin; the last is finished by whoever needs it.
      for (const job of jobs.slice(0, -1)) expect(job.finished).toBe(true);
      expect(jobs.at(-1)!.finished).toBe(false);
      jobs.forEach((job, k) => expect(plain(job.finish())).toEqual(plain(resolveCatalog(sequence[k]))));
    },
  );

  it("a catalog's rows can be built ahead in steps; reading them then costs nothing", () => {
    const catalog = createCatalogResolver().resolve(input(1));
    const work = entriesWork(catalog)!;
    let steps = 0;
    while (!work.runUntil(-Infinity)) steps++;
    expect(steps).toBeGreaterThan(TOOLS / STEP);
    const rows = catalog.entries;
    expect(rows).toBe(work.finish());
    expect(rows.filter((e) => e.state === 'quarantined')).toHaveLength(TOOLS / 2);
  });

  it('Stepped returns the same result however it is finished, and honours its deadline', () => {
    let made = 0;
    const work = new Stepped(
      (function* () {
        for (let i = 0; i < 5; i++) yield;
        return { made: ++made };
      })(),
    );
    expect(work.runUntil(-Infinity)).toBe(false); // one step, past the deadline already
    expect(work.runUntil(Infinity)).toBe(true);
    expect(work.finish()).toBe(work.finish());
    expect(made).toBe(1);
  });
});
