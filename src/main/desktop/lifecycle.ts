/** The slice of Electron's app that the window lifecycle uses. */
export interface LifecycleAppPort {
  on(event: 'window-all-closed' | 'activate', listener: () => void): unknown;
  quit(): void;
}

/**
 * Desktop conventions per OS: closing the last window quits, except on macOS, where the app stays in the dock
 * and `activate` (a dock click) opens a window again.
 */
export function attachWindowLifecycle(
  app: LifecycleAppPort,
  options: { platform: NodeJS.Platform; windowCount: () => number; openWindow: () => void },
): void {
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (options.windowCount() === 0) options.openWindow();
  });
}

/** The Windows AppUserModelId, the installer's appId too: notifications are attributed to it. */
export const APP_ID = 'dev.switchboard.console';

/** On Windows, notifications show (and are grouped) only for an app with an AppUserModelId matching its shortcut. */
export function setWindowsAppId(app: { setAppUserModelId(id: string): void }, platform: NodeJS.Platform): void {
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
}

/**
 * One app per user: a second start quits at once and the first brings its window forward instead (two would share,
 * and fight over, one data folder). Returns false in the second instance, which must then not start anything.
 */
export function takeSingleInstance(
  app: {
    requestSingleInstanceLock(): boolean;
    quit(): void;
    on(event: 'second-instance', listener: () => void): unknown;
  },
  onSecondInstance: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', onSecondInstance);
  return true;
}
