import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandLineHash, commandLineText, LaunchConfirmations } from './launch-confirmations';

const server = (over: object = {}) => ({
  name: 'files',
  command: 'npx',
  args: ['-y', 'server-files', '/tmp'],
  env: { TOKEN: 'x' },
  ...over,
});

describe('launch confirmations', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-launches-'));
    path = join(dir, 'launch-confirmations.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('binds to command, args, cwd and env names, not env values', () => {
    const base = commandLineHash(server());
    expect(commandLineHash(server({ env: { TOKEN: 'other value' } }))).toBe(base);
    expect(commandLineHash(server({ args: ['-y', 'server-files', '/'] }))).not.toBe(base);
    expect(commandLineHash(server({ cwd: '/srv' }))).not.toBe(base);
    expect(commandLineHash(server({ env: { TOKEN: 'x', MORE: 'y' } }))).not.toBe(base);
  });

  it('shows the line unambiguously: quoted parts, hidden characters visible, cwd and env names', () => {
    expect(commandLineText(server({ args: ['a b', '', 'ok\u202Egnp.exe'], cwd: '/srv' }))).toBe(
      'npx "a b" "" ok\\u{202E}gnp.exe (in /srv) [env: TOKEN]',
    );
  });

  it('an import marks what is new as waiting; configured or confirmed lines are not; a confirmation persists, owner-only', async () => {
    const store = LaunchConfirmations.open(path);
    const mine = server({ name: 'mine', args: ['mine'] });
    const waiting = await store.markImported([server(), mine], [mine]);
    expect(waiting.map((s) => s.name)).toEqual(['files']);
    expect(store.waits(server())).toBe(true);
    expect(store.waits(mine)).toBe(false);
    await store.confirm([server()]);
    expect(LaunchConfirmations.open(path).waits(server())).toBe(false);
    expect(await store.markImported([server()], [])).toEqual([]);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('sees a mark another process wrote (the CLI beside a running console)', async () => {
    const console = LaunchConfirmations.open(path);
    expect(console.waits(server())).toBe(false);
    await LaunchConfirmations.open(path).markImported([server()], []);
    expect(console.waits(server())).toBe(true);
  });

  it('keeps what it holds when the file becomes unreadable', async () => {
    const store = LaunchConfirmations.open(path);
    await store.markImported([server()], []);
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path, '{ broken');
    expect(store.waits(server())).toBe(true);
    expect(await readFile(path, 'utf8')).toBe('{ broken');
  });
});
