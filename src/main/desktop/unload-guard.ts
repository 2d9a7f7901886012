import type { BrowserWindow, Dialog, MessageBoxSyncOptions } from 'electron';
import type { UiLanguage } from '../../shared/ui-languages';
import { desktopText } from './desktop-text';

/** The slices of Electron the guard needs: the window's webContents events and a synchronous message box. */
export interface UnloadGuardPorts {
  window: Pick<BrowserWindow, 'webContents'>;
  dialog: Pick<Dialog, 'showMessageBoxSync'>;
  /** The language the box speaks: the operator's choice, else the OS's. */
  language?: () => UiLanguage;
}

/** Leave is the first button; Stay is the default and what Escape or closing the box means. */
export function unloadDialog(language: UiLanguage = 'en'): MessageBoxSyncOptions {
  const say = desktopText(language);
  return {
    type: 'question',
    buttons: [say('desktop.unload.leave'), say('desktop.unload.stay')],
    defaultId: 1,
    cancelId: 1,
    title: say('desktop.unload.title'),
    message: say('desktop.unload.message'),
    detail: say('desktop.unload.detail'),
    noLink: true,
  };
}

/** The dialog's answer: true means unload anyway (close, reload, quit), discarding the edits. */
export const leavesDespiteUnsavedEdits = (choice: number): boolean => choice === 0;

/**
 * A page that cancels `beforeunload` (unsaved intent edits) makes Electron silently refuse to close, reload or
 * quit. Electron asks us instead, through `will-prevent-unload`: preventDefault() there lets the unload proceed.
 */
export function attachUnloadGuard({ window, dialog, language }: UnloadGuardPorts): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window as BrowserWindow, unloadDialog(language?.()));
    if (leavesDespiteUnsavedEdits(choice)) event.preventDefault();
  });
}
