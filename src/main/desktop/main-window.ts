import { BrowserWindow, clipboard, dialog, Menu, screen } from 'electron';
import type { UiLanguage } from '../../shared/ui-languages';
import { secureWindowOptions } from '../window-options';
import { attachContextMenu } from './context-menu';
import { attachCrashRecovery } from './failures';
import { attachUnloadGuard } from './unload-guard';
import { loadWindowState, restorableBounds, trackWindowState } from './window-state';

export interface MainWindowOptions {
  preload: string;
  rendererUrl: string;
  userData: string;
  quit: () => void;
  log: (line: string) => void;
  /** The language of main's own boxes and menu items over the window (the operator's choice, else the OS's). */
  language: () => UiLanguage;
}

/**
 * The app window, with everything a desktop window is expected to do: its last size and place, a context menu,
 * a dialog instead of a silent refusal when unsaved edits block closing, and a reload offered after a crash.
 * Every piece is a tested module behind a port; this file only hands them the Electron objects.
 */
export async function openMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await loadWindowState(options.userData);
  const bounds = restorableBounds(
    saved,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({ ...secureWindowOptions(options.preload), ...bounds });
  trackWindowState(window, options.userData);
  attachUnloadGuard({ window, dialog, language: options.language });
  attachCrashRecovery({
    window,
    showMessageBox: (box) => dialog.showMessageBox(window, box),
    quit: options.quit,
    log: options.log,
    language: options.language,
  });
  attachContextMenu({
    webContents: window.webContents,
    popup: (template) => Menu.buildFromTemplate(template).popup({ window }),
    writeClipboardText: (text) => clipboard.writeText(text),
    language: options.language,
  });
  window.once('ready-to-show', () => {
    if (bounds && saved?.maximized) window.maximize();
    if (bounds && saved?.fullScreen) window.setFullScreen(true);
    window.show();
  });
  await window.loadURL(options.rendererUrl);
  return window;
}
