import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname, ignore: false });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The rules that fired on a fixture linted as if it sat at `pretendPath`, with the project's real config. */
async function ruleIds(name: string, pretendPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(fixture(name), { filePath: pretendPath });
  return [...new Set(result.messages.map((m) => m.ruleId ?? m.message))].sort();
}

describe('rpc handlers hold no rule (eslint thinHandlerRules)', () => {
  it('fail on a handler with a branch, a refusal and imports of core and shared/messages', async () => {
    expect(await ruleIds('handler-holds-rule.ts', 'src/main/rpc/handlers/bad.ts')).toEqual([
      'max-statements',
      'no-restricted-imports',
      'no-restricted-syntax',
    ]);
  });

  it('fail on a handler that takes two steps', async () => {
    expect(await ruleIds('handler-two-statements.ts', 'src/main/rpc/handlers/bad.ts')).toEqual(['max-statements']);
  });

  it("fail on a handler that casts the service's answer (as, <T>, !): the service answers the contract's type", async () => {
    const [result] = await eslint.lintText(fixture('handler-casts-output.ts'), {
      filePath: 'src/main/rpc/handlers/bad.ts',
    });
    expect(result.messages.map((m) => [m.ruleId, m.line])).toEqual([
      ['no-restricted-syntax', 5],
      ['no-restricted-syntax', 6],
    ]);
  });

  it('pass for a handler that maps the route to one service call, and do not reach outside rpc/handlers', async () => {
    expect(await ruleIds('handler-maps-route.ts', 'src/main/rpc/handlers/ok.ts')).toEqual([]);
    // The same rule in a service is where it belongs.
    expect(await ruleIds('handler-holds-rule.ts', 'src/main/core/services/ok.ts')).toEqual([]);
  });

  it('pass for every handler in the tree as it is', async () => {
    const results = await eslint.lintFiles(['src/main/rpc/handlers/*.ts']);
    const fired = results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.ruleId} ${m.message}`));
    expect(fired).toEqual([]);
    expect(results.length).toBeGreaterThan(5);
  });
});
