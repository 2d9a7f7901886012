import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContextMenuParams, MenuItemConstructorOptions, Rectangle } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { attachContextMenu, contextMenuTemplate } from './context-menu';
import { APP_ID, attachWindowLifecycle, setWindowsAppId } from './lifecycle';
import {
  loadWindowState,
  restorableBounds,
  trackWindowState,
  windowStatePath,
  type TrackedWindow,
} from './window-state';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const flags = {
  canUndo: true,
  canRedo: true,
  canCut: true,
  canCopy: true,
  canPaste: true,
  canDelete: true,
  canSelectAll: true,
  canEditRichly: false,
};
const params = (over: Partial<ContextMenuParams>) =>
  ({ isEditable: false, selectionText: '', editFlags: flags, linkURL: '', ...over }) as ContextMenuParams;
const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role ?? item.id ?? item.type);

describe('context menu', () => {
  it('offers cut, copy, paste and select all in a field; copy on selected text; copy link on a web link', () => {
    expect(roles(contextMenuTemplate(params({ isEditable: true, selectionText: 'abc' })))).toEqual([
      'cut',
      'copy',
      'paste',
      'separator',
      'selectAll',
    ]);
    const empty = contextMenuTemplate(params({ isEditable: true }));
    expect(empty.filter((item) => item.enabled === false).map((item) => item.role)).toEqual(['cut', 'copy']); // nothing selected
    expect(roles(contextMenuTemplate(params({ selectionText: 'text' })))).toEqual(['copy']);
    expect(roles(contextMenuTemplate(params({ linkURL: 'https://modelcontextprotocol.io/' })))).toEqual(['copyLink']);
    expect(roles(contextMenuTemplate(params({ linkURL: 'javascript:alert(1)' })))).toEqual([]);
    expect(roles(contextMenuTemplate(params({})))).toEqual([]);
    const link = params({ linkURL: 'https://modelcontextprotocol.io/' });
    expect(contextMenuTemplate(link).at(-1)?.label).toBe('Copy Link');
    expect(contextMenuTemplate(link, 'zh-CN').at(-1)?.label).toBe('复制链接');
  });

  it('pops up on right click, copies the link, and shows nothing where there is nothing to offer', () => {
    const webContents = new EventEmitter();
    const popped: MenuItemConstructorOptions[][] = [];
    const clipboard: string[] = [];
    attachContextMenu({
      webContents,
      popup: (template) => void popped.push(template),
      writeClipboardText: (text) => void clipboard.push(text),
    });
    webContents.emit('context-menu', {}, params({}));
    expect(popped).toEqual([]);
    webContents.emit('context-menu', {}, params({ linkURL: 'https://example.com/a' }));
    const copyLink = popped[0].find((item) => item.id === 'copyLink')!;
    (copyLink.click as () => void)();
    expect(clipboard).toEqual(['https://example.com/a']);
  });
});

describe('window size and position', () => {
  const screen: Rectangle[] = [{ x: 0, y: 0, width: 1920, height: 1040 }];

  it('restores saved bounds that are on a display, and not those left on a monitor that is gone', () => {
    const state = { x: 100, y: 80, width: 1200, height: 800, maximized: false, fullScreen: false };
    expect(restorableBounds(state, screen)).toEqual({ x: 100, y: 80, width: 1200, height: 800 });
    expect(restorableBounds({ ...state, x: 2500 }, screen)).toBeUndefined(); // the second monitor was unplugged
    expect(
      restorableBounds({ ...state, x: 2500 }, [...screen, { x: 1920, y: 0, width: 1920, height: 1080 }]),
    ).toBeDefined();
    expect(restorableBounds({ ...state, y: -900 }, screen)).toBeUndefined(); // title bar out of reach
    expect(restorableBounds(undefined, screen)).toBeUndefined();
  });

  it('saves after moves settle and on close; reads back only a valid file', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'sb-window-'));
    dirs.push(userData);
    const emitter = new EventEmitter();
    let bounds = { x: 10, y: 20, width: 1000, height: 700 };
    const window: TrackedWindow = {
      on: (event, listener) => emitter.on(event, listener),
      getNormalBounds: () => bounds,
      isMaximized: () => true,
      isFullScreen: () => false,
    };
    const tracker = trackWindowState(window, userData, 10);
    emitter.emit('move');
    bounds = { ...bounds, x: 50 };
    emitter.emit('resize');
    // The debounced save lands on its own (no saveNow): poll for it.
    for (let tries = 0; tries < 100 && !(await loadWindowState(userData)); tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await loadWindowState(userData)).toEqual({
      x: 50,
      y: 20,
      width: 1000,
      height: 700,
      maximized: true,
      fullScreen: false,
    });
    bounds = { ...bounds, width: 1100 };
    emitter.emit('close');
    await tracker.saveNow();
    expect(JSON.parse(readFileSync(windowStatePath(userData), 'utf8')).width).toBe(1100);
    for (const text of ['{', '{"x":1}', JSON.stringify({ x: 0, y: 0, width: 5, height: 5 })]) {
      writeFileSync(windowStatePath(userData), text);
      expect(await loadWindowState(userData), text).toBeUndefined();
    }
  });
});

describe('app lifecycle', () => {
  function fakeApp() {
    const emitter = new EventEmitter();
    let quits = 0;
    const ids: string[] = [];
    return {
      app: {
        on: (event: 'window-all-closed' | 'activate', listener: () => void) => emitter.on(event, listener),
        quit: () => void quits++,
        setAppUserModelId: (id: string) => void ids.push(id),
      },
      emit: (event: string) => emitter.emit(event),
      quits: () => quits,
      ids,
    };
  }

  it('closing the last window quits on Windows and Linux, not on macOS, where a dock click opens a window again', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const fake = fakeApp();
      attachWindowLifecycle(fake.app, { platform, windowCount: () => 0, openWindow: () => undefined });
      fake.emit('window-all-closed');
      expect(fake.quits(), platform).toBe(1);
    }
    const mac = fakeApp();
    let windows = 0;
    let opened = 0;
    attachWindowLifecycle(mac.app, { platform: 'darwin', windowCount: () => windows, openWindow: () => void opened++ });
    mac.emit('window-all-closed');
    expect(mac.quits()).toBe(0);
    mac.emit('activate');
    expect(opened).toBe(1);
    windows = 1;
    mac.emit('activate'); // a window is there: nothing new
    expect(opened).toBe(1);
  });

  it('sets the AppUserModelId on Windows only', () => {
    const windows = fakeApp();
    setWindowsAppId(windows.app, 'win32');
    expect(windows.ids).toEqual([APP_ID]);
    const linux = fakeApp();
    setWindowsAppId(linux.app, 'linux');
    expect(linux.ids).toEqual([]);
  });
});
