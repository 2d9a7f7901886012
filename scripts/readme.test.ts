import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);

/** The first cell of each row of the README's Development table (`| `npm run x` | … |`). */
function developmentScripts(readme: string): string[] {
  const section = readme.split(/^## Development$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return [...section.matchAll(/^\| `npm run ([\w:-]+)`/gm)].map((m) => m[1]);
}

describe('README', () => {
  it('lists each npm script of the Development table once, and only scripts that exist', async () => {
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const scripts = Object.keys(
      JSON.parse(await readFile(new URL('package.json', root), 'utf8')).scripts as Record<string, string>,
    );
    const listed = developmentScripts(readme);
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect(listed.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
