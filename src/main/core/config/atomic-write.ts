import { copyFile, stat } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';

/** Keeps the previous file as `.bak`, then writes via temp file + fsync + rename so a crash never leaves half a file. */
export async function writeFileKeepingBackup(path: string, text: string): Promise<void> {
  if (await exists(path)) await copyFile(path, `${path}.bak`);
  await writeFileAtomic(path, text, { encoding: 'utf8', fsync: true });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
