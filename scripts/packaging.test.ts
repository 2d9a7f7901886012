import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_ID } from '../src/main/desktop/lifecycle';
import { BUNDLED_AND_SHIPPED, MAIN_BUNDLED_DEPS } from './main-bundled-deps';

/**
 * The packaging config, checked against electron-builder's own JSON schema (app-builder-lib/scheme.json, what
 * `electron-builder` validates with) and against what the app expects of its package. A real build of it, with a
 * fake Electron dist, is scripts/package-build.test.ts.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const config = parse(read('electron-builder.yml')) as Record<string, unknown> & {
  files: string[];
  extraResources: { from: string; to: string }[];
  electronFuses: Record<string, boolean>;
  directories: { buildResources: string };
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
};
const pkg = JSON.parse(read('package.json')) as {
  main: string;
  productName: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function validator() {
  const schema = JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('app-builder-lib/scheme.json'), 'utf8'),
  ) as object;
  // The schema uses a few annotation keywords of its own (e.g. "tsType"); they carry no constraint.
  return new Ajv({ strict: false, allErrors: true }).compile(schema);
}

describe('electron-builder configuration', () => {
  it("is valid against electron-builder's schema, and the validator does catch a bad one", () => {
    const validate = validator();
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(validate({ ...config, appID: 'typo' })).toBe(false);
    expect(validate({ ...config, electronFuses: { runAsNodes: true } })).toBe(false);
    expect(validate({ ...config, linux: { target: 42 } })).toBe(false);
  });

  it('names the app as the code does, and builds AppImage + deb, NSIS and dmg; npm run dist builds for this OS', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe('Switchboard');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(pkg.scripts.dist).toBe('npm run build && electron-builder --publish never');
  });

  it('ships only the built app: the whitelist covers the entry, the preload and the page, and no source maps', () => {
    expect(config.files.slice(0, 3)).toEqual(['out/**/*', 'package.json', '!out/**/*.map']);
    expect(config.files).toContain('!**/node_modules/**/*.{map,ts,mts,cts,tsbuildinfo}');
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('carries the knowledge folder and the docs (Help > Documentation) as resources, and an icon', () => {
    expect(config.extraResources).toEqual([
      { from: 'resources/knowledge', to: 'knowledge', filter: ['**/*.md'] },
      { from: 'README.md', to: 'docs/README.md' },
      { from: 'docs', to: 'docs', filter: ['*.md'] },
    ]);
    expect(
      readdirSync(join(root, 'resources/knowledge')).filter((name) => name.endsWith('.md')).length,
    ).toBeGreaterThan(0);
    const icon = readFileSync(join(root, config.directories.buildResources, 'icon.png'));
    expect(icon.subarray(1, 4).toString()).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([1024, 1024]); // ≥ 512 for every target
  });

  it("turns the RunAsNode fuse off (stdio `command: node` runs on the operator's Node) and the other risky ones", () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
  });
});

/** Bare package names imported by the files under `dirs` (not tests). */
function importedPackages(dirs: string[]): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        // TypeScript's own import scanner: a regex also matched text such as t('testsPage.from')}</th>.
        for (const { fileName: spec } of ts.preProcessFile(read(path), true, true).importedFiles) {
          if (spec.startsWith('.') || spec.startsWith('node:') || spec === 'electron' || spec.startsWith('electron/'))
            continue;
          out.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
        }
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

describe('dependencies: what ships in the package', () => {
  const main = importedPackages(['src/main', 'src/preload', 'src/shared', 'src/mcp-server']);
  it('what main bundles into out/main is not a production dependency, so it does not ship a second time', () => {
    for (const name of MAIN_BUNDLED_DEPS)
      if (!BUNDLED_AND_SHIPPED.includes(name)) expect(pkg.dependencies, name).not.toHaveProperty(name);
    expect(pkg.productName).toBe('Switchboard');
  });

  const renderer = importedPackages(['src/renderer']);
  // Read at run time as data (token-count/o200k-table.ts resolves its ranks file), not imported.
  const dataOnly = new Set(['js-tiktoken']);

  it('every production dependency is used by the main process (the renderer bundles its own into out/renderer)', () => {
    // The rest of what main imports is bundled (a devDependency), like MAIN_BUNDLED_DEPS.
    const unused = Object.keys(pkg.dependencies).filter((name) => !main.has(name) && !dataOnly.has(name));
    expect(unused).toEqual([]);
    for (const name of dataOnly) expect(existsSync(join(root, 'node_modules', name))).toBe(true);
  });

  it('what only the renderer imports is a devDependency', () => {
    const rendererOnly = [...renderer].filter((name) => !main.has(name));
    expect(rendererOnly.length).toBeGreaterThan(0);
    for (const name of rendererOnly) expect(pkg.devDependencies, name).toHaveProperty(name);
  });
});
