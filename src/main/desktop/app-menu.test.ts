import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { aboutPanelOptions, appMenuTemplate, installAppMenu, type AppMenuOptions } from './app-menu';

/** Every item of a template, submenus included. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}
const roles = (template: MenuItemConstructorOptions[]) =>
  items(template)
    .map((item) => item.role)
    .filter(Boolean);

function options(extra: Partial<AppMenuOptions> = {}) {
  const calls: string[] = [];
  const base: AppMenuOptions = {
    platform: 'linux',
    packaged: true,
    language: 'en',
    openDocumentation: () => void calls.push('docs'),
    showLogFile: () => void calls.push('log'),
    ...extra,
  };
  return { options: base, calls };
}

describe('the application menu', () => {
  it('installed through the port with the About panel: packaged, it has no DevTools item anywhere', () => {
    const { options: packaged } = options();
    let installed: MenuItemConstructorOptions[] = [];
    let about: unknown;
    installAppMenu(
      { setApplicationMenu: (template) => void (installed = template), setAboutPanelOptions: (o) => void (about = o) },
      { ...packaged, version: '0.1.0' },
    );
    expect(installed.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(installed)).not.toContain('toggleDevTools');
    expect(roles(installed)).not.toContain('forceReload');
    expect(roles(installed)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'copy',
        'paste',
        'reload',
        'zoomIn',
        'togglefullscreen',
        'windowMenu',
        'help',
        'about',
      ]),
    );
    expect(about).toEqual({
      applicationName: 'Switchboard',
      applicationVersion: '0.1.0',
      version: '',
      copyright: 'Copyright © Switchboard contributors',
    });
  });

  it('in development (not packaged) it keeps DevTools and Force Reload', () => {
    expect(roles(appMenuTemplate(options({ packaged: false }).options))).toEqual(
      expect.arrayContaining(['toggleDevTools', 'forceReload']),
    );
  });

  it('on macOS: the app menu named Switchboard first, About there and not in Help', () => {
    const template = appMenuTemplate(options({ platform: 'darwin' }).options);
    expect(template[0]).toEqual({ role: 'appMenu', label: 'Switchboard' });
    expect(template.map((item) => item.label)).toEqual(['Switchboard', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(template)).not.toContain('toggleDevTools');
    expect(roles(template.at(-1)!.submenu as MenuItemConstructorOptions[])).not.toContain('about');
    expect(roles(template)).toContain('pasteAndMatchStyle');
  });

  it("Help opens the project's documentation and the log file, not electronjs.org; the words follow the language", () => {
    const { options: en, calls } = options();
    const help = appMenuTemplate(en).at(-1)!;
    const [docs, log] = help.submenu as MenuItemConstructorOptions[];
    expect([docs.label, log.label]).toEqual(['Switchboard Documentation', 'Show Log File']);
    docs.click!({} as never, undefined, {} as never);
    log.click!({} as never, undefined, {} as never);
    expect(calls).toEqual(['docs', 'log']);
    expect(JSON.stringify(appMenuTemplate(en))).not.toContain('electronjs');
    const zh = appMenuTemplate(options({ language: 'zh-CN' }).options);
    expect(zh.map((item) => item.label)).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(aboutPanelOptions('1.2.3', '/icon.png')).toMatchObject({
      applicationVersion: '1.2.3',
      iconPath: '/icon.png',
    });
  });
});
