import { spawn, spawnSync } from 'node:child_process';
import { appRoot } from '../../src/main/core/paths';
import { CLI_ENTRY } from './cli-process';

/** util-linux `script` gives the CLI a pseudo-terminal, so it asks (it decides from `process.stdin.isTTY`). */
export const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

/** What the operator types when a question appears: the first rule whose pattern matches it, once per question. */
export type Rule = { question: RegExp; answers: string[] };

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
const stripAnsi = (s: string) => s.replace(ANSI_ESCAPE, '').replace(/\r/g, '');

/**
 * `switchboard ARGS…` in a pty; each question (a prompt line ending in ": " or "] ") is answered by its rule, typed
 * only once the question is on screen. Resolves with the exit code, the whole screen and the questions asked.
 */
export function cliAtTerminal(args: string[], rules: Rule[], env: NodeJS.ProcessEnv = process.env) {
  const argv = [process.execPath, '--import', 'tsx', CLI_ENTRY, ...args];
  // Wide columns: readline redraws a prompt that wraps, which would show the same question twice.
  const command = `stty cols 1000 rows 50; exec ${argv.map(shellQuote).join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: appRoot(),
    env: { ...env, SHELL: '/bin/sh', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let answeredUpTo = 0;
  const asked: string[] = [];
  const used = new Map<Rule, number>();
  const question = /(?:^|\n)([^\n{]*?(?:\? \[[^\n]*\] |: ))$/;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += stripAnsi(chunk.toString('utf8'));
    const pending = screen.slice(answeredUpTo);
    for (const line of pending.split('\n')) {
      const match = question.exec(line.replace(/\{"type".*$/, ''));
      const rule = match && rules.find((r) => r.question.test(match[1].trimStart()));
      if (!match || !rule) continue;
      const n = used.get(rule) ?? 0;
      used.set(rule, n + 1);
      asked.push(match[1].trim());
      child.stdin.write(`${rule.answers[Math.min(n, rule.answers.length - 1)]}\r`);
      answeredUpTo = screen.indexOf(line, answeredUpTo) + line.length;
      break;
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  const done = new Promise<{ code: number | null; screen: string; asked: string[] }>((resolve) =>
    child.on('close', (code) => resolve({ code, screen, asked })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return done.finally(() => {
    clearTimeout(timer);
    child.stdin.end();
  });
}
