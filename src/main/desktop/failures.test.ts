import { EventEmitter } from 'node:events';
import type { MessageBoxOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { attachCrashRecovery, goneDialog, showStartupFailure, startupFailureText, unresponsiveDialog, type RecoveryPorts } from './failures';

describe('a failed start', () => {
  it('shows the error and the log file in a dialog', () => {
    const shown: [string, string][] = [];
    showStartupFailure({ showErrorBox: (title, content) => void shown.push([title, content]) }, new Error('EACCES: permission denied, open /x/switchboard.yaml'), '/u/logs/main.log');
    expect(shown).toEqual([['Switchboard could not start', 'EACCES: permission denied, open /x/switchboard.yaml\n\nThe log has the details: /u/logs/main.log']]);
    expect(startupFailureText('boom', undefined).content).toBe('boom\n\nNo log file could be written.');
  });
});

function setup(answers: number[]) {
  const webContents = Object.assign(new EventEmitter(), { reloads: 0, crashes: 0, reload: () => void webContents.reloads++, forcefullyCrashRenderer: () => void webContents.crashes++ });
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

  it('the boxes offer reload first and keep the app\'s data out of harm', () => {
    expect(goneDialog({ reason: 'crashed', exitCode: 1 })).toMatchObject({ buttons: ['Reload', 'Quit'], choices: ['reload', 'quit'], defaultId: 0, cancelId: 1 });
    expect(unresponsiveDialog()).toMatchObject({ buttons: ['Wait', 'Reload'], choices: ['wait', 'reload'], cancelId: 0 });
  });
});
