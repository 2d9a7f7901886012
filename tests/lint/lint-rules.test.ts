import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname, ignore: false });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Lints a fixture as if it sat at `pretendPath`, with the project's real config; the rules that fired. */
async function ruleIds(name: string, pretendPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(fixture(name), { filePath: pretendPath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'no-restricted-imports';
const TS_RESTRICTED = '@typescript-eslint/no-restricted-imports';

describe('layering lint rules', () => {
  it('fail when core or shared imports electron, and allow it in the Electron entry', async () => {
    expect(await ruleIds('core-imports-electron.ts', 'src/main/core/bad.ts')).toContain(RESTRICTED);
    expect(await ruleIds('core-imports-electron.ts', 'src/shared/bad.ts')).toContain(RESTRICTED);
    expect(await ruleIds('core-imports-electron.ts', 'src/main/core/mcp/bad.test.ts')).toContain(RESTRICTED);
    expect(await ruleIds('core-imports-electron.ts', 'src/main/bad.ts')).not.toContain(RESTRICTED);
  });

  it('fail when core imports rpc, an adapter, the cli, the MCP server or the demo shop', async () => {
    expect(await ruleIds('core-imports-rpc.ts', 'src/main/core/agent/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('core-imports-adapters.ts', 'src/main/core/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('core-imports-cli.ts', 'src/main/core/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('core-imports-mcp-server.ts', 'src/main/core/mcp/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('core-imports-demo-shop.ts', 'src/main/core/providers/bad.ts')).toEqual([RESTRICTED]);
    // The same imports are fine where they belong: rpc and the entry points build on core.
    expect(await ruleIds('core-imports-rpc.ts', 'src/main/rpc/handlers/ok.ts')).toEqual([]);
    expect(await ruleIds('core-imports-mcp-server.ts', 'src/main/cli/commands/ok.ts')).toEqual([]);
    expect(await ruleIds('core-imports-demo-shop.ts', 'src/main/cli/ok.ts')).toEqual([]);
  });

  it('fail when core imports the replay diff (a display module), pass in the workbench, which shows it', async () => {
    expect(await ruleIds('core-imports-replay-diff.ts', 'src/main/core/agent/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('core-imports-replay-diff.ts', 'src/main/core/workbench/ok.ts')).toEqual([]);
    // The loop keeps every other core rule too.
    expect(await ruleIds('core-imports-rpc.ts', 'src/main/core/agent/bad.ts')).toEqual([RESTRICTED]);
  });

  it('fail when a feature imports another feature, pass for its own files, components, lib and navigation', async () => {
    expect(await ruleIds('feature-imports-feature.ts', 'src/renderer/src/features/records/bad.ts')).toEqual([
      RESTRICTED,
    ]);
    // Deeper in the folder, or naming the features folder, is still another feature.
    const deeper = fixture('feature-imports-feature.ts').replace("'../chat/", "'../../features/chat/");
    const [nested] = await eslint.lintText(deeper, { filePath: 'src/renderer/src/features/records/detail/bad.ts' });
    expect(nested.messages.map((m) => m.ruleId)).toEqual([RESTRICTED]);
    expect(await ruleIds('feature-imports-shared-pieces.ts', 'src/renderer/src/features/records/ok.ts')).toEqual([]);
    // The chat feature importing its own store is no breach.
    expect(await ruleIds('feature-imports-feature.ts', 'src/renderer/src/features/chat/sub/ok.ts')).toEqual([]);
  });

  it('fail when the shell, components or lib import a feature; App.tsx composes them', async () => {
    expect(await ruleIds('shell-imports-feature.ts', 'src/renderer/src/app/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('shell-imports-feature.ts', 'src/renderer/src/lib/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('shell-imports-feature.ts', 'src/renderer/src/components/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('shell-imports-feature.ts', 'src/renderer/src/App.ts')).toEqual([]);
  });

  it('fail when shared imports main, the renderer or node:*', async () => {
    expect(await ruleIds('shared-imports-main.ts', 'src/shared/catalog/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('shared-imports-renderer.ts', 'src/shared/catalog/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('shared-imports-node.ts', 'src/shared/bad.ts')).toEqual([RESTRICTED]);
    // In main the import is fine (in core: an adapter builds no ConfigStore of its own, see adapter-boundary.test.ts).
    expect(await ruleIds('shared-imports-main.ts', 'src/main/core/ok.ts')).toEqual([]);
  });

  it('fail when the renderer imports a value from the contract, pass for a type import', async () => {
    expect(await ruleIds('renderer-imports-contract-value.ts', 'src/renderer/src/bad.ts')).toContain(TS_RESTRICTED);
    expect(await ruleIds('renderer-imports-contract-type.ts', 'src/renderer/src/ok.ts')).toEqual([]);
  });

  it('fail when the renderer reaches zod, directly or through a project module however deep; types pass', async () => {
    const ZOD = 'switchboard/no-zod-in-renderer';
    expect(await ruleIds('renderer-imports-zod.ts', 'src/renderer/src/bad.ts')).toEqual([ZOD]);
    expect(await ruleIds('renderer-imports-zod-module.ts', 'src/renderer/src/bad.ts')).toEqual([ZOD]);
    // explain-tool imports config/schema, which imports zod.
    expect(await ruleIds('renderer-imports-zod-deep.ts', 'src/renderer/src/bad.ts')).toEqual([ZOD]);
    expect(await ruleIds('renderer-imports-zod-module-type.ts', 'src/renderer/src/ok.ts')).toEqual([]);
    // Main, and the renderer's tests (they run in Node), may use zod.
    expect(await ruleIds('renderer-imports-zod-module.ts', 'src/main/ok.ts')).toEqual([]);
    expect(await ruleIds('renderer-imports-zod-module.ts', 'src/renderer/src/bad.test.ts')).toEqual([]);
  });
});

describe('translation lint rule (eslint-plugin-i18next)', () => {
  const I18N = 'i18next/no-literal-string';

  it('fails on text rendered without going through i18next: JSX text, a string in a JSX expression, a read attribute', async () => {
    const rules = await ruleIds('bare-jsx-strings.tsx', 'src/renderer/src/features/servers/Bad.tsx');
    expect(rules.filter((id) => id === I18N)).toHaveLength(5);
    // components/ and app/ are checked too, not only features.
    expect(await ruleIds('bare-jsx-strings.tsx', 'src/renderer/src/components/Bad.tsx')).toContain(I18N);
    expect(await ruleIds('bare-jsx-strings.tsx', 'src/renderer/src/app/Bad.tsx')).toContain(I18N);
  });

  it('passes for the same page through t(), with symbols, numbers and code-like attributes left as they are', async () => {
    expect(await ruleIds('translated-jsx-strings.tsx', 'src/renderer/src/features/servers/Good.tsx')).toEqual([]);
  });

  it('leaves tests alone (they assert what the user sees)', async () => {
    expect(await ruleIds('bare-jsx-strings.tsx', 'src/renderer/src/features/servers/Bad.test.tsx')).not.toContain(I18N);
  });
});
