import { describe, expect, it } from 'vitest';
import { describeProblems } from './config-store';
import { parseConfigText } from './parse-config';

// `args` is indented less than its sibling keys: the parser reports that, then three errors that only follow from it.
const BAD_INDENT = `agent:
  mcp:
    servers:
      - name: a
        command: npx
      args: [x]
      - name: b
        url: http://127.0.0.1:9/mcp
`;

describe('a config that does not parse', () => {
  it('reports the first YAML error first, with its line, and marks the cascade after it', () => {
    const parsed = parseConfigText(BAD_INDENT);
    expect(parsed.ok).toBe(false);
    const [first, ...rest] = parsed.problems;
    expect(first).toMatchObject({ line: 6, message: 'YAML: All mapping items must start at the same column' });
    expect(first.followsFromLine).toBeUndefined();
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((p) => p.followsFromLine === 6 && p.line! >= 6)).toBe(true);
    expect(describeProblems(parsed.problems)).toBe(
      `line 6: YAML: All mapping items must start at the same column; ${rest.length} more YAML errors that may follow from line 6`,
    );
  });

  it('lists validation problems from the top of the file down', () => {
    const parsed = parseConfigText(`intents:
  - { id: b, name: B, kind: mcp }
agent:
  maxSteps: lots
`);
    expect(parsed.problems.map((p) => [p.line, p.path])).toEqual([
      [2, 'intents.0.toolId'],
      [4, 'agent.maxSteps'],
    ]);
    expect(parsed.problems.every((p) => p.followsFromLine === undefined)).toBe(true);
  });

  it('reports an unknown key at its own line and column, not at the top of its object (issue 30)', () => {
    const filler = Array.from({ length: 90 }, (_, i) => `  # note ${i}`).join('\n');
    const parsed = parseConfigText(`# a comment first\nagent:\n  maxSteps: 8\n${filler}\n  colour: blue\n`);
    expect(parsed.ok).toBe(false);
    const problem = parsed.problems.find((p) => p.message.includes('colour'));
    expect(problem).toMatchObject({ path: 'agent', line: 94, column: 3 });
    const top = parseConfigText(`# a comment first\nagent:\n  maxSteps: 8\n${filler}\nextra: 1\n`);
    expect(top.problems.find((p) => p.message.includes('extra'))).toMatchObject({ line: 94, column: 1 });
  });
});
