import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readPinFile } from './coalesced-file';

const schema = z.object({ version: z.literal(1), servers: z.record(z.string(), z.unknown()) });
let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pin-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readPinFile: the one reader of the three pin stores', () => {
  it('tells a missing file (a first run) from a damaged one', async () => {
    expect(await readPinFile(join(dir, 'none.json'), schema)).toBe('missing');
    await writeFile(join(dir, 'cut.json'), '{"version":1,"serv');
    expect(await readPinFile(join(dir, 'cut.json'), schema)).toBe('bad');
    await writeFile(join(dir, 'other.json'), '{"version":2,"servers":{}}');
    expect(await readPinFile(join(dir, 'other.json'), schema)).toBe('bad');
    // A folder where the file should be cannot be read: damaged, not missing (it is moved aside, not overwritten).
    expect(await readPinFile(dir, schema)).toBe('bad');
  });

  it('returns the parsed file', async () => {
    await writeFile(join(dir, 'pins.json'), '{"version":1,"servers":{"shop":{"hash":"h"}}}');
    expect(await readPinFile(join(dir, 'pins.json'), schema)).toEqual({
      data: { version: 1, servers: { shop: { hash: 'h' } } },
    });
  });
});
