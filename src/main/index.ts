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
import type { Core } from './core/app';
import { legacyDesktopDataDirs, openDataDir } from './core/data-dir';
import { EventBus } from './core/events';
import { createEncryptedSecrets, environmentSecrets } from './core/secrets';
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
import { systemProxyFetch } from './desktop/proxy-fetch';
import { attachGracefulQuit } from './desktop/quit';
import { desktopKeyVault } from './desktop/safe-storage';
import { secureApp } from './desktop/secure-app';
import { findOnPath, packagedStdioLaunch } from './desktop/stdio-launch';
import type { Dispatch } from './rpc/router';
import { rendererCsp } from './window-options';

const dataDirFlag = process.argv.find((arg) => arg.startsWith('--data-dir='))?.slice('--data-dir='.length);
const userData = app.getPath('userData');
const logPath = configureLogFile(electronLog, userData);
electronLog.errorHandler.startCatching({ showDialog: false });
const log = (line: string) => electronLog.info(line);
// Before the core's dynamic imports (startCore): from the second start on, they load compiled code from disk.
enableCompileCache(nodeModule, userData, process.env, log);
const events = new EventBus();
// Built: the page comes from out/renderer through the app:// protocol (not a file URL); `npm run dev`: Vite's server.
const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? APP_ENTRY_URL;
// Every URL handed to the OS opener passes the shared gate (https:, http: on loopback), the OAuth sign-in's too.
const openExternal = checkedOpener((url) => shell.openExternal(url), log);
let mainWindow: BrowserWindow | undefined;
let core: Promise<{ core: Core; dispatch: Dispatch }> | undefined;
/** Once loaded: main's own boxes over the window speak the language the operator chose in Settings. */
let loadedCore: Core | undefined;

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
  attachGracefulQuit({ app, close: async () => (await core)?.core.close(), log, signals: process });
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
        language: chosenLanguage(loadedCore?.services.preferences.view().language, () => systemLanguage(app)),
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

async function startCore(): Promise<{ core: Core; dispatch: Dispatch }> {
  // The core is loaded here, after the window is on its way: evaluating it (and its libraries) is the longest
  // synchronous piece of start-up, and the window should not wait behind it.
  const [{ createCore }, { createDispatch }, { demoShopBundle }, { readKnowledgeDir }] = await Promise.all([
    import('./core/app'),
    import('./rpc/dispatch'),
    import('./demo-shop/bundle'),
    import('./core/knowledge'),
  ]);
  const dataDir = await openDataDir(dataDirFlag, process.env, log, [userData, ...legacyDesktopDataDirs()]);
  log(`[start] data directory ${dataDir}`);
  const knowledgeDir = app.isPackaged ? join(process.resourcesPath, 'knowledge') : undefined;
  if (app.isPackaged) {
    if (knowledgeDir) await readKnowledgeDir(knowledgeDir); // a clear error now, not on the first search
    // Started from Finder or a launcher, the app's PATH lacks what the operator's shell adds (npx, uvx, Homebrew).
    const path = await loginShellPath({
      platform: process.platform,
      currentPath: process.env.PATH,
      shellEnv: () => shellEnv(),
      log,
    });
    if (path) process.env.PATH = path;
  }
  const vault = await desktopKeyVault(safeStorage, process.platform);
  const created = await createCore({
    dataDir,
    events,
    log,
    secrets: vault ? await createEncryptedSecrets(dataDir, vault) : environmentSecrets(),
    knowledgeDir,
    ...demoShopBundle(),
    // OAuth sign-in goes to the system browser (RFC 8252), never an in-app window; refused URLs throw, naming why.
    openBrowser: (url) => openExternal(url),
    fetch: systemProxyFetch((input, init) => net.fetch(input, init)),
    // The console's language follows the OS unless the operator chose one (Settings).
    systemLanguages: () => [...app.getPreferredSystemLanguages(), app.getLocale()],
    connections: app.isPackaged ? { launchStdio: packagedStdioLaunch(findOnPath) } : undefined,
  });
  loadedCore = created;
  return {
    core: created,
    dispatch: createDispatch(created, {
      log,
      appSandbox: { origin: SANDBOX_ORIGIN, proxyUrl: SANDBOX_PROXY_URL, partition: APP_PARTITION },
    }),
  };
}

async function showWindow(): Promise<void> {
  if (mainWindow && !mainWindow.isDestroyed()) return bringToFront(mainWindow);
  mainWindow = await openMainWindow({
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    userData,
    quit: () => app.quit(),
    log,
    language: () => chosenLanguage(loadedCore?.services.preferences.view().language, () => systemLanguage(app)),
  });
}

/** A failed start is never silent: a dialog names the error and the log file, then the app exits. */
function failedToStart(error: unknown): void {
  electronLog.error('Switchboard failed to start:', error);
  showStartupFailure({ dialog, app }, error, logPath);
  app.exit(1);
}
