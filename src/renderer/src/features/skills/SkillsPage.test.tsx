import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Skill } from '../../../../shared/config/schema';
import { i18n } from '../../lib/i18n';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { catalogHandlers, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { SkillsPage } from './SkillsPage';
import { useSkillsDraftStore, useSkillsUiStore } from './skills-ui-store';
import type { ServerSkillsListing, ServerSkillView } from '../../../../shared/skills/server-skills';

let saved: { skills: Skill[]; revision: number };
const listing = (server: string, extra: Partial<ServerSkillsListing> = {}): ServerSkillsListing => ({
  server,
  state: 'listed',
  error: null,
  ttlMs: null,
  cacheScope: null,
  listedAt: '2026-12-05T01:00:00.000Z',
  nextListAt: null,
  ...extra,
});
const serverSkill = (name: string, extra: Partial<ServerSkillView> = {}): ServerSkillView => ({
  server: 'shop',
  name,
  description: `${name} manual`,
  uri: `skill://${name}/SKILL.md`,
  state: 'verified',
  digest: 'd'.repeat(64),
  pinnedDigest: 'd'.repeat(64),
  pinnedAt: '2026-12-01T00:00:00.000Z',
  files: 1,
  bytes: 200,
  reason: null,
  usedBy: null,
  ...extra,
});
let refusalDetail: Record<string, unknown>;
let published: { skills: ServerSkillView[]; listings: ServerSkillsListing[] };
const setup = (refuse = false) => {
  const rpc = createFakeRpc({
    'skills.get': () => saved,
    'skills.servers': () => published,
    'skills.acceptServerSkill': ({ server, name }) => {
      const skill = published.skills.find((s) => s.server === server && s.name === name)!;
      Object.assign(skill, { state: 'verified', reason: null, pinnedDigest: skill.digest });
      rpc.emit('skills.serverSkillsChanged', { server }); // as main: the pin changed
      return skill;
    },
    'skills.refreshServer': () => {
      for (const { server } of published.listings) rpc.emit('skills.serverSkillsChanged', { server }); // listed again
      return published;
    },
    ...catalogHandlers(() => shopCatalog()),
    'skills.save': ({ skills }) => {
      if (refuse)
        throw new RpcClientError({
          code: 'bad_request',
          message: 'invalid',
          details: [refusalDetail],
        });
      saved = { skills: skills as Skill[], revision: saved.revision + 1 };
      return saved;
    },
  });
  renderWithRpc(<SkillsPage />, rpc.client);
  return rpc;
};

beforeEach(() => {
  saved = {
    skills: [
      { name: 'after-sales', description: '售后', manual: '# 售后处理手册\n1. 先查订单', unlocks: ['cancel_order'] },
    ],
    revision: 3,
  };
  useSkillsDraftStore.getState().discard();
  useSkillsUiStore.setState({ selected: null });
  published = { skills: [], listings: [] };
  refusalDetail = { path: 'skills.1.unlocks.0', message: 'unknown tool' };
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('SkillsPage', () => {
  it('re-words main’s refusal on a skill when the language changes after it arrived', async () => {
    const text = 'Invalid input: expected string, received number';
    const params = { expected: 'string', received: 'number' };
    refusalDetail = { path: 'skills.1.unlocks.0', message: text, uiMessage: { code: 'zod.invalidType', params, text } };
    setup(true);
    await screen.findByTestId('skill-editor');
    fireEvent.click(screen.getByRole('button', { name: '+ Add skill' }));
    fireEvent.click(within(screen.getByTestId('skill-unlocks')).getByRole('checkbox', { name: 'query_order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    await waitFor(() => expect(screen.getByTestId('skill-editor').textContent).toContain(text));
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('skill-editor').textContent).toContain('输入无效：期望 string，实际为 number');
  });

  it('previews the manual as Markdown and lists bound tools to unlock', async () => {
    setup();
    const editor = await screen.findByTestId('skill-editor');
    expect(within(screen.getByTestId('manual-preview')).getByRole('heading', { name: '售后处理手册' })).toBeInstanceOf(
      HTMLElement,
    );
    const unlocks = within(editor).getByTestId('skill-unlocks');
    await within(unlocks).findByRole('checkbox', { name: 'query_order' });
    expect(
      within(unlocks)
        .getAllByRole('checkbox')
        .map((c) => `${c.parentElement!.textContent}:${(c as HTMLInputElement).checked}`),
    ).toEqual(['cancel_order:true', 'query_logistics:false', 'query_order:false']);
  });

  it('adds a skill, refuses to save it without unlocks, then saves every skill with the base revision', async () => {
    const rpc = setup();
    await screen.findByTestId('skill-editor');
    fireEvent.click(screen.getByRole('button', { name: '+ Add skill' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'vip care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    expect(screen.getByText(/fix the 2 problems/)).toBeInstanceOf(HTMLElement);
    expect(screen.getByTestId('skill-editor').textContent).toContain('use letters, digits, "_" or "-"');
    expect(screen.getByTestId('skill-editor').textContent).toContain('a skill must unlock at least one tool');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'vip-care' } });
    fireEvent.click(within(screen.getByTestId('skill-unlocks')).getByRole('checkbox', { name: 'query_order' }));
    fireEvent.change(screen.getByLabelText('Manual (Markdown)'), { target: { value: '**VIP** first' } });
    expect(screen.getByTestId('manual-preview').querySelector('strong')?.textContent).toBe('VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Save skills' }));
    expect(await screen.findByText(/Saved \(config revision 4\)/)).toBeInstanceOf(HTMLElement);
    expect(rpc.callsTo('skills.save')).toEqual([
      {
        baseRevision: 3,
        skills: [
          saved.skills[0],
          { name: 'vip-care', description: '', manual: '**VIP** first', unlocks: ['query_order'] },
        ],
      },
    ]);
    expect(screen.getAllByTestId('skill-item').map((b) => b.textContent)).toEqual([
      'after-sales1 tool',
      'vip-care1 tool',
    ]);
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

  it('shows the skills servers publish beside the local ones, with their state and reason, and accepts a quarantined one', async () => {
    saved = {
      skills: [{ name: 'after-sales', description: '售后', manual: '', server: 'shop', unlocks: ['cancel_order'] }],
      revision: 3,
    };
    published = {
      listings: [
        listing('shop', { ttlMs: 60_000, nextListAt: '2026-12-05T01:01:00.000Z' }),
        listing('broken', {
          state: 'failed',
          error: {
            code: 'serverSkill.listFailed',
            params: { detail: 'no ttlMs' },
            text: 'skills/list failed: no ttlMs',
          },
        }),
      ],
      skills: [
        serverSkill('after-sales', {
          state: 'quarantined',
          digest: 'e'.repeat(64),
          usedBy: 'after-sales',
          reason: {
            code: 'serverSkill.changed',
            params: { pinnedAt: 'then', pinnedHash: 'dddd', currentHash: 'eeee' },
            text: 'its files changed since they were pinned at then (sha256 dddd -> eeee): quarantined until the operator accepts the change',
          },
        }),
        serverSkill('huge', {
          state: 'refused',
          digest: null,
          reason: {
            code: 'serverSkill.tooBig',
            params: { bytes: '16,777,216', limit: '1,048,576' },
            text: "the skill's files declare 16,777,216 bytes, over the 1,048,576-byte cap: refused without reading it",
          },
        }),
      ],
    };
    const rpc = setup();
    // The config skill takes its manual from the server: no manual to edit here.
    expect((await screen.findByTestId('manual-from-server')).textContent).toContain(
      'the skill after-sales that server shop publishes',
    );
    expect(screen.queryByLabelText('Manual (Markdown)')).toBeNull();
    expect(screen.getAllByTestId('skill-item')[0].textContent).toContain('from shop');
    const panel = await screen.findByTestId('server-skills');
    const rows = within(panel).getAllByTestId('server-skill');
    expect(rows.map((r) => r.dataset.state)).toEqual(['quarantined', 'refused']);
    expect(rows[0].textContent).toContain('manual of skill after-sales');
    expect(rows[0].textContent).toContain('quarantined until the operator accepts the change');
    expect(rows[1].textContent).toContain('over the 1,048,576-byte cap');
    expect(within(panel).getByTestId('server-skills-error').textContent).toBe('skills/list failed: no ttlMs');
    expect(panel.textContent).toContain('cached for 60 s (ttlMs)');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Accept this version' }));
    await waitFor(() =>
      expect(rpc.callsTo('skills.acceptServerSkill')).toEqual([
        { server: 'shop', name: 'after-sales', digest: 'e'.repeat(64) },
      ]),
    );
    // The event main sends refreshes the panel, once; the acceptance itself refetches nothing.
    await waitFor(() => expect(within(panel).getAllByTestId('server-skill')[0].dataset.state).toBe('verified'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc.callsTo('skills.servers')).toHaveLength(2);
  });

  it('listing again refetches the panel once per listing main announces, not once more for the command', async () => {
    published = { listings: [listing('shop', {})], skills: [serverSkill('after-sales')] };
    const rpc = setup();
    const panel = await screen.findByTestId('server-skills');
    await waitFor(() => expect(rpc.callsTo('skills.servers')).toHaveLength(1));
    fireEvent.click(within(panel).getByRole('button', { name: 'List again' }));
    await waitFor(() => expect(rpc.callsTo('skills.refreshServer')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc.callsTo('skills.servers')).toHaveLength(2);
  });
});
