// `npm start`: build, make sure the Electron binary is there (running the electron package's own installer
// where it is missing), and launch the app. Where Electron can't start (the installer failed, no display),
// say why and run the headless console instead.
import { fileURLToPath } from 'node:url';
import { ensureElectron, runInForeground, runInherited } from './electron-launch';
import { buildPlan, electronAppPlan, headlessPlan } from './launch-plans';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const env = process.env;

console.log('Building the app (warnings only; `npm run build` lists every chunk)…');
const built = await runInherited(buildPlan(root, process.execPath, env), root);
if (built !== 0) process.exit(built);

const electron = await ensureElectron({ env, log: (line) => console.log(line) });
if (electron.ok) {
  await runInForeground(electronAppPlan(electron.binary, root, args, env), root);
} else {
  console.log(`Electron can't start here: ${electron.reason}.`);
  console.log('Falling back to the headless console: `switchboard serve --open` (the same app in your browser).');
  await runInForeground(headlessPlan(root, process.execPath, args, env), root);
}
