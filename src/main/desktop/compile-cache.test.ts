import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enableCompileCache, type CompileCacheApi } from './compile-cache';

const constants = { compileCacheStatus: { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 } };

function fakeApi(status: number, message?: string): CompileCacheApi & { dirs: (string | undefined)[] } {
  const dirs: (string | undefined)[] = [];
  return {
    dirs,
    constants,
    enableCompileCache: (directory) => {
      dirs.push(directory);
      return { status, message, directory };
    },
  };
}

describe('enableCompileCache (desktop start-up)', () => {
  it('enables the cache in the user-data folder where Node has it (Electron 45: Node 22)', () => {
    const api = fakeApi(constants.compileCacheStatus.ENABLED);
    const lines: string[] = [];
    expect(enableCompileCache(api, '/home/op/.config/Switchboard', {}, (l) => lines.push(l))).toBe(true);
    expect(api.dirs).toEqual([join('/home/op/.config/Switchboard', 'compile-cache')]);
    expect(lines).toEqual([]);
  });

  it('counts an already enabled cache (NODE_COMPILE_CACHE set by the operator) as on', () => {
    expect(enableCompileCache(fakeApi(constants.compileCacheStatus.ALREADY_ENABLED), '/u', {}, () => undefined)).toBe(
      true,
    );
  });

  it('logs a failure or a disabled cache and goes on', () => {
    const lines: string[] = [];
    expect(
      enableCompileCache(fakeApi(constants.compileCacheStatus.FAILED, 'EACCES: permission denied'), '/u', {}, (l) =>
        lines.push(l),
      ),
    ).toBe(false);
    expect(lines).toEqual(['[start] compile cache not used: EACCES: permission denied']);
    const throwing: CompileCacheApi = {
      constants,
      enableCompileCache: () => {
        throw new Error('boom');
      },
    };
    expect(enableCompileCache(throwing, '/u', {}, (l) => lines.push(l))).toBe(false);
    expect(lines.at(-1)).toBe('[start] compile cache not used: boom');
  });

  it('is skipped in an AppImage (a new mount path each start would only grow the cache)', () => {
    const api = fakeApi(constants.compileCacheStatus.ENABLED);
    expect(enableCompileCache(api, '/u', { APPIMAGE: '/home/op/Switchboard.AppImage' }, () => undefined)).toBe(false);
    expect(api.dirs).toEqual([]);
  });

  it('does nothing where Node has no compile cache (Node 20, the headless console)', () => {
    const major = Number(process.versions.node.split('.')[0]);
    if (major < 22) expect(enableCompileCache(nodeModule, '/nonexistent', {}, () => undefined)).toBe(false);
    expect(enableCompileCache({}, '/u', {}, () => undefined)).toBe(false);
  });
});
