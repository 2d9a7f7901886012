import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigSnapshot } from '../../../../shared/contract';
import { i18n } from '../../lib/i18n';
import { useRpcQuery } from '../../lib/queries';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ConfigEditor } from './ConfigEditor';
import { useConfigDraftStore } from './config-draft-store';

let snapshot: ConfigSnapshot;
const GOOD = 'agent:\n  model:\n    provider: demo\n';

function Harness() {
  const config = useRpcQuery('config.get', {});
  return config.data ? <ConfigEditor snapshot={config.data} /> : null;
}

function setup(save: (input: { raw: string; baseRevision?: number }) => ConfigSnapshot) {
  const rpc = createFakeRpc({ 'config.get': () => snapshot, 'config.save': save });
  renderWithRpc(<Harness />, rpc.client);
  return rpc;
}

beforeEach(() => {
  useConfigDraftStore.getState().discard();
  snapshot = {
    path: '/d/switchboard.yaml',
    dataDir: '/d',
    raw: GOOD,
    config: {},
    problems: [],
    fileOk: true,
    revision: 3,
  };
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('ConfigEditor', () => {
  it('shows the problems main returns, with their lines, and never claims success when refused', async () => {
    const rpc = setup(() => {
      throw new RpcClientError({
        code: 'invalid_config',
        message: 'agent.maxSteps: expected number',
        details: [{ path: 'agent.maxSteps', message: 'expected number, received string', line: 4, column: 13 }],
      });
    });
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    expect(editor.value).toBe(GOOD);
    expect((screen.getByRole('button', { name: 'Save YAML' }) as HTMLButtonElement).disabled).toBe(true);

    const bad = `${GOOD}  maxSteps: lots\n`;
    fireEvent.change(editor, { target: { value: bad } });
    fireEvent.click(screen.getByRole('button', { name: 'Save YAML' }));

    const refusal = await screen.findByTestId('config-save-error');
    expect(refusal.textContent).toContain('Not saved');
    expect(refusal.textContent).toContain('file on disk is unchanged');
    expect(refusal.textContent).toContain('line 4:13');
    expect(refusal.textContent).toContain('agent.maxSteps');
    expect(screen.queryByTestId('config-saved')).toBeNull();
    expect(editor.value).toBe(bad); // the operator's text is kept to fix
    expect(rpc.callsTo('config.save')).toEqual([{ raw: bad, baseRevision: 3 }]);
  });

  it('words a refusal in the language of the moment: a switch after it arrives re-words it', async () => {
    const zodText = 'Invalid input: expected number, received string';
    const refusals = [
      new RpcClientError({
        code: 'invalid_config',
        message: `agent.maxSteps: ${zodText}`,
        details: [
          {
            path: 'agent.maxSteps',
            message: zodText,
            line: 4,
            uiMessage: { code: 'zod.invalidType', params: { expected: 'number', received: 'string' }, text: zodText },
          },
        ],
      }),
      new RpcClientError({
        code: 'bad_request',
        message: 'config.save: ✖ Invalid input',
        uiMessage: { code: 'rpc.invalidInput', params: { route: 'config.save', count: 1 }, text: 'config.save: bad' },
      }),
    ];
    setup(() => {
      throw refusals.shift();
    });
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: `${GOOD}  maxSteps: lots\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save YAML' }));
    expect((await screen.findByTestId('save-problems')).textContent).toContain(zodText);

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('save-problems').textContent).toContain('输入无效：期望 number，实际为 string');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('save-problems').textContent).toContain(zodText);

    // A refusal with no field problems shows main's sentence, which follows the switch too.
    fireEvent.click(screen.getByRole('button', { name: 'Save YAML' }));
    await waitFor(() => expect(screen.getByTestId('config-save-error').textContent).toContain('config.save: bad'));
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('config-save-error').textContent).toContain('config.save：输入有 1 处问题');
  });

  it('after saving over a file that did not parse, says where its earlier text is kept (security review 2, item 4)', async () => {
    const kept = '/d/switchboard.yaml.broken-2026-12-04T23-00-00-000Z';
    setup(({ raw }) => ({ ...snapshot, raw, revision: 4, keptBrokenText: kept }));
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: `${GOOD}# fixed\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save YAML' }));
    expect((await screen.findByTestId('config-kept-broken')).textContent).toContain(`it is kept in ${kept}`);
  });

  it('names the file, where a masked secret can be seen, and suggests ${env:NAME}', async () => {
    setup(() => snapshot);
    const note = await screen.findByTestId('raw-yaml-file');
    expect(note.textContent).toContain('/d/switchboard.yaml');
    expect(note.textContent).toContain('shown masked');
    expect(note.textContent).toContain('${env:NAME}');
  });

  it('saves, reports the new revision and drops the draft', async () => {
    setup((input) => (snapshot = { ...snapshot, raw: input.raw, revision: 4 }));
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: `${GOOD}  maxSteps: 4\n` } });
    fireEvent.keyDown(editor, { key: 's', ctrlKey: true });
    expect((await screen.findByTestId('config-saved')).textContent).toContain('revision 4');
    expect(useConfigDraftStore.getState().draft).toBeNull();
  });

  it('keeps unsaved edits when the file changes underneath, and lets the operator reload', async () => {
    const rpc = setup(() => snapshot);
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: `${GOOD}# mine\n` } });

    snapshot = { ...snapshot, raw: `${GOOD}# theirs\n`, revision: 4 };
    act(() => rpc.emit('config.changed', { revision: 4, source: 'external' }));
    const notice = await screen.findByTestId('config-changed-notice');
    expect(notice.textContent).toContain('revision 3 → 4');
    expect(editor.value).toBe(`${GOOD}# mine\n`);
    expect((screen.getByRole('button', { name: 'Save YAML' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Show what changed/ }));
    expect(screen.getByLabelText(/Changes on disk/).textContent).toContain('+ # theirs');

    fireEvent.click(screen.getByRole('button', { name: 'Reload from disk (discard my edits)' }));
    await waitFor(() => expect(editor.value).toBe(`${GOOD}# theirs\n`));
    expect(screen.queryByTestId('config-changed-notice')).toBeNull();
  });

  it('follows the file while there are no edits', async () => {
    const rpc = setup(() => snapshot);
    const editor = (await screen.findByTestId('raw-yaml')) as HTMLTextAreaElement;
    snapshot = { ...snapshot, raw: `${GOOD}# new\n`, revision: 4 };
    act(() => rpc.emit('config.changed', { revision: 4, source: 'external' }));
    await waitFor(() => expect(editor.value).toBe(`${GOOD}# new\n`));
    expect(screen.queryByTestId('config-changed-notice')).toBeNull();
  });
});
