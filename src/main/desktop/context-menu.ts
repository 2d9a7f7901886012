import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';
import type { UiLanguage } from '../../shared/ui-languages';
import { desktopText } from './desktop-text';

/**
 * The right-click menu: Cut/Copy/Paste/Select All in an editable field, Copy on selected text, Copy Link on a
 * link. Written here instead of electron-context-menu: that package imports electron when loaded (so it can't be
 * tested behind a port) and brings a download manager this app has no use for; the menu itself is a template.
 */
export function contextMenuTemplate(
  params: Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags' | 'linkURL'>,
  language: UiLanguage = 'en',
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  const hasSelection = params.selectionText.trim().length > 0;
  if (params.isEditable) {
    items.push(
      { role: 'cut', enabled: params.editFlags.canCut && hasSelection },
      { role: 'copy', enabled: params.editFlags.canCopy && hasSelection },
      { role: 'paste', enabled: params.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: params.editFlags.canSelectAll },
    );
  } else if (hasSelection) {
    items.push({ role: 'copy', enabled: params.editFlags.canCopy });
  }
  if (/^https?:\/\//.test(params.linkURL)) {
    if (items.length > 0) items.push({ type: 'separator' });
    items.push({ id: 'copyLink', label: desktopText(language)('desktop.copyLink') }); // the roles' labels are Electron's, in the OS's language
  }
  return items;
}

export interface ContextMenuPorts {
  webContents: { on(event: 'context-menu', listener: (event: unknown, params: ContextMenuParams) => void): unknown };
  /** Builds and pops up the menu; `onClick(id)` for items without a role. */
  popup(template: MenuItemConstructorOptions[]): void;
  writeClipboardText(text: string): void;
  /** The language of the items that have no role: the operator's choice, else the OS's. */
  language?: () => UiLanguage;
}

export function attachContextMenu({ webContents, popup, writeClipboardText, language }: ContextMenuPorts): void {
  webContents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, language?.()).map((item) =>
      item.id === 'copyLink' ? { ...item, click: () => writeClipboardText(params.linkURL) } : item,
    );
    if (template.length > 0) popup(template);
  });
}
