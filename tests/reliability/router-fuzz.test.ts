import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type ErrorCode, type Result } from '../../src/shared/contract';
import { createTestCore, type TestCore as Core } from '../support/core';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/main/rpc/router';

/**
 * Throws garbage at every route of the real router (createCore on a temp data dir): every answer is a
 * clean Result, never `internal`; a refused input leaves switchboard.yaml byte-identical; nothing
 * pollutes Object.prototype; oversized inputs are refused by size before anything parses them.
 */
const CODES: ErrorCode[] = [
  'bad_request',
  'unknown_route',
  'payload_too_large',
  'not_found',
  'conflict',
  'invalid_config',
  'unavailable',
  'forbidden',
  'internal',
];
const ROUTE_NAMES = Object.keys(routes) as (keyof typeof routes)[];
const ctx = { transport: 'internal' as const };

let dir: string;
let core: Core;
const internalErrors: string[] = [];
const configBytes = () => readFileSync(join(dir, 'switchboard.yaml'));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-fuzz-'));
  core = await createTestCore({
    dataDir: dir,
    watchConfig: false,
    validateOutput: true,
    log: (line) => void (line.startsWith('[rpc]') && internalErrors.push(line)),
  });
});
afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The top-level keys a route's input object knows, so "near-valid" inputs reach the handlers' own checks. */
function shapeKeys(schema: z.ZodType): string[] {
  let s = schema as unknown as {
    _zod: { def: { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, unknown> } };
  };
  for (let i = 0; i < 5 && s._zod.def.type !== 'object'; i++) {
    const next = s._zod.def.innerType ?? s._zod.def.in;
    if (!next) break;
    s = next as typeof s;
  }
  return s._zod.def.shape ? Object.keys(s._zod.def.shape) : [];
}

const anything = fc.anything({
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
  maxDepth: 4,
});
const POISON = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"__proto__":null}',
  '{"toString":1,"valueOf":{}}',
];
const poison = fc.constantFrom(...POISON).map((text) => JSON.parse(text) as unknown);
const strings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', '${env:HOME}', 'a'.repeat(100_000)),
);
function inputsFor(route: keyof typeof routes): fc.Arbitrary<unknown> {
  const keys = shapeKeys(routes[route].input as z.ZodType);
  const value = fc.oneof(
    anything,
    strings,
    poison,
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 1e308, Number.NaN, null, true, [], {}),
  );
  const nearValid = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, '__proto__', 'extra'), value, { maxKeys: keys.length + 1 })
    : fc.constant({ extra: 1 });
  return fc.oneof(anything, poison, nearValid, fc.array(nearValid, { maxLength: 3 }), strings);
}

function expectClean(result: Result<unknown>, label: string): void {
  expect(typeof result, label).toBe('object');
  expect(() => JSON.stringify(result), label).not.toThrow(); // it must survive the wire
  if (result.ok) {
    expect(Object.keys(result).sort(), label).toEqual(['data', 'ok']);
    return;
  }
  expect(CODES, label).toContain(result.error.code);
  expect(result.error.code, `${label}: ${result.error.message}`).not.toBe('internal');
  expect(typeof result.error.message, label).toBe('string');
}

describe('router fuzz over every route', () => {
  it.each(ROUTE_NAMES)(
    '%s: random, near-valid, poisoned inputs get a clean Result; refusals leave the config untouched',
    async (route) => {
      const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(inputsFor(route), async (input) => {
          const before = configBytes();
          const result = await core.dispatch(route, input, ctx);
          expectClean(result, route);
          if (!result.ok) {
            refused++;
            expect(configBytes().equals(before), `${route} refused (${result.error.code}) but the config changed`).toBe(
              true,
            );
          }
        }),
        { numRuns: 60, endOnFailure: true },
      );
      expect(refused).toBeGreaterThan(0);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(internalErrors).toEqual([]);
    },
  );

  it('unknown, non-string and prototype route names are unknown_route', async () => {
    for (const route of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'config.get ',
      'CONFIG.GET',
      null,
      undefined,
      42,
      {},
      ['config.get'],
      Symbol('x'),
    ]) {
      const result = await core.dispatch(route, {}, ctx);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    }
  });

  it('every route refuses an input over the size limit with payload_too_large, before parsing, config untouched', async () => {
    const before = configBytes();
    const huge = 'x'.repeat(DEFAULT_MAX_PAYLOAD_BYTES + 1);
    const many = Array.from({ length: DEFAULT_MAX_PAYLOAD_BYTES / 1.5 }, () => 1); // small parts, big whole
    for (const route of ROUTE_NAMES) {
      expect(await core.dispatch(route, { raw: huge }, ctx), route).toMatchObject({
        ok: false,
        error: { code: 'payload_too_large' },
      });
      expect(await core.dispatch(route, many, ctx), route).toMatchObject({
        ok: false,
        error: { code: 'payload_too_large' },
      });
    }
    expect(configBytes().equals(before)).toBe(true);
  });

  it('deep nesting and unserialisable inputs are refused cleanly on every route', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    let moderate: unknown = [];
    for (let i = 0; i < 3_000; i++) moderate = { kind: 'category', id: `n${i}`, name: 'n', children: [moderate] };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const route of ROUTE_NAMES) {
      for (const input of [deep, cyclic, { intents: [moderate] }, { skills: [moderate] }, { server: moderate }, 10n]) {
        const result = await core.dispatch(route, input, ctx);
        expect(result.ok, route).toBe(false);
        expectClean(result, route);
      }
    }
  });

  it('the core still answers normally afterwards', async () => {
    const result = await core.dispatch('config.get', {}, ctx);
    expect(result).toMatchObject({ ok: true, data: { fileOk: true } });
  });
});
