import type { BrowserWindow, Dialog, MessageBoxSyncOptions } from 'electron';

/** The slices of Electron the guard needs: the window's webContents events and a synchronous message box. */
export interface UnloadGuardPorts {
  window: Pick<BrowserWindow, 'webContents'>;
  dialog: Pick<Dialog, 'showMessageBoxSync'>;
}

/** Leave is the first button; Stay is the default and what Escape or closing the box means. */
export const UNLOAD_DIALOG: MessageBoxSyncOptions = {
  type: 'question',
  buttons: ['Leave', 'Stay'],
  defaultId: 1,
  cancelId: 1,
  title: 'Unsaved changes',
  message: 'You have unsaved changes to the intent tree.',
  detail: 'Leave and discard them, or stay and save them first.',
  noLink: true,
};

/** The dialog's answer: true means unload anyway (close, reload, quit), discarding the edits. */
export const leavesDespiteUnsavedEdits = (choice: number): boolean => choice === 0;

/**
 * A page that cancels `beforeunload` (unsaved intent edits) makes Electron silently refuse to close, reload or
 * quit. Electron asks us instead, through `will-prevent-unload`: preventDefault() there lets the unload proceed.
 */
export function attachUnloadGuard({ window, dialog }: UnloadGuardPorts): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window as BrowserWindow, UNLOAD_DIALOG);
    if (leavesDespiteUnsavedEdits(choice)) event.preventDefault();
  });
}
