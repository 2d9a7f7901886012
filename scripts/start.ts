// `npm start`: build, then launch the Electron app; where Electron can't start, fall back to the headless console.
import { spawnSync } from 'node:child_process';
import { electronUnavailableReason } from './electron-availability';

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });

const build = run('npx', ['electron-vite', 'build']);
if (build.status !== 0) process.exit(build.status ?? 1);

const reason = electronUnavailableReason();
if (!reason) {
  const electron = run('npx', ['electron', '.', ...process.argv.slice(2)]);
  process.exit(electron.status ?? 0);
}
console.log(`Electron can't start here: ${reason}.`);
console.log('Falling back to the headless console: `switchboard serve --open`.');
const serve = run(process.execPath, ['bin/switchboard.mjs', 'serve', '--open', ...process.argv.slice(2)]);
process.exit(serve.status ?? 0);
