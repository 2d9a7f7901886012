import electronLog from 'electron-log/main';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { readFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { shellEnv } from 'shell-env';
import { attachIpcAdapter, createSenderCheck } from './adapters/ipc';
import { legacyDesktopDataDirs, openDataDir } from './core/data-dir';
import { EventBus } from './core/events';
import type { CoreThread } from './core-thread/core-thread';
import { installAppMenu } from './desktop/app-menu';
import { APP_ENTRY_URL, registerAppScheme } from './desktop/app-protocol';
import { SANDBOX_ORIGIN, SANDBOX_PROXY_URL } from './desktop/app-sandbox-protocol';
import { APP_PARTITION } from './desktop/app-webview-guard';
import { enableCompileCache } from './desktop/compile-cache';
import { chosenLanguage } from './desktop/desktop-text';
import { showStartupFailure, systemLanguage } from './desktop/failures';
import { attachWindowLifecycle, setWindowsAppId, takeSingleInstance } from './desktop/lifecycle';
import { configureLogFile } from './desktop/log-file';
import { loginShellPath } from './desktop/login-shell-path';
import { openMainWindow } from './desktop/main-window';
import { ApprovalNotifier, bringToFront } from './desktop/notifications';
import { checkedOpener } from './desktop/external-opener';
import { pageSenderCheck } from './desktop/page-origin';
import { attachGracefulQuit } from './desktop/quit';
import { desktopKeyVault } from './desktop/safe-storage';
import { secureApp } from './desktop/secure-app';
import { rendererCsp } from './window-options';

const dataDirFlag = process.argv.find((arg) => arg.startsWith('--data-dir='))?.slice('--data-dir='.length);
const userData = app.getPath('userData');
const logPath = configureLogFile(electronLog, userData);
electronLog.errorHandler.startCatching({ showDialog: false });
const log = (line: string) => electronLog.info(line);
// From the second start on, what this thread imports loads compiled code from disk (the core's thread turns the same
// cache on for itself).
enableCompileCache(nodeModule, userData, process.env, log);
const events = new EventBus();
// Built: the page comes from out/renderer through the app:// protocol (not a file URL); `npm run dev`: Vite's server.
const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? APP_ENTRY_URL;
// Every URL handed to the OS opener passes the shared gate (https:, http: on loopback), the OAuth sign-in's too.
const openExternal = checkedOpener((url) => shell.openExternal(url), log);
let mainWindow: BrowserWindow | undefined;
let core: Promise<CoreThread> | undefined;
/** Once loaded: main's own boxes over the window speak the language the operator chose in Settings. */
let loadedCore: CoreThread | undefined;

setWindowsAppId(app, process.platform);
registerAppScheme(protocol); // before ready, as Electron requires

const firstInstance = takeSingleInstance(app, () => {
  if (mainWindow && !mainWindow.isDestroyed()) bringToFront(mainWindow);
});
if (firstInstance) {
  attachWindowLifecycle(app, {
    platform: process.platform,
    windowCount: () => BrowserWindow.getAllWindows().length,
    openWindow: () => void showWindow(),
  });
  attachGracefulQuit({ app, close: async () => (await core)?.close(), log, signals: process });
  app.whenReady().then(start).catch(failedToStart);
}

async function start(): Promise<void> {
  // Strict everywhere; under `npm run dev` (never packaged) Vite's inline preamble and HMR socket are allowed.
  const csp = rendererCsp(app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL);
  secureApp(
    { app, session: session.defaultSession, appSession: session.fromPartition(APP_PARTITION), protocol },
    {
      pageUrl: rendererUrl,
      csp,
      rendererDir: join(import.meta.dirname, '../renderer'),
      appRelayPreload: join(import.meta.dirname, '../preload/app-relay.cjs'),
      readFile,
      openExternal,
      log,
    },
  );
  // The menu speaks the OS's language until the core has loaded the operator's choice, and follows it when it changes.
  const setMenu = () =>
    installAppMenu(
      {
        setApplicationMenu: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template)),
        setAboutPanelOptions: (options) => app.setAboutPanelOptions(options),
      },
      {
        platform: process.platform,
        packaged: app.isPackaged,
        language: chosenLanguage(loadedCore?.preferences().language, () => systemLanguage(app)),
        version: app.getVersion(),
        openDocumentation: () =>
          void shell.openPath(
            app.isPackaged ? join(process.resourcesPath, 'docs', 'README.md') : join(app.getAppPath(), 'README.md'),
          ),
        showLogFile: () => shell.showItemInFolder(logPath),
      },
    );
  setMenu();
  events.subscribe((name) => {
    if (name === 'preferences.changed') setMenu();
  });

  // The window opens while the core loads (history, records, connections); its requests wait for the core.
  core = startCore();
  attachIpcAdapter({
    ipcMain,
    dispatch: async (route, input, ctx) => (await core!).dispatch(route, input, ctx),
    events,
    isTrustedSender: pageSenderCheck(
      createSenderCheck(() => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined)),
      rendererUrl,
    ),
    targets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
  });
  const notifier = new ApprovalNotifier({
    isSupported: () => Notification.isSupported(),
    create: (options) => new Notification(options),
    window: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined),
    showApproval: (approval) => events.emit('approvals.notificationClicked', approval),
    reopen: () => void showWindow(),
  });
  events.subscribe((name, payload) => notifier.onEvent(name, payload));
  app.on('will-quit', () => notifier.releaseAll());
  await Promise.all([showWindow(), core]);
  setMenu();
}

async function startCore(): Promise<CoreThread> {
  // The core runs on a thread of its own (core-thread/): loading and running it never holds this thread, which
  // serves the window. It is started after the window is on its way.
  const { startCoreThread } = await import('./core-thread/core-thread');
  const dataDir = await openDataDir(dataDirFlag, process.env, log, [userData, ...legacyDesktopDataDirs()]);
  log(`[start] data directory ${dataDir}`);
  if (app.isPackaged) {
    // Started from Finder or a launcher, the app's PATH lacks what the operator's shell adds (npx, uvx, Homebrew).
    // Set before the thread starts: it shares this process's environment.
    const path = await loginShellPath({
      platform: process.platform,
      currentPath: process.env.PATH,
      shellEnv: () => shellEnv(),
      log,
    });
    if (path) process.env.PATH = path;
  }
  const vault = await desktopKeyVault(safeStorage, process.platform);
  const thread = await startCoreThread({
    data: {
      dataDir,
      appSandbox: { origin: SANDBOX_ORIGIN, proxyUrl: SANDBOX_PROXY_URL, partition: APP_PARTITION },
      desktop: {
        userData,
        knowledgeDir: app.isPackaged ? join(process.resourcesPath, 'knowledge') : undefined,
        packaged: app.isPackaged,
        // The console's language follows the OS unless the operator chose one (Settings).
        systemLanguages: [...app.getPreferredSystemLanguages(), app.getLocale()],
        vaultStorage: vault?.storage,
      },
    },
    events,
    log,
    host: {
      vault,
      // OAuth sign-in goes to the system browser (RFC 8252), never an in-app window; refused URLs throw, naming why.
      openBrowser: (url) => openExternal(url),
      // Remote requests go through Chromium's network stack (the system proxy); the thread sends loopback ones direct.
      fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    },
    onStopped: (reason) => electronLog.error(`[core] ${reason}; the window's requests fail until the app restarts`),
  });
  loadedCore = thread;
  return thread;
}

async function showWindow(): Promise<void> {
  if (mainWindow && !mainWindow.isDestroyed()) return bringToFront(mainWindow);
  mainWindow = await openMainWindow({
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    userData,
    quit: () => app.quit(),
    log,
    language: () => chosenLanguage(loadedCore?.preferences().language, () => systemLanguage(app)),
  });
}

/** A failed start is never silent: a dialog names the error and the log file, then the app exits. */
function failedToStart(error: unknown): void {
  electronLog.error('Switchboard failed to start:', error);
  showStartupFailure({ dialog, app }, error, logPath);
  app.exit(1);
}
