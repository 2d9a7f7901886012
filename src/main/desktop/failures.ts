import type { App, Dialog, MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import { matchLanguage, type UiLanguage } from '../../shared/ui-languages';
import { desktopText } from './desktop-text';
import { errorText } from '../../shared/error-text';

/** The slices of Electron's dialog and app a failed start uses. */
export interface StartupFailurePorts {
  dialog: Pick<Dialog, 'showErrorBox'>;
  app: Pick<App, 'getPreferredSystemLanguages' | 'getLocale'>;
}

/**
 * The OS's language, by the rule the console follows when the operator chose none (lib/i18n: the preferred system
 * languages, then the app locale). Either may be unavailable before the app is ready; English then.
 */
export function systemLanguage(app: StartupFailurePorts['app']): UiLanguage {
  const tags: string[] = [];
  try {
    tags.push(...app.getPreferredSystemLanguages());
  } catch {
    // not available yet: the locale, else English
  }
  try {
    tags.push(app.getLocale());
  } catch {
    // before ready on some platforms
  }
  return matchLanguage(tags.filter((tag) => typeof tag === 'string' && tag.length > 0));
}

/** What a failed start shows: the error, and where the log with the details is. */
export function startupFailureText(
  error: unknown,
  logPath: string | undefined,
  language: UiLanguage = 'en',
): { title: string; content: string } {
  const message = errorText(error);
  const say = desktopText(language);
  return {
    title: say('desktop.startup.title'),
    content: `${message}\n\n${logPath ? say('desktop.startup.log', { path: logPath }) : say('desktop.startup.noLog')}`,
  };
}

/** Shown before the app exits, in the OS's language: a start-up failure must never be silent. */
export function showStartupFailure(ports: StartupFailurePorts, error: unknown, logPath: string | undefined): void {
  const { title, content } = startupFailureText(error, logPath, systemLanguage(ports.app));
  ports.dialog.showErrorBox(title, content);
}

export type RecoveryChoice = 'reload' | 'quit' | 'wait';

/** The renderer crashed or was killed: offer a reload (its data lives in main, nothing is lost) or quit. */
export function goneDialog(
  details: Pick<RenderProcessGoneDetails, 'reason' | 'exitCode'>,
  language: UiLanguage = 'en',
): MessageBoxOptions & { choices: RecoveryChoice[] } {
  const say = desktopText(language);
  return {
    type: 'error',
    title: 'Switchboard',
    message: say('desktop.gone.message'),
    detail: say('desktop.gone.detail', { reason: details.reason, exitCode: details.exitCode }),
    buttons: [say('desktop.gone.reload'), say('desktop.gone.quit')],
    choices: ['reload', 'quit'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
}

/** The page stopped answering (a long script): offer to wait, or to reload it. */
export function unresponsiveDialog(language: UiLanguage = 'en'): MessageBoxOptions & { choices: RecoveryChoice[] } {
  const say = desktopText(language);
  return {
    type: 'warning',
    title: 'Switchboard',
    message: say('desktop.unresponsive.message'),
    detail: say('desktop.unresponsive.detail'),
    buttons: [say('desktop.unresponsive.wait'), say('desktop.unresponsive.reload')],
    choices: ['wait', 'reload'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** The slices of a BrowserWindow and Electron's dialog/app that recovery uses. */
export interface RecoveryPorts {
  window: {
    webContents: {
      on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
      on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
      reload(): void;
      forcefullyCrashRenderer(): void;
    };
    isDestroyed(): boolean;
  };
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  quit(): void;
  log(line: string): void;
  /** The language the boxes speak: the operator's choice, else the OS's (asked when a box opens). */
  language?: () => UiLanguage;
}

/**
 * `render-process-gone` and `unresponsive` are answered with a dialog offering a reload. A clean exit (the window
 * closing) is not a crash. While an "unresponsive" box is up, `responsive` closes it (its AbortSignal).
 */
export function attachCrashRecovery(ports: RecoveryPorts): void {
  const { window } = ports;
  let asking: AbortController | undefined;
  /** We ended the renderer ourselves (reload of a hung page): its "gone" is expected, not a crash to report. */
  let endedByUs = false;
  const ask = async (
    options: MessageBoxOptions & { choices: RecoveryChoice[] },
  ): Promise<RecoveryChoice | undefined> => {
    asking?.abort();
    const controller = new AbortController();
    asking = controller;
    const { choices, ...box } = options;
    try {
      const { response } = await ports.showMessageBox({ ...box, signal: controller.signal });
      return controller.signal.aborted ? undefined : choices[response];
    } finally {
      if (asking === controller) asking = undefined;
    }
  };
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    if (endedByUs) {
      endedByUs = false;
      return;
    }
    ports.log(`[window] renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    void ask(goneDialog(details, ports.language?.())).then((choice) => {
      if (window.isDestroyed()) return;
      if (choice === 'reload') window.webContents.reload();
      else if (choice === 'quit') ports.quit();
    });
  });
  window.webContents.on('unresponsive', () => {
    ports.log('[window] renderer unresponsive');
    void ask(unresponsiveDialog(ports.language?.())).then((choice) => {
      if (choice !== 'reload' || window.isDestroyed()) return;
      // A hung renderer can't run its own reload: end it, then load the page again in a fresh one.
      endedByUs = true;
      window.webContents.forcefullyCrashRenderer();
      window.webContents.reload();
    });
  });
  window.webContents.on('responsive', () => asking?.abort());
}
