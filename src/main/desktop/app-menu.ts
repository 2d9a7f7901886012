import type { AboutPanelOptionsOptions, MenuItemConstructorOptions } from 'electron';
import type { UiLanguage } from '../../shared/ui-languages';
import { desktopText } from './desktop-text';

export const PRODUCT_NAME = 'Switchboard';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** A packaged build has no DevTools item (and no accelerator for it). */
  packaged: boolean;
  language: UiLanguage;
  /** Help > Documentation: the README and docs shipped with the app. */
  openDocumentation(): void;
  /** Help > Show Log File: main.log in the file manager. */
  showLogFile(): void;
}

/**
 * The application menu, instead of Electron's default (which offers Toggle DevTools and links to electronjs.org).
 * Items with a role take Electron's own label, in the OS's language; the menus themselves and our items are ours.
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const say = desktopText(options.language);
  const mac = options.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(options.packaged
      ? []
      : ([{ role: 'forceReload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[])),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const edit: MenuItemConstructorOptions[] = [
    { role: 'undo' },
    { role: 'redo' },
    { type: 'separator' },
    { role: 'cut' },
    { role: 'copy' },
    { role: 'paste' },
    ...(mac ? ([{ role: 'pasteAndMatchStyle' }, { role: 'delete' }] as MenuItemConstructorOptions[]) : []),
    { role: 'selectAll' },
  ];
  const help: MenuItemConstructorOptions[] = [
    { id: 'documentation', label: say('desktop.menu.documentation'), click: () => options.openDocumentation() },
    { id: 'showLog', label: say('desktop.menu.showLog'), click: () => options.showLogFile() },
    // On macOS About is in the app menu.
    ...(mac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[])),
  ];
  return [
    ...(mac
      ? ([{ role: 'appMenu', label: PRODUCT_NAME }] as MenuItemConstructorOptions[])
      : [{ label: say('desktop.menu.file'), submenu: [{ role: 'quit' }] } as MenuItemConstructorOptions]),
    { label: say('desktop.menu.edit'), submenu: edit },
    { label: say('desktop.menu.view'), submenu: view },
    { role: 'windowMenu', label: say('desktop.menu.window') },
    { role: 'help', label: say('desktop.menu.help'), submenu: help },
  ];
}

/** The About panel (macOS's app menu, Help > About elsewhere). */
export function aboutPanelOptions(version: string, iconPath?: string): AboutPanelOptionsOptions {
  return {
    applicationName: PRODUCT_NAME,
    applicationVersion: version,
    version: '',
    copyright: 'Copyright © Switchboard contributors',
    ...(iconPath ? { iconPath } : {}),
  };
}

export interface MenuPorts {
  setApplicationMenu(template: MenuItemConstructorOptions[]): void;
  setAboutPanelOptions(options: AboutPanelOptionsOptions): void;
}

export function installAppMenu(
  ports: MenuPorts,
  options: AppMenuOptions & { version: string; iconPath?: string },
): void {
  ports.setAboutPanelOptions(aboutPanelOptions(options.version, options.iconPath));
  ports.setApplicationMenu(appMenuTemplate(options));
}
