import type { Readable } from 'node:stream';

/**
 * Keeps the last few KB of a stdio server's stderr: the first place to look when a server dies
 * during start-up. Reading the stream also keeps a chatty child from blocking on a full pipe.
 */
export class StderrTail {
  private text = '';

  constructor(private readonly maxChars = 4_000) {}

  attach(stream: Readable | undefined, onUpdate: () => void): void {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      this.text = (this.text + chunk).slice(-this.maxChars);
      onUpdate();
    });
    stream?.on('error', () => undefined);
  }

  value(): string | null {
    return this.text === '' ? null : this.text;
  }
}
