/**
 * The words of the native boxes and menu items main shows itself (a failed start, a crashed or hung page, unsaved
 * edits, Copy Link, the menu). They show when the renderer (and its i18next) can't answer, or before it exists, so
 * main renders them (main/desktop/desktop-text.ts) from these templates and zh-CN/messages.json.
 */
export const DESKTOP_MESSAGES = {
  'desktop.startup.title': 'Switchboard could not start',
  'desktop.startup.log': 'The log has the details: {{path}}',
  'desktop.startup.noLog': 'No log file could be written.',
  'desktop.gone.message': 'The Switchboard window stopped working.',
  'desktop.gone.detail':
    'Its renderer process ended ({{reason}}, exit code {{exitCode}}). Conversations, records and the configuration are kept by the app; reloading the window loses nothing saved.',
  'desktop.gone.reload': 'Reload',
  'desktop.gone.quit': 'Quit',
  'desktop.unresponsive.message': 'The Switchboard window is not responding.',
  'desktop.unresponsive.detail': 'You can wait for it, or reload it. Reloading loses only unsaved edits in the window.',
  'desktop.unresponsive.wait': 'Wait',
  'desktop.unresponsive.reload': 'Reload',
  'desktop.unload.title': 'Unsaved changes',
  'desktop.unload.message': 'You have unsaved changes to the intent tree.',
  'desktop.unload.detail': 'Leave and discard them, or stay and save them first.',
  'desktop.unload.leave': 'Leave',
  'desktop.unload.stay': 'Stay',
  'desktop.copyLink': 'Copy Link',
  'desktop.menu.file': 'File',
  'desktop.menu.edit': 'Edit',
  'desktop.menu.view': 'View',
  'desktop.menu.window': 'Window',
  'desktop.menu.help': 'Help',
  'desktop.menu.documentation': 'Switchboard Documentation',
  'desktop.menu.showLog': 'Show Log File',
} as const;
