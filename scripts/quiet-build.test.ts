import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPlan } from './launch-plans';

/**
 * Issue 30 item 17: `npm start` builds quietly (no ~110 lines of chunk sizes before the URL), and the renderer is
 * split so no chunk is over Vite's 500 kB warning. The real build, into a folder of its own (out/ is left alone).
 */
const outDir = await mkdtemp(join(tmpdir(), 'sb-quiet-build-'));
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe("npm start's build", () => {
  it('prints nothing on success, and leaves no renderer chunk over 500 kB', { timeout: 240_000 }, async () => {
    const plan = buildPlan(process.cwd(), process.execPath, process.env);
    const child = spawn(plan.command, [...plan.args, '--outDir', outDir], {
      env: plan.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/kB|larger than 500|transforming|rendering chunks/);

    const assets = join(outDir, 'renderer', 'assets');
    const sizes = await Promise.all(
      (await readdir(assets))
        .filter((n) => n.endsWith('.js'))
        .map(async (n) => [n, (await stat(join(assets, n))).size] as const),
    );
    expect(sizes.length).toBeGreaterThan(3); // split: react, the form library and the rest are chunks of their own
    expect(sizes.filter(([, size]) => size > 500 * 1000)).toEqual([]);

    // MCP Apps' view (ext-apps' AppBridge, which speaks `ui/initialize`) is not in what the page loads up front: only
    // a tool with an app fetches it. What loads up front: the entry script and every chunk index.html preloads.
    const html = await readFile(join(outDir, 'renderer', 'index.html'), 'utf8');
    const upFront = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
    expect(upFront.some((n) => n.startsWith('index-'))).toBe(true);
    const holdsBridge = async (n: string) => (await readFile(join(assets, n), 'utf8')).includes('ui/initialize');
    expect(
      (await Promise.all(upFront.map(async (n) => [n, await holdsBridge(n)] as const))).filter(([, held]) => held),
    ).toEqual([]);
    expect((await Promise.all(sizes.map(([n]) => holdsBridge(n)))).filter(Boolean)).toHaveLength(1);

    // zod is not in what the page loads up front (docs/ARCHITECTURE.md, "zod stays out of the renderer"): only the MCP
    // SDK's lazily loaded views (an app, a resource template's form) bring it.
    const holdsZod = async (n: string) => (await readFile(join(assets, n), 'utf8')).includes('ZodError');
    expect(upFront.filter((n) => n.startsWith('zod-'))).toEqual([]);
    expect(
      (await Promise.all(upFront.map(async (n) => [n, await holdsZod(n)] as const))).filter(([, held]) => held),
    ).toEqual([]);
  });
});
