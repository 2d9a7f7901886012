import { mkdtempSync, readFileSync, rmSync, cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Electronegativity (Doyensec's Electron security checker) over main, the preload and the page, in `npm test`.
 * Every finding must be on the reviewed list (scripts/electronegativity.accepted.json, each with its reason), and
 * every entry on the list must still be found: a fixed finding leaves the list, so it stays short and true.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const accepted = JSON.parse(readFileSync(join(root, 'scripts', 'electronegativity.accepted.json'), 'utf8')) as {
  scanned: string[];
  accepted: { id: string; file: string; reason: string }[];
};
type Finding = { id: string; file: string; location: { line: number; column: number }; description: string };
type Run = (options: Record<string, unknown>) => Promise<{
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: Finding[];
}>;
const electronegativity = createRequire(import.meta.url)('@doyensec/electronegativity') as Run;

// One folder holding what is scanned, laid out as in src/, so findings name files as src/ does.
const scanRoot = mkdtempSync(join(tmpdir(), 'sb-electronegativity-'));
afterAll(() => rmSync(scanRoot, { recursive: true, force: true }));
for (const path of accepted.scanned) {
  const target = join(scanRoot, path.replace(/^src\//, ''));
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(root, path), target, { recursive: true, filter: (source) => !/\.test\.tsx?$/.test(source) });
}

describe('Electronegativity', () => {
  it('finds nothing beyond the reviewed list, and everything on it is still found', { timeout: 90_000 }, async () => {
    expect(accepted.accepted.every((entry) => entry.reason.trim().length > 20)).toBe(true);
    const result = await electronegativity({
      input: scanRoot,
      isRelative: true,
      electronVersionOverride: '45.5.0',
      severitySet: 'informational',
      confidenceSet: 'tentative',
    });
    expect(result.atomicChecks).toBeGreaterThan(30);
    expect(result.errors.filter((error) => !error.tolerable)).toEqual([]); // a file it could not parse is a file not checked
    const key = (entry: { id: string; file: string }) => `${entry.id} ${entry.file.split('\\').join('/')}`;
    const found = new Set(result.issues.map(key));
    const unreviewed = result.issues.filter((issue) => !accepted.accepted.some((entry) => key(entry) === key(issue)));
    expect(unreviewed.map((issue) => `${key(issue)}:${issue.location.line} ${issue.description}`)).toEqual([]);
    expect(accepted.accepted.filter((entry) => !found.has(key(entry))).map(key)).toEqual([]);
  });
});
