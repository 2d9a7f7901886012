import { join } from 'node:path';
import type { NodeLogger } from 'electron-log';

/** Past this size main.log is renamed main.old.log and a new one begins: two files at most, ~10 MB. */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** The log file's place in the user-data folder, as the start-up failure dialog names it. */
export const logFilePath = (userData: string): string => join(userData, 'logs', 'main.log');

/**
 * Points electron-log's file transport at <userData>/logs/main.log with rotation. `logger` is electron-log's main
 * logger in the app, its Node logger in tests: the same file transport. Writes stay synchronous (the library's
 * default): the lines that matter most are written just before the process exits.
 */
export function configureLogFile(logger: Pick<NodeLogger, 'transports'>, userData: string): string {
  const path = logFilePath(userData);
  logger.transports.file.resolvePathFn = () => path;
  logger.transports.file.maxSize = LOG_MAX_BYTES;
  logger.transports.file.level = 'info';
  return path;
}
