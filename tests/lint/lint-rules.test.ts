import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname, ignore: false });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Lints a fixture as if it sat at `pretendPath`, with the project's real config. */
async function ruleIds(name: string, pretendPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(fixture(name), { filePath: pretendPath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('layering lint rules', () => {
  it('fail when core imports electron', async () => {
    expect(await ruleIds('core-imports-electron.ts', 'src/main/core/bad.ts')).toContain('no-restricted-imports');
    expect(await ruleIds('core-imports-electron.ts', 'src/shared/bad.ts')).toContain('no-restricted-imports');
  });

  it('allow electron in the Electron entry', async () => {
    expect(await ruleIds('core-imports-electron.ts', 'src/main/bad.ts')).not.toContain('no-restricted-imports');
  });

  it('fail when the renderer imports a value from the contract, pass for a type import', async () => {
    expect(await ruleIds('renderer-imports-contract-value.ts', 'src/renderer/src/bad.ts')).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds('renderer-imports-contract-type.ts', 'src/renderer/src/ok.ts')).toEqual([]);
  });
});
