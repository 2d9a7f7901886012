// The config worker: parses, validates and edits large switchboard.yaml texts off the main thread
// (started by config-work.ts; built as its own entry, out/main/config-worker.js: electron.vite.config.ts).
import { parentPort } from 'node:worker_threads';
import { editConfig, prepareSave, readConfig } from './config-text';
import { errorText } from '../../../shared/error-text';

const tasks = { read: readConfig, edit: editConfig, save: prepareSave } as const;
export type ConfigTask = keyof typeof tasks;

parentPort?.postMessage({ ready: true });
parentPort?.on('message', ({ id, task, args }: { id: number; task: ConfigTask; args: unknown[] }) => {
  try {
    const result = (tasks[task] as (...a: unknown[]) => unknown)(...args);
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: errorText(error) });
  }
});
