import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { applyLanguage } from './index';
import { textId, useFixedT } from './use-fixed-t';

afterEach(async () => {
  cleanup();
  await applyLanguage('en');
});

function Probe() {
  const t = useFixedT('common');
  return <p data-testid="probe">{`${t('toolStates.bound.label')}|${t('states.canonical', { state: 'bound' })}`}</p>;
}

it('translates like useTranslation, with options passed through, and follows a change of language without a remount', async () => {
  await applyLanguage('en');
  render(
    <>
      <Probe />
      <ToolStateBadge state="bound" />
    </>,
  );
  expect(screen.getByTestId('probe').textContent).toBe('bound|“bound” in the docs, the CLI and the YAML');
  await act(() => applyLanguage('zh-CN'));
  expect(screen.getByTestId('probe').textContent).toBe('已绑定|文档、CLI 和 YAML 中写作“bound”');
  expect(screen.getByText('已绑定', { selector: '[data-state="bound"]' })).toBeInstanceOf(HTMLElement);
  await act(() => applyLanguage('en'));
  expect(screen.getByTestId('probe').textContent).toBe('bound|“bound” in the docs, the CLI and the YAML');
});

function TwoStates() {
  const t = useFixedT('common');
  return (
    <p data-testid="two">{`${t('states.canonical', { state: 'gated' })}|${t('states.canonical', { state: 'bound' })}`}</p>
  );
}

it('a key asked with options is translated each time, never served from what an earlier call remembered', () => {
  render(<TwoStates />);
  expect(screen.getByTestId('two').textContent).toBe(
    '“gated” in the docs, the CLI and the YAML|“bound” in the docs, the CLI and the YAML',
  );
});

function TwoNamespaces() {
  const t = useFixedT(['records', 'common']);
  return <p data-testid="two-ns">{t('common:shared.local')}</p>;
}

it('with several namespaces, a prefixed key reaches the other namespace, in the language shown', async () => {
  render(<TwoNamespaces />);
  expect(screen.getByTestId('two-ns').textContent).toBe('local');
  await act(() => applyLanguage('zh-CN'));
  expect(screen.getByTestId('two-ns').textContent).toBe('本地');
});

function Counts() {
  const t = useFixedT('intents');
  return (
    <p data-testid="counts">{`${t('tree.problems', { count: 1 })}|${t('tree.problems', { count: 2 })}|${t('tree.problems', { count: 1 })}`}</p>
  );
}

it('remembers a call with plain option values per value: plurals and interpolations stay apart, in each language', async () => {
  render(<Counts />);
  expect(screen.getByTestId('counts').textContent).toBe(', 1 problem|, 2 problems|, 1 problem');
  await act(() => applyLanguage('zh-CN'));
  expect(screen.getByTestId('counts').textContent).toBe('，1 个问题|，2 个问题|，1 个问题');
});

it('identifies a call by its key and typed option values, and keeps none whose options are objects', () => {
  expect(textId('a.b', undefined)).toBe('a.b');
  expect(textId('a.b', { count: 1 })).not.toBe(textId('a.b', { count: '1' }));
  expect(textId('a.b', { name: 'x', kind: 'y' })).not.toBe(textId('a.b', { name: 'x", "kind', kind: undefined }));
  expect(textId('a.b', { when: new Date(0) })).toBeUndefined();
  expect(textId('a.b', { list: ['x'] })).toBeUndefined();
  expect(textId('a.b', null)).toBeUndefined();
  expect(textId('a.b', { name: 'x\u0000sy' })).toBeUndefined();
});
