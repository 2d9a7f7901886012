import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_ENTRY_URL, appRequestHandler } from '../src/main/desktop/app-protocol';
import { ELECTRON_CSP } from '../src/main/window-options';
import { spawnPlan } from './electron-launch';
import { MAIN_BUNDLED_DEPS } from './main-bundled-deps';
import {
  FUSE_DISABLED,
  FUSE_ENABLED,
  FUSE_NAMES,
  fuseConfigKey,
  packageBuildSkipReason,
  packagePlan,
  stageProject,
  writeFakeElectronDist,
} from './package-build';

/**
 * A real `electron-builder --linux dir` of this repo, with a fake Electron dist (no download), then what it built:
 * the asar holds the renderer and no source maps nor a second copy of what main bundles, the fuses are as
 * configured, and the main bundle loads the page from app:// (never a file URL).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const skip = packageBuildSkipReason(process.platform, (id) => require.resolve(id));
if (skip) console.log(`[package build] skipped: ${skip}`);
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  electronFuses: Record<string, boolean>;
};
const work = mkdtempSync(join(tmpdir(), 'sb-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(plan: ReturnType<typeof packagePlan>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnPlan(plan, { cwd: root, stdio: 'pipe' });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const statOf = (file: string) =>
  (
    statFile(join(work, 'project', 'dist', 'linux-unpacked', 'resources', 'app.asar'), file.slice(1)) as {
      size?: number;
    }
  ).size ?? 0;

/** Every string literal and template text in a script; comments are not code. */
function stringsIn(code: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('index.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS));
  return out;
}

describe('the skip decision', () => {
  it('builds on Linux with electron-builder installed; says why not elsewhere', () => {
    const found = (id: string) => id;
    expect(packageBuildSkipReason('linux', found)).toBeUndefined();
    expect(packageBuildSkipReason('darwin', found)).toMatch(/runs on Linux only \(this is darwin\)/);
    expect(packageBuildSkipReason('win32', found)).toMatch(/this is win32/);
    expect(
      packageBuildSkipReason('linux', () => {
        throw new Error('MODULE_NOT_FOUND');
      }),
    ).toMatch(/electron-builder is not installed/);
  });
});

describe.skipIf(!!skip)('the desktop package (electron-builder --linux dir, fake Electron dist)', () => {
  const stage = join(work, 'project');
  const app = join(stage, 'dist', 'linux-unpacked');
  const asar = join(app, 'resources', 'app.asar');

  it('builds without a download', { timeout: 150_000 }, async () => {
    const fake = join(work, 'electron-dist');
    writeFakeElectronDist(fake, config.electronFuses);
    await stageProject(root, stage);
    const built = await run(packagePlan(root, stage, fake));
    expect(built.code, built.output).toBe(0);
    expect(built.output).toContain('using custom unpacked Electron distribution');
    expect(built.output).not.toMatch(/downloading/i);
  });

  it('the asar holds the renderer, main and preload, and no source maps', () => {
    const files = listPackage(asar, { isPack: false });
    for (const file of ['/out/renderer/index.html', '/out/main/index.js', '/out/preload/index.cjs', '/package.json'])
      expect(files).toContain(file);
    expect(
      files.filter((file) => file.startsWith('/out/renderer/assets/') && file.endsWith('.js')).length,
    ).toBeGreaterThan(0);
    expect(files.filter((file) => /\.map$/.test(file))).toEqual([]);
    expect(files.filter((file) => /\.d\.[cm]?ts$/.test(file))).toEqual([]);
    const manifest = JSON.parse(extractFile(asar, 'package.json').toString()) as { productName: string; main: string };
    expect(manifest).toMatchObject({ productName: 'Switchboard', main: 'out/main/index.js' });
    console.log(`[package build] app.asar: ${(statSync(asar).size / 1e6).toFixed(1)} MB in ${files.length} entries`);
    expect(statSync(asar).size).toBeLessThan(40e6); // was 71 MB with maps and bundled dependencies shipped twice
  });

  it('ships no second copy of a dependency main bundles, and every package main imports at run time', () => {
    const files = listPackage(asar, { isPack: false });
    const shipped = new Set(
      files.map((file) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]).filter(Boolean),
    );
    for (const name of [...MAIN_BUNDLED_DEPS, 'ajv', 'express', 'hono']) expect(shipped, name).not.toContain(name);
    const imported = new Set<string>();
    for (const file of files.filter((name) => /^\/out\/main\/.*\.js$/.test(name))) {
      const code = extractFile(asar, file.slice(1)).toString();
      for (const { fileName } of ts.preProcessFile(code, true, true).importedFiles) {
        if (
          /^(\.|node:|electron$|electron\/)/.test(fileName) ||
          require('node:module').builtinModules.includes(fileName.split('/')[0])
        )
          continue;
        imported.add(fileName.startsWith('@') ? fileName.split('/').slice(0, 2).join('/') : fileName.split('/')[0]);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    for (const name of imported) expect(shipped, `out/main imports ${name}`).toContain(name);
    // js-tiktoken's o200k table is read as data (token-count/o200k-table.ts), resolved as main resolves it; nothing else of it.
    // From its node_modules, not from the root: a worktree whose node_modules is a link resolves to the link's target.
    const resolved = require.resolve('js-tiktoken/ranks/o200k_base').split('\\').join('/');
    const ranks = resolved.slice(resolved.lastIndexOf('/node_modules/'));
    expect(ranks).toBe('/node_modules/js-tiktoken/dist/ranks/o200k_base.cjs');
    expect(files.filter((file) => file.startsWith('/node_modules/js-tiktoken/dist/') && statOf(file) > 0)).toEqual([
      ranks,
    ]);
  });

  it('the fuses are as electron-builder.yml configures them', async () => {
    const wire = await getCurrentFuseWire(join(app, 'switchboard'));
    const configured = Object.entries(config.electronFuses).filter(([key]) =>
      FUSE_NAMES.map(fuseConfigKey).includes(key),
    );
    expect(configured.length).toBeGreaterThanOrEqual(8);
    for (const [key, on] of configured) {
      const index = FUSE_NAMES.map(fuseConfigKey).indexOf(key);
      expect(wire[index as keyof typeof wire], key).toBe(on ? FUSE_ENABLED : FUSE_DISABLED);
    }
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      grantFileProtocolExtraPrivileges: false,
      onlyLoadAppFromAsar: true,
    });
  });

  it('the main bundle loads the page from app:// and never from a file URL', () => {
    const main = extractFile(asar, 'out/main/index.js').toString();
    const strings = stringsIn(main);
    expect(strings).toContain(APP_ENTRY_URL);
    expect(main).toMatch(/registerSchemesAsPrivileged\(/);
    expect(main).toMatch(/\.handle\(/);
    expect(strings.filter((text) => text.startsWith('file:'))).toEqual([]);
    expect(main).not.toMatch(/pathToFileURL|loadFile\(/);
  });

  it('the app:// handler serves the built page and every script and style it names, each with its type and the CSP', async () => {
    const handler = appRequestHandler({ rendererDir: join(stage, 'out', 'renderer'), csp: ELECTRON_CSP, readFile });
    const html = await (await handler(new Request(APP_ENTRY_URL))).text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1], APP_ENTRY_URL).href);
    expect(refs.filter((ref) => ref.endsWith('.js')).length).toBeGreaterThan(0);
    for (const ref of refs) {
      const response = await handler(new Request(ref));
      expect(response.status, ref).toBe(200);
      expect(response.headers.get('content-type'), ref).toBe(ref.endsWith('.js') ? 'text/javascript' : 'text/css');
      expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    }
  });

  it('carries the knowledge base and the docs Help opens', () => {
    expect(statSync(join(app, 'resources', 'knowledge')).isDirectory()).toBe(true);
    expect(readFileSync(join(app, 'resources', 'docs', 'README.md'), 'utf8')).toContain('# Switchboard');
    expect(statSync(join(app, 'resources', 'docs', 'ARCHITECTURE.md')).isFile()).toBe(true);
  });
});
