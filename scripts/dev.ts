// `npm run dev`: electron-vite's dev server with hot reload, once the Electron binary is ensured the same way
// `npm start` ensures it. No headless fallback here: hot reload runs in the Electron window.
import { fileURLToPath } from 'node:url';
import { ensureElectron, runInForeground } from './electron-launch';
import { devPlan } from './launch-plans';

const root = fileURLToPath(new URL('..', import.meta.url));
const electron = await ensureElectron({ log: (line) => console.log(line) });
if (!electron.ok) {
  console.error(`npm run dev needs Electron, and it can't start here: ${electron.reason}.`);
  console.error('Use `npm start` (it falls back to the headless console) or `npm run serve`.');
  process.exit(1);
}
await runInForeground(devPlan(root, process.execPath, electron.binary, process.argv.slice(2), process.env), root);
