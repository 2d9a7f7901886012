import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OAUTH_TOKENS_FILE_NAME } from './auth/oauth-store';
import { PINS_FILE_NAME } from './catalog/pin-store';
import { CONFIG_FILE_NAME } from './config/config-store';
import { LAUNCH_CONFIRMATIONS_FILE_NAME } from './mcp/launch-confirmations';
import { DATA_ENTRIES, legacyDesktopDataDirs, migrateLegacyData, openDataDir } from './data-dir';
import { CASES_FILE_NAME } from './workbench/cases-file';
import { defaultDataDir } from './paths';
import { PREFERENCES_FILE_NAME } from './preferences/preferences-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-datadir-'));
  dirs.push(dir);
  return dir;
}

/** What an earlier desktop version left in Electron's userData: our data beside Chromium's own folders. */
function legacyDesktopFolder(root: string): string {
  const dir = join(root, 'Switchboard');
  mkdirSync(join(dir, 'conversations'), { recursive: true });
  mkdirSync(join(dir, 'GPUCache'));
  writeFileSync(join(dir, 'switchboard.yaml'), 'agent: {}\n');
  writeFileSync(join(dir, 'pins.json'), '{}');
  writeFileSync(join(dir, 'records.jsonl'), '{"id":"r1"}\n');
  writeFileSync(join(dir, 'secrets.json'), '{"keys":{}}');
  writeFileSync(join(dir, 'conversations', 'c_1.jsonl'), '{"t":"meta"}\n');
  writeFileSync(join(dir, 'Preferences'), '{}');
  return dir;
}

describe('one data directory for the desktop app and the headless console', () => {
  it('knows every file the stores keep (their own names)', () => {
    for (const name of [
      CONFIG_FILE_NAME,
      `${CONFIG_FILE_NAME}.bak`,
      PINS_FILE_NAME,
      CASES_FILE_NAME,
      OAUTH_TOKENS_FILE_NAME,
      PREFERENCES_FILE_NAME,
      LAUNCH_CONFIRMATIONS_FILE_NAME,
      'secrets.json',
      'records.jsonl',
      'conversations',
    ])
      expect(DATA_ENTRIES).toContain(name);
  });

  it('both default to ~/.switchboard', () => {
    expect(defaultDataDir('/home/jo')).toBe(join('/home/jo', '.switchboard'));
  });

  it("moves what the desktop kept in Electron's userData, leaves Chromium's files, and leaves a note", async () => {
    const root = temp();
    const legacy = legacyDesktopFolder(root);
    const target = join(root, 'shared');
    const lines: string[] = [];
    const outcome = await migrateLegacyData(target, [join(root, 'missing'), legacy], (line) => lines.push(line));
    expect(outcome).toEqual({
      from: legacy,
      moved: ['switchboard.yaml', 'pins.json', 'secrets.json', 'records.jsonl', 'conversations'],
    });
    expect(readFileSync(join(target, 'records.jsonl'), 'utf8')).toBe('{"id":"r1"}\n');
    expect(readFileSync(join(target, 'conversations', 'c_1.jsonl'), 'utf8')).toBe('{"t":"meta"}\n');
    expect(existsSync(join(legacy, 'switchboard.yaml'))).toBe(false);
    expect(existsSync(join(legacy, 'GPUCache'))).toBe(true);
    expect(existsSync(join(legacy, 'Preferences'))).toBe(true);
    expect(readFileSync(join(legacy, 'switchboard-data-moved.txt'), 'utf8')).toContain(target);
    expect(lines).toEqual([
      `[data] moved switchboard.yaml, pins.json, secrets.json, records.jsonl, conversations from ${legacy} to ${target}`,
    ]);
    // Once moved, nothing more happens.
    expect(await migrateLegacyData(target, [legacy])).toEqual({ moved: [] });
  });

  it('never overwrites: where the shared folder already has data, the legacy folder is left alone', async () => {
    const root = temp();
    const legacy = legacyDesktopFolder(root);
    const target = join(root, 'shared');
    mkdirSync(target);
    writeFileSync(join(target, 'switchboard.yaml'), 'agent: {maxSteps: 3}\n');
    const lines: string[] = [];
    expect(await migrateLegacyData(target, [legacy], (line) => lines.push(line))).toEqual({ moved: [] });
    expect(readFileSync(join(target, 'switchboard.yaml'), 'utf8')).toBe('agent: {maxSteps: 3}\n');
    expect(existsSync(join(legacy, 'records.jsonl'))).toBe(true);
    expect(lines[0]).toMatch(/already holds Switchboard data; the earlier data in .* was left where it is/);
  });

  it('an explicit --data-dir or SWITCHBOARD_DATA_DIR is used as given, without migrating anything into it', async () => {
    const root = temp();
    const legacy = legacyDesktopFolder(root);
    const chosen = join(root, 'chosen');
    expect(await openDataDir(chosen, {}, undefined, [legacy])).toBe(chosen);
    expect(await openDataDir(undefined, { SWITCHBOARD_DATA_DIR: chosen }, undefined, [legacy])).toBe(chosen);
    expect(existsSync(join(legacy, 'switchboard.yaml'))).toBe(true);
  });

  it("knows where each OS keeps Electron's userData", () => {
    expect(legacyDesktopDataDirs('linux', {}, '/home/jo')).toEqual([
      '/home/jo/.config/Switchboard',
      '/home/jo/.config/switchboard',
    ]);
    expect(legacyDesktopDataDirs('linux', { XDG_CONFIG_HOME: '/x' }, '/home/jo')[0]).toBe('/x/Switchboard');
    expect(legacyDesktopDataDirs('darwin', {}, '/Users/jo')[0]).toBe(
      '/Users/jo/Library/Application Support/Switchboard',
    );
    expect(legacyDesktopDataDirs('win32', { APPDATA: 'C:\\Users\\jo\\AppData\\Roaming' }, 'C:\\Users\\jo')[0]).toBe(
      join('C:\\Users\\jo\\AppData\\Roaming', 'Switchboard'),
    );
  });
});
