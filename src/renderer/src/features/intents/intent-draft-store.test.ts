import { describe, expect, it } from 'vitest';
import type { IntentNode } from '../../../../shared/config/schema';
import { draftStatus, revisionToSave } from './intent-draft-store';

const node = (id: string, name = id): IntentNode => ({ id, name, kind: 'knowledge', examples: [] });
const saved = (intents: IntentNode[], revision: number) => ({ intents, revision });

describe('intent draft status', () => {
  const base = [node('a')];

  it('is clean without edits, or when the edits undo themselves', () => {
    expect(draftStatus({ draft: null, base: null, baseRevision: null }, saved(base, 1))).toBe('clean');
    expect(draftStatus({ draft: [node('a')], base, baseRevision: 1 }, saved(base, 1))).toBe('clean');
  });

  it('is dirty with edits on the tree it started from, even if another part of the config moved the revision', () => {
    const draft = [node('a', 'renamed')];
    expect(draftStatus({ draft, base, baseRevision: 1 }, saved(base, 1))).toBe('dirty');
    expect(draftStatus({ draft, base, baseRevision: 1 }, saved([node('a')], 4))).toBe('dirty');
    // Saving then sends the current revision: the tree underneath is unchanged.
    expect(revisionToSave({ base, baseRevision: 1 }, saved([node('a')], 4))).toBe(4);
  });

  it('is stale when the saved tree itself changed underneath, and saving sends the old revision (main answers conflict)', () => {
    const draft = [node('a', 'renamed')];
    const elsewhere = saved([node('a'), node('b')], 5);
    expect(draftStatus({ draft, base, baseRevision: 1 }, elsewhere)).toBe('stale');
    expect(revisionToSave({ base, baseRevision: 1 }, elsewhere)).toBe(1);
  });
});
