import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

export interface ConfigDir {
  dir: string;
  /** `<dir>/switchboard.yaml`. */
  config: string;
  remove(): Promise<void>;
}

/** A fresh folder whose switchboard.yaml is `config` (as YAML), for a CLI or a core pointed at it. */
export async function configDir(prefix: string, config: unknown): Promise<ConfigDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const file = join(dir, 'switchboard.yaml');
  await writeFile(file, stringify(config));
  return { dir, config: file, remove: () => rm(dir, { recursive: true, force: true }) };
}
