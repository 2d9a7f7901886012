/** The slice of Electron's app that the window lifecycle uses. */
export interface LifecycleAppPort {
  on(event: 'window-all-closed' | 'activate', listener: () => void): unknown;
  quit(): void;
}

/**
 * Desktop conventions per OS: closing the last window quits, except on macOS, where the app stays in the dock
 * and `activate` (a dock click) opens a window again.
 */
export function attachWindowLifecycle(app: LifecycleAppPort, options: { platform: NodeJS.Platform; windowCount: () => number; openWindow: () => void }): void {
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
