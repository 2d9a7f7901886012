import type { Readable } from 'node:stream';
import type { LogLevel, ServerLogEntry } from '../../../shared/contract';

/** Lines kept per server: enough to see what led up to a problem, bounded whatever the server sends. */
export const SERVER_LOG_CAPACITY = 1_000;
/** One entry's text is cut here: a server that logs a megabyte in one message must not fill the view. */
export const LOG_TEXT_CAP = 8 * 1024;

/**
 * One server's log as a ring buffer: the newest `capacity` entries, numbered in arrival order. It outlives
 * the server's connections (a reconnect keeps what led up to it) and goes when the server is removed.
 */
export class ServerLog {
  private readonly ring: (ServerLogEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(readonly capacity = SERVER_LOG_CAPACITY) {
    this.ring = new Array<ServerLogEntry | undefined>(capacity);
  }

  append(entry: Omit<ServerLogEntry, 'seq'>): ServerLogEntry {
    const text =
      entry.text.length > LOG_TEXT_CAP
        ? `${entry.text.slice(0, LOG_TEXT_CAP)} … [${entry.text.length - LOG_TEXT_CAP} more characters]`
        : entry.text;
    const kept: ServerLogEntry = { ...entry, text, seq: ++this.seq };
    this.ring[this.next] = kept;
    this.next = (this.next + 1) % this.capacity;
    return kept;
  }

  /** Oldest first. */
  entries(): ServerLogEntry[] {
    const out: ServerLogEntry[] = [];
    for (let i = 0; i < this.capacity; i++) {
      const entry = this.ring[(this.next + i) % this.capacity];
      if (entry) out.push(entry);
    }
    return out;
  }
}

/** The text of a notifications/message `data`, which may be any JSON value. */
export function logDataText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}

/**
 * A stderr line's level, guessed from the usual markers, since stderr carries no level: many servers write all
 * their logging there, so treating every line as an error would drown real ones. Unmarked lines are `info`.
 */
export function stderrLevel(line: string): LogLevel {
  if (/\b(fatal|panic|critical)\b/i.test(line)) return 'critical';
  if (/\b(error|err|exception|traceback)\b/i.test(line)) return 'error';
  if (/\bwarn(ing)?\b/i.test(line)) return 'warning';
  if (/\b(debug|trace)\b/i.test(line)) return 'debug';
  return 'info';
}

/**
 * Calls `onLine` for each complete line of a stream (a partial last line waits for its end, up to the text cap).
 * Listens alongside other readers (the stderr tail): 'data' listeners each get every chunk.
 */
export function readLines(stream: Readable | undefined, onLine: (line: string) => void): void {
  if (!stream) return;
  let partial = '';
  stream.on('data', (chunk: Buffer | string) => {
    const lines = (partial + chunk.toString()).split(/\r?\n/);
    partial = lines.pop() ?? '';
    if (partial.length > LOG_TEXT_CAP) {
      lines.push(partial);
      partial = '';
    }
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
  stream.on('end', () => {
    if (partial.trim() !== '') onLine(partial);
    partial = '';
  });
  stream.on('error', () => undefined);
}
