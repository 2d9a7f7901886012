import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RpcClientError } from '../rpc/types';
import { createDraftStore, type Saved } from './draft-store';
import { useDraftSave } from './use-draft-save';

type Input = { text: string; baseRevision: number };
type Result = { revision: number; keptBrokenText?: string };

const store = createDraftStore<string>();
const SAVED: Saved<string> = { value: 'a: 1\n', revision: 3 };

/** The hook over a real TanStack mutation whose "main" is the function given; returns what was sent. */
function setup(main: (input: Input) => Promise<Result>, countProblems?: (text: string) => number) {
  const sent: Input[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ saved }: { saved: Saved<string> }) => {
      const mutation = useMutation<Result, Error, Input>({
        mutationFn: (input) => {
          sent.push(input);
          return main(input);
        },
      });
      return useDraftSave(store, saved, {
        mutation,
        toInput: (text, baseRevision) => ({ text, baseRevision }),
        countProblems,
      });
    },
    { wrapper, initialProps: { saved: SAVED } },
  );
  return { hook, sent };
}

beforeEach(() => store.getState().discard());

describe('useDraftSave', () => {
  it('sends the draft with its base revision, then discards it and reports the saved revision', async () => {
    const { hook, sent } = setup(async () => ({ revision: 4, keptBrokenText: '/d/switchboard.yaml.broken' }));
    expect(hook.result.current.status).toBe('clean');
    act(() => hook.result.current.save());
    expect(sent).toEqual([]); // nothing to save while clean
    act(() => store.getState().edit('a: 2\n', SAVED));
    expect(hook.result.current.status).toBe('dirty');
    act(() => hook.result.current.save());
    await waitFor(() =>
      expect(store.getState().outcome).toEqual({
        kind: 'saved',
        revision: 4,
        keptBrokenText: '/d/switchboard.yaml.broken',
      }),
    );
    expect(sent).toEqual([{ text: 'a: 2\n', baseRevision: 3 }]);
    expect(store.getState().draft).toBeNull();
    expect(hook.result.current.status).toBe('clean');
  });

  it('blocks a save while the page finds problems, and sends nothing', () => {
    const { hook, sent } = setup(
      async () => ({ revision: 4 }),
      (text) => (text.includes('bad') ? 2 : 0),
    );
    act(() => store.getState().edit('bad: [\n', SAVED));
    act(() => hook.result.current.save());
    expect(store.getState().outcome).toEqual({ kind: 'blocked', count: 2 });
    expect(sent).toEqual([]);
  });

  it('keeps the draft when main refuses it as invalid, with each problem (and its line) placed for the page', async () => {
    const { hook } = setup(async () => {
      throw new RpcClientError({
        code: 'invalid_config',
        message: 'agent.maxSteps: expected number',
        details: [{ path: 'agent.maxSteps', message: 'expected number', line: 4, column: 13 }, 'not a problem'],
      });
    });
    act(() => store.getState().edit('agent:\n  maxSteps: lots\n', SAVED));
    act(() => hook.result.current.save());
    await waitFor(() => expect(store.getState().outcome?.kind).toBe('invalid'));
    const problems = [{ path: 'agent.maxSteps', message: 'expected number', line: 4, column: 13 }];
    expect(store.getState().outcome).toEqual({ kind: 'invalid', message: 'agent.maxSteps: expected number', problems });
    expect(store.getState().serverProblems).toEqual(problems);
    expect(store.getState().draft).toBe('agent:\n  maxSteps: lots\n');
  });

  it('on a conflict keeps the draft as stale; "save mine over it" sends the current revision', async () => {
    const { hook, sent } = setup(async (input) => {
      if (input.baseRevision !== 5) throw new RpcClientError({ code: 'conflict', message: 'changed on disk' });
      return { revision: 6 };
    });
    act(() => store.getState().edit('mine: 1\n', SAVED));
    const changedOnDisk = { value: 'theirs: 1\n', revision: 5 };
    hook.rerender({ saved: changedOnDisk });
    expect(hook.result.current.status).toBe('stale');
    act(() => hook.result.current.save());
    await waitFor(() => expect(store.getState().outcome?.kind).toBe('conflict'));
    expect(sent.at(-1)).toEqual({ text: 'mine: 1\n', baseRevision: 3 });
    expect(store.getState().draft).toBe('mine: 1\n');
    act(() => hook.result.current.saveOver());
    await waitFor(() => expect(store.getState().outcome).toEqual({ kind: 'saved', revision: 6 }));
    expect(sent.at(-1)).toEqual({ text: 'mine: 1\n', baseRevision: 5 });
  });

  it('reports any other rejection as failed, with its message, and keeps the draft', async () => {
    const { hook } = setup(() => Promise.reject(new Error('connection lost')));
    act(() => store.getState().edit('a: 2\n', SAVED));
    act(() => hook.result.current.save());
    await waitFor(() => expect(store.getState().outcome?.kind).toBe('failed'));
    expect(store.getState().outcome).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('connection lost'),
    });
    expect(store.getState().draft).toBe('a: 2\n');
    expect(hook.result.current.saving).toBe(false);
  });
});
