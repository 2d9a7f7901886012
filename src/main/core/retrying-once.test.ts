import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKnowledgeBase } from './knowledge/knowledge-base';
import { retryingOnce } from './retrying-once';

describe('retryingOnce', () => {
  it('shares one load between callers, and keeps a success', async () => {
    let loads = 0;
    const get = retryingOnce(async () => ++loads);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
  });

  it('never keeps a rejection: the knowledge folder missing, then restored, is found on the next call', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sb-knowledge-'));
    const dir = join(root, 'knowledge');
    try {
      const knowledge = retryingOnce(() => loadKnowledgeBase(dir));
      await expect(knowledge()).rejects.toThrow(
        `the knowledge folder is missing (${dir}); the installation is incomplete: reinstall Switchboard`,
      );
      await mkdir(dir);
      await writeFile(join(dir, 'returns.md'), '# Returns\n\nSeven days, no questions asked.\n');
      expect((await knowledge()).search('returns').length).toBeGreaterThan(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
