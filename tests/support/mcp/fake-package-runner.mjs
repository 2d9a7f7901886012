// A stand-in for `npx -y some-package`: it "installs" for a while (a partial file in a cache directory, renamed when
// complete), then runs the stdio fixture server. Like npm, it rolls a half-done install back on SIGTERM; a SIGKILL
// leaves the partial file behind, which is the broken cache an operator found. Every step goes to a log so a test can
// see what happened to which process. Arguments: --install-ms N --cache DIR --log FILE [--rollback-ms N] [--fail]
// [--exit-before-initialize]: the server exits if its first message is not initialize (some 2025 servers do, on a probe).
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const installMs = Number(arg('install-ms', '0'));
const rollbackMs = Number(arg('rollback-ms', '200'));
const cache = arg('cache');
const log = arg('log');
const note = (what) => appendFileSync(log, `${Date.now()} ${process.pid} ${what}\n`);

mkdirSync(cache, { recursive: true });
const partial = join(cache, `install-${process.pid}.partial`);
note('start');
process.on('exit', (code) => note(`exit ${code}`));
writeFileSync(partial, 'half-written');
process.stderr.write('npm warn exec The following package was not found and will be installed: fake-pkg\n');

let installing = true;
process.on('SIGTERM', () => {
  note(installing ? 'sigterm while installing' : 'sigterm');
  if (!installing) process.exit(143);
  setTimeout(() => {
    rmSync(partial, { force: true });
    note('rolled back');
    process.exit(143);
  }, rollbackMs);
});

setTimeout(async () => {
  renameSync(partial, join(cache, 'complete'));
  installing = false;
  note('installed');
  if (process.argv.includes('--fail')) {
    // What a package with a broken entry point prints: a one-line error, then a Node stack trace.
    process.stderr.write(
      "Error: Cannot find module '/cache/fake-pkg/dist/index.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n    at Module._load (node:internal/modules/cjs/loader:1051:27)\n    at node:internal/main/run_main_module:28:49\n",
    );
    process.exit(1);
  }
  await import('./stdio-fixture-server.mjs');
  // Ahead of the server's own reader (it is attached by now, so no message is lost): the exit comes before any answer.
  if (process.argv.includes('--exit-before-initialize'))
    process.stdin.prependOnceListener('data', (chunk) => {
      if (String(chunk).includes('"method":"initialize"')) return;
      note(`exit on ${/"method":"([^"]+)"/.exec(String(chunk))?.[1]}`);
      process.exit(1);
    });
}, installMs);
