import { beforeEach, describe, expect, it } from 'vitest';
import { createDraftStore, draftStatus, revisionToSave, shownValue, type Saved } from './draft-store';

type Item = { id: string; name: string };
const items = (...names: string[]): Item[] => names.map((name, i) => ({ id: String(i), name }));
const saved = <T>(value: T, revision: number): Saved<T> => ({ value, revision });
const store = createDraftStore<Item[]>();

beforeEach(() => store.getState().discard());

describe('draft status', () => {
  const base = items('a');

  it('is clean without edits, or when the edits undo themselves', () => {
    expect(draftStatus({ draft: null, base: null, baseRevision: null }, saved(base, 1))).toBe('clean');
    expect(draftStatus({ draft: items('a'), base, baseRevision: 1 }, saved(base, 1))).toBe('clean');
  });

  it('is dirty with edits on the value it started from, even when another part of the config moved the revision', () => {
    const draft = items('renamed');
    expect(draftStatus({ draft, base, baseRevision: 1 }, saved(base, 1))).toBe('dirty');
    expect(draftStatus({ draft, base, baseRevision: 1 }, saved(items('a'), 4))).toBe('dirty');
    // Saving then sends the current revision: the value underneath is unchanged.
    expect(revisionToSave({ base, baseRevision: 1 }, saved(items('a'), 4))).toBe(4);
  });

  it('is stale when the saved value itself changed underneath, and saving sends the old revision (main answers conflict)', () => {
    const draft = items('renamed');
    const elsewhere = saved(items('a', 'b'), 5);
    expect(draftStatus({ draft, base, baseRevision: 1 }, elsewhere)).toBe('stale');
    expect(revisionToSave({ base, baseRevision: 1 }, elsewhere)).toBe(1);
  });

  it('compares text drafts (the raw YAML) as text', () => {
    expect(draftStatus({ draft: 'a: 1\n', base: 'a: 1\n', baseRevision: 2 }, saved('a: 1\n', 2))).toBe('clean');
    expect(draftStatus({ draft: 'a: 2\n', base: 'a: 1\n', baseRevision: 2 }, saved('a: 1\n', 2))).toBe('dirty');
    expect(draftStatus({ draft: 'a: 2\n', base: 'a: 1\n', baseRevision: 2 }, saved('b: 1\n', 3))).toBe('stale');
  });
});

describe('createDraftStore', () => {
  it('fixes the base at the first edit and keeps it, so a change underneath shows as stale', () => {
    const first = saved(items('a'), 1);
    store.getState().edit(items('a', 'b'), first);
    store.getState().edit(items('a', 'b', 'c'), saved(items('x'), 2));
    const state = store.getState();
    expect(state.base).toEqual(items('a'));
    expect(state.baseRevision).toBe(1);
    expect(draftStatus(state, saved(items('x'), 2))).toBe('stale');
    expect(shownValue(state, saved(items('x'), 2))).toEqual(items('a', 'b', 'c'));
  });

  it('starts again from what is saved now once the edits have undone themselves', () => {
    store.getState().edit(items('b'), saved(items('a'), 1));
    store.getState().edit(items('a'), saved(items('a'), 1));
    // Clean: the page shows what is saved now, not the old draft.
    expect(shownValue(store.getState(), saved(items('x'), 2))).toEqual(items('x'));
    store.getState().edit(items('y'), saved(items('x'), 2));
    expect(store.getState().baseRevision).toBe(2);
    expect(draftStatus(store.getState(), saved(items('x'), 2))).toBe('dirty');
  });

  it('keeps main’s problems over a plain edit and drops them on a structural one (their paths no longer match)', () => {
    const problems = [{ path: 'intents.0.name', message: 'taken' }];
    store.getState().refused({ kind: 'invalid', message: 'refused', problems });
    store.getState().edit(items('b'), saved(items('a'), 1));
    expect(store.getState().serverProblems).toEqual(problems);
    expect(store.getState().outcome?.kind).toBe('invalid');
    store.getState().edit(items('b', 'c'), saved(items('a'), 1), { structural: true });
    expect(store.getState().serverProblems).toEqual([]);
  });

  it('forgets "saved" and "blocked" at the next edit, but keeps a conflict until the operator resolves it', () => {
    store.getState().setOutcome({ kind: 'saved', revision: 2 });
    store.getState().edit(items('b'), saved(items('a'), 2));
    expect(store.getState().outcome).toBeNull();
    store.getState().setOutcome({ kind: 'blocked', count: 1 });
    store.getState().edit(items('c'), saved(items('a'), 2));
    expect(store.getState().outcome).toBeNull();
    store.getState().refused({ kind: 'conflict', message: 'changed on disk', problems: [] });
    store.getState().edit(items('d'), saved(items('a'), 2));
    expect(store.getState().outcome?.kind).toBe('conflict');
    store.getState().discard();
    expect(store.getState()).toMatchObject({ draft: null, base: null, baseRevision: null, outcome: null });
  });
});
