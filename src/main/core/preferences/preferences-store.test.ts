import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../events';
import { PREFERENCES_FILE_NAME, PreferencesStore } from './preferences-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function setup(systemLanguages?: () => string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-prefs-'));
  dirs.push(dir);
  const events = new EventBus();
  const seen: unknown[] = [];
  events.subscribe((name, payload) => name === 'preferences.changed' && seen.push(payload));
  const path = join(dir, PREFERENCES_FILE_NAME);
  return { path, seen, open: () => PreferencesStore.open({ path, events, systemLanguages }) };
}

describe('the console preferences (UI language)', () => {
  it('starts on auto with the OS languages, keeps a choice across restarts (owner-only file) and announces it', async () => {
    const { path, seen, open } = setup(() => ['zh-Hans-CN', 'en-US']);
    const store = await open();
    expect(store.view()).toEqual({ language: 'auto', theme: 'system', systemLanguages: ['zh-Hans-CN', 'en-US'] });
    await store.setLanguage('zh-CN');
    expect(seen).toEqual([{ language: 'zh-CN', theme: 'system', systemLanguages: ['zh-Hans-CN', 'en-US'] }]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ language: 'zh-CN', theme: 'system' });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await open()).view().language).toBe('zh-CN');
  });

  it('keeps the theme beside the language, and reads a file written before themes existed (issue 30)', async () => {
    const { path, seen, open } = setup();
    writeFileSync(path, '{"language":"zh-CN"}');
    const store = await open();
    expect(store.view()).toMatchObject({ language: 'zh-CN', theme: 'system' });
    await store.setTheme('dark');
    expect(seen).toEqual([{ language: 'zh-CN', theme: 'dark', systemLanguages: [] }]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ language: 'zh-CN', theme: 'dark' });
    expect((await open()).view()).toMatchObject({ language: 'zh-CN', theme: 'dark' });
  });

  it('has no OS languages in the headless console (the browser decides) and survives a throwing source', async () => {
    expect((await setup().open()).view().systemLanguages).toEqual([]);
    const throwing = await setup(() => {
      throw new Error('no locale');
    }).open();
    expect(throwing.view().systemLanguages).toEqual([]);
  });

  it('never writes over a file it cannot read: defaults apply, a change is refused saying why, the file is kept', async () => {
    for (const text of ['{ not json', '{"language":"fr"}']) {
      const { path, open } = setup();
      writeFileSync(path, text);
      const store = await open();
      expect(store.view()).toMatchObject({ language: 'auto', problem: expect.any(String) });
      await expect(store.setLanguage('en')).rejects.toThrow(/could not be read.*fix or remove it/);
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
  });

  it("says why the file is unusable as a code, the parser's and the schema's words inside it; the English as before (issue 20)", async () => {
    const notJson = setup();
    writeFileSync(notJson.path, '{ not json');
    const broken = (await notJson.open()).view();
    expect(broken.problemMessage).toMatchObject({
      code: 'preferences.notJson',
      params: { detail: expect.any(String) },
    });
    expect(broken.problem).toBe(`not JSON: ${broken.problemMessage!.params!.detail as string}`);

    const french = setup();
    writeFileSync(french.path, '{"language":"fr"}');
    const store = await french.open();
    const view = store.view();
    expect(view.problem).toBe('language: Invalid option: expected one of "auto"|"en"|"zh-CN"');
    expect(view.problemMessage).toMatchObject({
      code: 'preferences.fieldProblem',
      params: { path: 'language', problem: { code: 'zod.invalidValue' } },
      text: view.problem,
    });
    const refused = (await store.setLanguage('en').then(
      () => undefined,
      (error: unknown) => error,
    )) as { message: string; uiMessage: { code: string; params: object } };
    expect(refused.message).toBe(
      `${french.path} could not be read (${view.problem}); fix or remove it to save preferences`,
    );
    expect(refused.uiMessage).toMatchObject({
      code: 'preferences.unreadable',
      params: { problem: { code: 'preferences.fieldProblem' } },
    });
  });
});
