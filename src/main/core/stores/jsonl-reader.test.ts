import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countLoopTurns } from '../../../../tests/support/loop-turns';
import { forEachJsonLine } from './jsonl-reader';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function file(content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-jsonl-'));
  dirs.push(dir);
  const path = join(dir, 'f.jsonl');
  writeFileSync(path, content);
  return path;
}

describe('reading JSON lines incrementally', () => {
  it('gives every line with its byte range, across chunk boundaries and multi-byte characters; skips torn lines', async () => {
    const lines = [
      { n: 1, text: '耳机' },
      { n: 2, text: 'x'.repeat(50) },
      { n: 3, text: '🎧 AirPods' },
    ];
    const body = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"torn":\n\n${JSON.stringify({ n: 4 })}`;
    const path = file(body);
    const seen: { value: unknown; offset: number; length: number }[] = [];
    await forEachJsonLine(path, (value, at) => void seen.push({ value, ...at }), { chunkBytes: 7 });
    expect(seen.map((s) => s.value)).toEqual([...lines, { n: 4 }]);
    // Each range reads back exactly its line.
    const handle = await open(path, 'r');
    for (const { value, offset, length } of seen) {
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, offset);
      expect(JSON.parse(buffer.toString('utf8'))).toEqual(value);
    }
    await handle.close();
  });

  it('starts where an earlier read left off, with the same byte ranges', async () => {
    const path = file('{"n":1}\n{"n":"二"}\n{"torn"\n{"n":3}\n');
    const all: { value: unknown; offset: number; length: number }[] = [];
    await forEachJsonLine(path, (value, at) => void all.push({ value, ...at }));
    const rest: { value: unknown; offset: number; length: number }[] = [];
    await forEachJsonLine(path, (value, at) => void rest.push({ value, ...at }), {
      start: all[1].offset,
      chunkBytes: 5,
    });
    expect(rest).toEqual(all.slice(1));
    expect(rest.map((r) => r.value)).toEqual([{ n: '二' }, { n: 3 }]);
  });

  it('stops when asked, and a missing file has no lines', async () => {
    const path = file('{"n":1}\n{"n":2}\n{"n":3}\n');
    const seen: unknown[] = [];
    await forEachJsonLine<{ n: number }>(path, (value) => (seen.push(value), value.n < 2));
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    let called = false;
    await forEachJsonLine(join(path, '..', 'none.jsonl'), () => void (called = true));
    expect(called).toBe(false);
  });

  it('hands the event loop back between slices, even within one chunk read', async () => {
    const line = JSON.stringify({ id: 'r', result: { content: [{ type: 'text', text: 'y'.repeat(900) }] } });
    const path = file(`${Array.from({ length: 20_000 }, () => line).join('\n')}\n`);
    // One read for the whole ~19 MB file: any turn the loop gets comes from the slicing, not from awaiting I/O.
    const loop = countLoopTurns();
    const turnsAt: number[] = [];
    await forEachJsonLine(path, () => void turnsAt.push(loop.turns), { sliceMs: 2, chunkBytes: 64 << 20 });
    loop.stop();
    expect(turnsAt).toHaveLength(20_000);
    // Without slicing every line would be visited within one turn of the loop.
    expect(turnsAt.at(-1)! - turnsAt[0]).toBeGreaterThan(3);
  });
});
