import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Runs `lines` after importing loadNodeFetch, in a fresh process (this one may have loaded undici already); its printed JSON. */
async function inFreshProcess(lines: string[]): Promise<unknown> {
  const code = [
    `import { loadNodeFetch } from ${JSON.stringify(new URL('./node-fetch.ts', import.meta.url).href)};`,
    ...lines,
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
  return JSON.parse(stdout);
}

describe('loadNodeFetch', () => {
  it('loads Node’s undici on a turn of its own: not before it runs, and by the time it resolves', async () => {
    const outcome = await inFreshProcess([
      "const nodeFetchLoaded = () => process.moduleLoadList.some((name) => name.endsWith('internal/deps/undici/undici'));",
      'const before = nodeFetchLoaded();',
      'let resolved = false;',
      'const loading = loadNodeFetch().then(() => (resolved = true));',
      'const sameTurn = nodeFetchLoaded();',
      'await loading;',
      'console.log(JSON.stringify({ before, sameTurn, after: nodeFetchLoaded(), resolved }));',
    ]);
    expect(outcome).toEqual({ before: false, sameTurn: false, after: true, resolved: true });
  });

  it('loads the Node modules undici needs first, each on a turn of its own, so undici comes alone', async () => {
    const turns = (await inFreshProcess([
      'const seen = new Set(process.moduleLoadList);',
      'const turns = [];',
      'let on = true;',
      // Once per turn: the modules loaded since the last turn.
      'const mark = () => { turns.push(process.moduleLoadList.filter((m) => !seen.has(m) && m.startsWith("NativeModule ")).map((m) => m.slice(13))); process.moduleLoadList.forEach((m) => seen.add(m)); if (on) setImmediate(mark); };',
      'setImmediate(mark);',
      'await loadNodeFetch();',
      'on = false;',
      'console.log(JSON.stringify(turns.filter((t) => t.length)));',
    ])) as string[][];
    const undiciTurn = turns.find((turn) => turn.includes('internal/deps/undici/undici'))!;
    // What undici loads with it now is no public module of its own (http, tls, http2... came on earlier turns).
    expect(undiciTurn.filter((name) => !name.startsWith('internal/'))).toEqual([]);
    for (const name of ['http', 'tls', 'http2', 'zlib'])
      expect(turns.findIndex((turn) => turn.includes(name))).toBeLessThan(turns.indexOf(undiciTurn));
    expect(new Set(turns.map((turn) => turn.join())).size).toBe(turns.length); // several turns, not one
  });
});
