import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterEach, describe, expect, it } from 'vitest';
import { configureLogFile, LOG_MAX_BYTES, logFilePath } from './log-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the desktop log file (electron-log)', () => {
  it('writes to <userData>/logs/main.log and rotates it to main.old.log past the size limit', () => {
    const userData = mkdtempSync(join(tmpdir(), 'sb-log-'));
    dirs.push(userData);
    const logger = electronLog.create({ logId: `test-${Date.now()}` });
    logger.transports.console.level = false;
    const path = configureLogFile(logger, userData);
    expect(path).toBe(join(userData, 'logs', 'main.log'));
    expect(logFilePath(userData)).toBe(path);

    logger.info('first line');
    expect(readFileSync(path, 'utf8')).toMatch(/\[info\]\s+first line/);
    const line = 'x'.repeat(64 * 1024);
    for (let written = 0; written <= LOG_MAX_BYTES; written += line.length) logger.info(line);
    logger.info('after rotation');
    const old = join(userData, 'logs', 'main.old.log');
    expect(existsSync(old)).toBe(true);
    expect(readFileSync(old, 'utf8')).toContain('first line');
    expect(statSync(path).size).toBeLessThan(LOG_MAX_BYTES);
    expect(readFileSync(path, 'utf8')).toContain('after rotation');
  });
});
