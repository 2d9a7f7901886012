import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Skill } from '../../../../shared/config/schema';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { catalogHandlers, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { SkillsPage } from './SkillsPage';
import { useSkillsUiStore } from './skills-ui-store';

let saved: { skills: Skill[]; revision: number };
const setup = (refuse = false) => {
  const rpc = createFakeRpc({
    'skills.get': () => saved,
    ...catalogHandlers(() => shopCatalog()),
    'skills.save': ({ skills }) => {
      if (refuse) throw new RpcClientError({ code: 'bad_request', message: 'invalid', details: [{ path: 'skills.1.unlocks.0', message: 'unknown tool' }] });
      saved = { skills: skills as Skill[], revision: saved.revision + 1 };
      return saved;
    },
  });
  renderWithRpc(<SkillsPage />, rpc.client);
  return rpc;
};

beforeEach(() => {
  saved = { skills: [{ name: 'after-sales', description: '售后', manual: '# 售后处理手册\n1. 先查订单', unlocks: ['cancel_order'] }], revision: 3 };
  useSkillsUiStore.setState({ draft: null, base: null, baseRevision: null, selected: null, serverProblems: [] });
});
afterEach(cleanup);

describe('SkillsPage', () => {
  it('previews the manual as Markdown and lists bound tools to unlock', async () => {
    setup();
    const editor = await screen.findByTestId('skill-editor');
    expect(within(screen.getByTestId('manual-preview')).getByRole('heading', { name: '售后处理手册' })).toBeTruthy();
    const unlocks = within(editor).getByTestId('skill-unlocks');
    await within(unlocks).findByRole('checkbox', { name: 'query_order' });
    expect(within(unlocks).getAllByRole('checkbox').map((c) => `${c.parentElement!.textContent}:${(c as HTMLInputElement).checked}`)).toEqual([
      'cancel_order:true',
      'query_logistics:false',
      'query_order:false',
    ]);
  });

  it('adds a skill, refuses to save it without unlocks, then saves every skill with the base revision', async () => {
    const rpc = setup();
    await screen.findByTestId('skill-editor');
    fireEvent.click(screen.getByRole('button', { name: '+ Add skill' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'vip care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    expect(screen.getByText(/fix the 2 problems/)).toBeTruthy();
    expect(screen.getByTestId('skill-editor').textContent).toContain('use letters, digits, "_" or "-"');
    expect(screen.getByTestId('skill-editor').textContent).toContain('a skill must unlock at least one tool');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'vip-care' } });
    fireEvent.click(within(screen.getByTestId('skill-unlocks')).getByRole('checkbox', { name: 'query_order' }));
    fireEvent.change(screen.getByLabelText('Manual (Markdown)'), { target: { value: '**VIP** first' } });
    expect(screen.getByTestId('manual-preview').querySelector('strong')?.textContent).toBe('VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    expect(await screen.findByText(/Saved \(config revision 4\)/)).toBeTruthy();
    expect(rpc.callsTo('skills.save')).toEqual([
      {
        baseRevision: 3,
        skills: [saved.skills[0], { name: 'vip-care', description: '', manual: '**VIP** first', unlocks: ['query_order'] }],
      },
    ]);
    expect(screen.getAllByTestId('skill-item').map((b) => b.textContent)).toEqual(['after-sales1 tool', 'vip-care1 tool']);
  });

  it('shows main’s refusal on the skill and field it names, and deletes a skill', async () => {
    setup(true);
    await screen.findByTestId('skill-editor');
    fireEvent.click(screen.getByRole('button', { name: '+ Add skill' }));
    fireEvent.click(within(screen.getByTestId('skill-unlocks')).getByRole('checkbox', { name: 'query_order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    await waitFor(() => expect(screen.getByTestId('skill-editor').textContent).toContain('unknown tool'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete skill' }));
    expect(screen.getAllByTestId('skill-item')).toHaveLength(1);
    expect(screen.getByTestId('skills-status').textContent).toBe('No unsaved changes');
  });
});
