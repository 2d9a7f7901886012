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

const RESTRICTED = '@typescript-eslint/no-restricted-imports';

describe('adapters reach use cases through core.services (eslint adapterRules)', () => {
  it('fail when an adapter takes the core’s parts (coreParts is test-only) or imports their builders', async () => {
    for (const adapter of ['src/main/cli/bad.ts', 'src/main/rpc/bad.ts', 'src/main/desktop/bad.ts'])
      expect(await ruleIds('adapter-takes-core-parts.ts', adapter)).toEqual([RESTRICTED]);
    expect(await ruleIds('adapter-takes-core-parts.ts', 'src/main/server.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('adapter-imports-app-parts.ts', 'src/main/index.ts')).toEqual([RESTRICTED]);
  });

  it('fail when an adapter builds a part of its own (a ConfigStore), pass for a type of it', async () => {
    expect(await ruleIds('adapter-builds-config-store.ts', 'src/main/cli/bad.ts')).toEqual([RESTRICTED]);
    expect(await ruleIds('adapter-uses-services.ts', 'src/main/cli/ok.ts')).toEqual([]);
  });

  it('pass in tests and in core, which may hold the parts', async () => {
    expect(await ruleIds('adapter-takes-core-parts.ts', 'src/main/cli/ok.test.ts')).toEqual([]);
    expect(await ruleIds('adapter-builds-config-store.ts', 'src/main/core/ok.ts')).toEqual([]);
  });
});
