import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import type { SaveOutcome } from '../lib/drafts/draft-store';
import type { DraftSave } from '../lib/drafts/use-draft-save';
import { DraftSaveBar } from './DraftSaveBar';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const draftSave = (status: DraftSave['status']): DraftSave => ({
  status,
  saving: false,
  save: vi.fn(),
  saveOver: vi.fn(),
  discard: vi.fn(),
});

const WRONG_TYPE = 'Invalid input: expected object, received string';
const params = { expected: 'object', received: 'string' };

function bar(save: DraftSave, outcome: SaveOutcome | null, what = 'skills') {
  return render(
    <DraftSaveBar
      save={save}
      outcome={outcome}
      what={what}
      saveLabel="Save skills"
      testId="skills"
      problemRows={[<li key="0">skill 1 · name: a name is required</li>]}
      general={[
        { path: 'agent', message: WRONG_TYPE, uiMessage: { code: 'zod.invalidType', params, text: WRONG_TYPE } },
      ]}
    />,
  );
}

describe('DraftSaveBar (the intents and skills pages)', () => {
  it('offers the choice when the saved value changed underneath, from the stale status as from a conflict', () => {
    const save = draftSave('stale');
    bar(save, null, 'intent tree');
    expect(screen.getByTestId('skills-status').textContent).toBe(
      'Unsaved changes, and the saved intent tree changed since you started',
    );
    const notice = screen.getByTestId('skills-conflict');
    expect(notice.textContent).toContain('The saved intent tree changed elsewhere');
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over it' }));
    expect(save.saveOver).toHaveBeenCalledOnce();
    cleanup();
    bar(draftSave('dirty'), { kind: 'conflict', message: 'conflict', problems: [] });
    expect(screen.getByTestId('skills-conflict').textContent).toContain('The saved skills changed elsewhere');
  });

  it('lists the page’s rows, then main’s general problems, re-worded when the language changes', async () => {
    const refused: SaveOutcome = {
      kind: 'invalid',
      message: 'skills.save: ✖ bad',
      uiMessage: { code: 'rpc.invalidInput', params: { route: 'skills.save', count: 1 }, text: 'skills.save: ✖ bad' },
      problems: [],
    };
    bar(draftSave('dirty'), refused);
    const problems = screen.getByTestId('skills-problems');
    expect(problems.textContent).toContain('skill 1 · name: a name is required');
    expect(problems.textContent).toContain(`agent: ${WRONG_TYPE}`);
    expect(screen.getByRole('alert').textContent).toBe('Not saved: skills.save: ✖ bad');

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('alert').textContent).toBe('未保存：skills.save：输入有 1 处问题');
    expect(screen.getByTestId('skills-status').textContent).toBe('有未保存的修改');
    expect(screen.getByTestId('skills-problems').textContent).toContain('agent: 输入无效：期望 object，实际为 string');
  });
});
