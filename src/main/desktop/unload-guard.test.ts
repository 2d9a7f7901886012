import { EventEmitter } from 'node:events';
import type { BrowserWindow, Dialog } from 'electron';
import { describe, expect, it } from 'vitest';
import { attachUnloadGuard, leavesDespiteUnsavedEdits, unloadDialog } from './unload-guard';

const UNLOAD_DIALOG = unloadDialog();

/** A window whose page cancelled beforeunload: Electron emits will-prevent-unload on its webContents. */
function setup(choice: number) {
  const webContents = new EventEmitter();
  const asked: unknown[] = [];
  const dialog: Pick<Dialog, 'showMessageBoxSync'> = {
    showMessageBoxSync: ((window: unknown, options: unknown) => (
      asked.push([window, options]),
      choice
    )) as Dialog['showMessageBoxSync'],
  };
  const window = { webContents } as unknown as Pick<BrowserWindow, 'webContents'>;
  attachUnloadGuard({ window, dialog });
  const unload = () => {
    let prevented = false;
    webContents.emit('will-prevent-unload', { preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { unload, asked, window };
}

describe('closing with unsaved edits (will-prevent-unload)', () => {
  it("Leave lets the close, reload or quit go ahead (preventDefault cancels the page's refusal)", () => {
    const { unload, asked, window } = setup(0);
    expect(unload()).toBe(true);
    expect(asked).toEqual([[window, UNLOAD_DIALOG]]);
  });

  it('Stay keeps the window and the edits', () => {
    expect(setup(1).unload()).toBe(false);
  });

  it('Stay is the default and what Escape means; only the first button leaves', () => {
    expect(UNLOAD_DIALOG.buttons).toEqual(['Leave', 'Stay']);
    expect(UNLOAD_DIALOG.defaultId).toBe(1);
    expect(UNLOAD_DIALOG.cancelId).toBe(1);
    expect([0, 1, 2, -1].map(leavesDespiteUnsavedEdits)).toEqual([true, false, false, false]);
  });

  it("speaks the language it is given (the operator's choice, else the OS's), Stay still the default", () => {
    const asked: unknown[] = [];
    let listener: ((event: { preventDefault(): void }) => void) | undefined;
    const window = { webContents: { on: (_name: string, fn: typeof listener) => (listener = fn) } };
    attachUnloadGuard({
      window: window as never,
      dialog: { showMessageBoxSync: (_w: unknown, box: unknown) => (asked.push(box), 1) } as never,
      language: () => 'zh-CN',
    });
    listener!({ preventDefault: () => undefined });
    expect(asked).toEqual([
      expect.objectContaining({ title: '有未保存的更改', buttons: ['离开', '留下'], defaultId: 1, cancelId: 1 }),
    ]);
  });
});
