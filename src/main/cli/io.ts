import { InvalidArgumentError } from 'commander';

/** Where commands write; tests capture it instead of the real streams. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

export const processIo: CliIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return port;
}
