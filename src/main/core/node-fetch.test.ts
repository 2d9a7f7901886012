import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('loadNodeFetch', () => {
  it('loads Node’s undici on a turn of its own: not before it runs, and by the time it resolves', async () => {
    // A fresh process: this one may have loaded undici already.
    const code = [
      `import { loadNodeFetch } from ${JSON.stringify(new URL('./node-fetch.ts', import.meta.url).href)};`,
      "const nodeFetchLoaded = () => process.moduleLoadList.some((name) => name.endsWith('internal/deps/undici/undici'));",
      'const before = nodeFetchLoaded();',
      'let resolved = false;',
      'const loading = loadNodeFetch().then(() => (resolved = true));',
      'const sameTurn = nodeFetchLoaded();',
      'await loading;',
      'console.log(JSON.stringify({ before, sameTurn, after: nodeFetchLoaded(), resolved }));',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
    expect(JSON.parse(stdout)).toEqual({ before: false, sameTurn: false, after: true, resolved: true });
  });
});
