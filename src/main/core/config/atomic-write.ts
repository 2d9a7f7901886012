import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { PRIVATE_FILE } from '../private-files';

/**
 * Keeps the previous text as `.bak`, then writes the new one. Both go through write-file-atomic (temp
 * file, fsync, rename), so a crash leaves either the old file or the new one, never half of one: the
 * `.bak` used to be a copyFile, which rewrites the old backup in place. `previous` is the current text
 * when the caller has it (read from disk otherwise).
 */
export async function writeFileKeepingBackup(path: string, text: string, previous?: string): Promise<void> {
  const old = previous ?? (await readIfExists(path));
  if (old !== undefined && (await exists(path)))
    await writeFileAtomic(`${path}.bak`, old, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE });
  await writeFileAtomic(path, text, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE });
}

/**
 * Keeps a text that is about to be overwritten but never parsed (an operator's broken hand edit) in its own
 * `<file>.broken-<UTC timestamp>` beside the file: `.bak` holds only the last text, so a second save would lose it.
 * Never overwrites an earlier kept copy (`-2`, `-3`… on a clash). Returns the path written.
 */
export async function keepBrokenText(path: string, text: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let n = 1; ; n++) {
    const kept = `${path}.broken-${stamp}${n > 1 ? `-${n}` : ''}`;
    if (await exists(kept)) continue;
    await writeFileAtomic(kept, text, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE });
    return kept;
  }
}

/**
 * Removes the temp files a killed write left beside `path` (write-file-atomic names them `<file>.<number>`),
 * for the file and its `.bak`. Only those older than this process: a live writer's are newer.
 */
export async function removeStaleTempFiles(
  path: string,
  startedAt = Date.now() - performance.now(),
): Promise<string[]> {
  const name = basename(path);
  const isTemp = (entry: string) => entry.startsWith(`${name}.`) && /^(bak\.)?\d+$/.test(entry.slice(name.length + 1));
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = await readdir(dirname(path));
  } catch {
    return removed;
  }
  for (const entry of entries.filter(isTemp)) {
    const file = join(dirname(path), entry);
    try {
      if ((await stat(file)).mtimeMs >= startedAt) continue;
      await unlink(file);
      removed.push(file);
    } catch {
      // gone already
    }
  }
  return removed;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
