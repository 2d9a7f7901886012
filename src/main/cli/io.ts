import { InvalidArgumentError } from 'commander';

/** Where commands write; tests capture it instead of the real streams. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** Set once stdout's reader has gone (`switchboard tools list | head`): what follows is not printed. */
let stdoutClosed = false;

export const processIo: CliIo = {
  stdout: (line) => {
    if (!stdoutClosed) process.stdout.write(`${line}\n`);
  },
  stderr: (line) => process.stderr.write(`${line}\n`),
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
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
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
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidArgumentError('the arguments must be a JSON object');
  return parsed as Record<string, unknown>;
}
