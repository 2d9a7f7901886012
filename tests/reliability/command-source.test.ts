import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '../../src/shared/contract';
import { createTestCore } from '../support/core';

/**
 * A stdio command line comes from switchboard.yaml in main, never from a request to start something.
 * The only routes whose input can carry a `command` are the two config edits that write a server entry
 * into the file (servers.add, servers.update); everything that connects, reconnects or rediscovers takes
 * a server name and nothing else. A new route accepting a command fails this test until it is reviewed.
 */
const CONFIG_EDITS_WITH_COMMAND = ['servers.add', 'servers.update'];
const EXECUTION_FIELDS = ['command', 'args', 'cwd', 'env'];

/** Every property name an input schema accepts, at any depth. */
function propertyNames(schema: z.ZodType): Set<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' });
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object')
      for (const key of Object.keys(record.properties)) names.add(key);
    Object.values(record).forEach(walk);
  };
  walk(json);
  return names;
}

describe('stdio commands come only from the config in main', () => {
  const accepting = Object.entries(routes)
    .filter(([, def]) => {
      const names = propertyNames(def.input as z.ZodType);
      return EXECUTION_FIELDS.some((field) => names.has(field));
    })
    .map(([name]) => name)
    .sort();

  it('only the server config edits accept command/args/env/cwd fields', () => {
    expect(accepting).toEqual(CONFIG_EDITS_WITH_COMMAND);
  });

  it('the routes that connect or rediscover take a name only and refuse a command riding along', () => {
    for (const route of ['servers.reconnect', 'servers.rediscover', 'servers.remove'] as const) {
      const input = routes[route].input as z.ZodType;
      expect(input.safeParse({ name: 'shop' }).success, route).toBe(true);
      for (const extra of [
        { command: '/bin/sh' },
        { args: ['-c', 'id'] },
        { env: { X: '1' } },
        { cwd: '/' },
        { server: { name: 'x', command: 'sh' } },
      ])
        expect(input.safeParse({ name: 'shop', ...extra }).success, `${route} + ${Object.keys(extra)[0]}`).toBe(false);
    }
  });
});

describe('stdio commands at run time', () => {
  it('a command riding along a reconnect never runs; an added server runs only once it is in switchboard.yaml', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-cmd-'));
    const yaml = join(dir, 'switchboard.yaml');
    const smuggled = join(dir, 'smuggled.txt');
    const added = join(dir, 'added.txt');
    // The child records whether its own entry was already in the config file when it was started.
    const probe = (marker: string, name: string) =>
      `const fs = require("fs"); fs.appendFileSync(${JSON.stringify(marker)}, fs.readFileSync(${JSON.stringify(yaml)}, "utf8").includes(${JSON.stringify(name)}) ? "in-config\\n" : "NOT-in-config\\n")`;
    const core = await createTestCore({
      dataDir: dir,
      watchConfig: false,
      log: () => undefined,
      connections: { autoReconnect: false },
    });
    try {
      const ctx = { transport: 'ws' as const };
      const smuggle = await core.dispatch(
        'servers.reconnect',
        { name: 'shop', command: process.execPath, args: ['-e', probe(smuggled, 'x')] },
        ctx,
      );
      expect(smuggle).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      const viaRediscover = await core.dispatch('servers.rediscover', { name: 'shop', command: process.execPath }, ctx);
      expect(viaRediscover).toMatchObject({ ok: false, error: { code: 'bad_request' } });

      const add = await core.dispatch(
        'servers.add',
        { server: { name: 'probe-added', command: process.execPath, args: ['-e', probe(added, 'probe-added')] } },
        ctx,
      );
      expect(add.ok).toBe(true);
      // The child creates the file, then writes its line: wait for the line, not only the file.
      const written = () => existsSync(added) && readFileSync(added, 'utf8').includes('\n');
      for (let i = 0; i < 200 && !written(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(readFileSync(added, 'utf8').trim().split('\n')[0]).toBe('in-config');
      expect(readFileSync(yaml, 'utf8')).toContain('probe-added');
      expect(existsSync(smuggled)).toBe(false);
    } finally {
      await core.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
