import { InvalidArgumentError } from 'commander';

/** Where commands write; tests capture it instead of the real streams. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/**
 * What a terminal would act on rather than show: C0 controls but tab and line feed (ESC starts a sequence that
 * can erase a line and print a fake PASS; CR returns to its start), DEL, C1 controls (U+009B is CSI), bidi
 * overrides and isolates, zero-width characters and the Unicode line separators.
 */
const ACTS_ON_A_TERMINAL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A line as the terminal should show it: each character above escaped as `\uXXXX`, so the operator sees what a
 * server or file put there. The escape is JSON's own: in `--json` output (where JSON.stringify has already
 * escaped C0) it only touches C1 and bidi characters inside strings, and the parsed value stays exact.
 */
export function terminalText(line: string): string {
  return line.replace(ACTS_ON_A_TERMINAL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Set once stdout's reader has gone (`switchboard tools list | head`): what follows is not printed. */
let stdoutClosed = false;

/** The process's streams: every line goes through terminalText, the one door server-controlled text passes to a terminal. */
export const processIo: CliIo = {
  stdout: (line) => {
    if (!stdoutClosed) process.stdout.write(`${terminalText(line)}\n`);
  },
  stderr: (line) => process.stderr.write(`${terminalText(line)}\n`),
};

/**
 * A reader that stops early (`| head`) is not an error: the rest of the output is dropped and the command finishes
 * as it would (connections closed, its own exit code), without an EPIPE stack trace. Other stdout errors still throw.
 */
export function quietWhenStdoutCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stdoutClosed = true;
  });
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return port;
}

/** An `--args` value: a JSON object, else a usage error naming what is wrong. */
export function parseJsonObjectOption(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new InvalidArgumentError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InvalidArgumentError('the arguments must be a JSON object');
  return parsed as Record<string, unknown>;
}
