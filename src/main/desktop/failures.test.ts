import { EventEmitter } from 'node:events';
import type { MessageBoxOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  attachCrashRecovery,
  goneDialog,
  showStartupFailure,
  startupFailureText,
  systemLanguage,
  unresponsiveDialog,
  type RecoveryPorts,
} from './failures';

/** Electron's app as the OS describes itself; `throws` for a call made before it can answer. */
const osApp = (preferred: string[] | 'throws', locale: string | 'throws' = '') => ({
  getPreferredSystemLanguages: () => {
    if (preferred === 'throws') throw new Error('not ready');
    return preferred;
  },
  getLocale: () => {
    if (locale === 'throws') throw new Error('not ready');
    return locale;
  },
});

function shownFor(app: ReturnType<typeof osApp>, error: unknown, logPath: string | undefined): [string, string][] {
  const shown: [string, string][] = [];
  showStartupFailure(
    { dialog: { showErrorBox: (title, content) => void shown.push([title, content]) }, app },
    error,
    logPath,
  );
  return shown;
}

describe('a failed start', () => {
  it('shows the error and the log file in a dialog', () => {
    const shown = shownFor(
      osApp(['en-US']),
      new Error('EACCES: permission denied, open /x/switchboard.yaml'),
      '/u/logs/main.log',
    );
    expect(shown).toEqual([
      [
        'Switchboard could not start',
        'EACCES: permission denied, open /x/switchboard.yaml\n\nThe log has the details: /u/logs/main.log',
      ],
    ]);
    expect(startupFailureText('boom', undefined).content).toBe('boom\n\nNo log file could be written.');
  });

  it("speaks the OS's language, as the console does by default: Chinese on a Chinese system, the error verbatim (issue 20)", () => {
    const error = new Error('EACCES: permission denied, open /x/switchboard.yaml');
    expect(shownFor(osApp(['zh-Hans-CN', 'en-US']), error, '/u/logs/main.log')).toEqual([
      [
        'Switchboard 无法启动',
        'EACCES: permission denied, open /x/switchboard.yaml\n\n详细信息见日志：/u/logs/main.log',
      ],
    ]);
    expect(shownFor(osApp([], 'zh-CN'), 'boom', undefined)).toEqual([
      ['Switchboard 无法启动', 'boom\n\n无法写入日志文件。'],
    ]);
    // The first language we have wins; a system that cannot answer yet gets English.
    expect(systemLanguage(osApp(['fr-FR', 'en-GB', 'zh-CN']))).toBe('en');
    expect(systemLanguage(osApp('throws', 'throws'))).toBe('en');
    expect(systemLanguage(osApp('throws', 'zh-TW'))).toBe('zh-CN');
  });
});

function setup(answers: number[]) {
  const webContents = Object.assign(new EventEmitter(), {
    reloads: 0,
    crashes: 0,
    reload: () => void webContents.reloads++,
    forcefullyCrashRenderer: () => void webContents.crashes++,
  });
  const boxes: MessageBoxOptions[] = [];
  const calls = { quits: 0 };
  const pending: ((answer: number) => void)[] = [];
  const ports: RecoveryPorts = {
    window: { webContents: webContents as unknown as RecoveryPorts['window']['webContents'], isDestroyed: () => false },
    showMessageBox: (box) =>
      new Promise((resolve) => {
        boxes.push(box);
        const answer = answers.shift();
        if (answer !== undefined) resolve({ response: answer });
        else pending.push((response) => resolve({ response }));
        box.signal?.addEventListener('abort', () => resolve({ response: box.cancelId ?? 0 }));
      }),
    quit: () => void calls.quits++,
    log: () => undefined,
  };
  attachCrashRecovery(ports);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { webContents, boxes, calls, settle, pending };
}

describe('renderer crashes and hangs', () => {
  it('a crashed renderer: Reload reloads, Quit quits; a clean exit asks nothing', async () => {
    const reload = setup([0]);
    reload.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await reload.settle();
    expect(reload.webContents.reloads).toBe(1);
    expect(reload.boxes[0].message).toBe('The Switchboard window stopped working.');
    expect(reload.boxes[0].detail).toContain('crashed, exit code 139');

    const quit = setup([1]);
    quit.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    await quit.settle();
    expect([quit.webContents.reloads, quit.calls.quits]).toEqual([0, 1]);

    const clean = setup([]);
    clean.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(clean.boxes).toEqual([]);
  });

  it('a hung renderer: Reload ends it and loads the page again, without a second "stopped working" box', async () => {
    const hung = setup([1]);
    hung.webContents.emit('unresponsive');
    await hung.settle();
    expect([hung.webContents.crashes, hung.webContents.reloads]).toEqual([1, 1]);
    hung.webContents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 }); // the crash we caused
    await hung.settle();
    expect(hung.boxes).toHaveLength(1);
  });

  it('Wait does nothing, and a renderer that answers again closes the box', async () => {
    const wait = setup([0]);
    wait.webContents.emit('unresponsive');
    await wait.settle();
    expect([wait.webContents.crashes, wait.webContents.reloads]).toEqual([0, 0]);

    const recovers = setup([]);
    recovers.webContents.emit('unresponsive');
    await recovers.settle();
    expect(recovers.boxes[0].signal?.aborted).toBe(false);
    recovers.webContents.emit('responsive');
    await recovers.settle();
    expect(recovers.boxes[0].signal?.aborted).toBe(true);
    expect(recovers.webContents.reloads).toBe(0);
  });

  it("the boxes offer reload first and keep the app's data out of harm", () => {
    expect(goneDialog({ reason: 'crashed', exitCode: 1 })).toMatchObject({
      buttons: ['Reload', 'Quit'],
      choices: ['reload', 'quit'],
      defaultId: 0,
      cancelId: 1,
    });
    expect(unresponsiveDialog()).toMatchObject({
      buttons: ['Wait', 'Reload'],
      choices: ['wait', 'reload'],
      cancelId: 0,
    });
    // In Chinese the buttons change, never the choices they stand for.
    expect(goneDialog({ reason: 'crashed', exitCode: 1 }, 'zh-CN')).toMatchObject({
      message: 'Switchboard 窗口停止工作了。',
      buttons: ['重新加载', '退出'],
      choices: ['reload', 'quit'],
    });
    expect(goneDialog({ reason: 'oom', exitCode: 9 }, 'zh-CN').detail).toContain('oom，退出码 9');
    expect(unresponsiveDialog('zh-CN')).toMatchObject({
      message: 'Switchboard 窗口没有响应。',
      buttons: ['等待', '重新加载'],
      choices: ['wait', 'reload'],
    });
  });
});
