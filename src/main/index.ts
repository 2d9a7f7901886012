import { app, BrowserWindow, ipcMain, Notification, safeStorage, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attachIpcAdapter, createSenderCheck } from './adapters/ipc';
import { createBuiltinServers } from './builtin-servers';
import { createCore, type Core } from './core/app';
import { resolveDataDir } from './core/paths';
import { createEncryptedSecrets, environmentSecrets } from './core/secrets';
import { createDispatch } from './rpc/dispatch';
import { rendererCsp, secureWindowOptions } from './window-options';

const dataDirFlag = process.argv.find((arg) => arg.startsWith('--data-dir='))?.slice('--data-dir='.length);
let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    // Nothing in the app navigates away or opens windows; links go to the OS browser.
    contents.on('will-navigate', (event, url) => {
      if (url !== contents.getURL()) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https?:\/\//.test(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  app.whenReady().then(start).catch((error: unknown) => {
    console.error('Switchboard failed to start:', error);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void core?.close());
}

async function start(): Promise<void> {
  const dataDir = resolveDataDir(dataDirFlag, process.env, app.getPath('userData'));
  // API keys are sealed by the OS keychain through safeStorage; where it is unavailable, only the environment is used.
  const secrets = safeStorage.isEncryptionAvailable()
    ? await createEncryptedSecrets(dataDir, { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (sealed) => safeStorage.decryptString(sealed) })
    : environmentSecrets();
  core = await createCore({
    dataDir,
    secrets,
    // OAuth sign-in goes to the system browser (RFC 8252), never an in-app window.
    openBrowser: async (url) => {
      await shell.openExternal(url);
      return true;
    },
    knowledgeDir: app.isPackaged ? join(process.resourcesPath, 'knowledge') : undefined,
    builtinServers: createBuiltinServers(),
  });

  // Strict everywhere; under `npm run dev` (never packaged) Vite's inline preamble and HMR socket are allowed.
  const csp = rendererCsp(app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'notifications'));

  const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(__dirnameOf(), '../renderer/index.html')).href;
  attachIpcAdapter({
    ipcMain,
    dispatch: createDispatch(core),
    events: core.events,
    isTrustedSenderUrl: createSenderCheck(rendererUrl),
    targets: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
  });
  core.events.subscribe((name, payload) => notifyApproval(name, payload));

  mainWindow = new BrowserWindow(secureWindowOptions(join(__dirnameOf(), '../preload/index.cjs')));
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  await mainWindow.loadURL(rendererUrl);
}

/** A desktop notification when a write tool waits for approval and the window is not focused. */
function notifyApproval(name: string, payload: unknown): void {
  if (name !== 'approvals.requested' || mainWindow?.isFocused() || !Notification.isSupported()) return;
  const tool = (payload as { toolName?: string } | undefined)?.toolName ?? 'a tool';
  const notification = new Notification({ title: 'Switchboard: approval needed', body: `${tool} is waiting for your approval` });
  notification.on('click', () => mainWindow?.focus());
  notification.show();
}

function __dirnameOf(): string {
  return import.meta.dirname;
}
