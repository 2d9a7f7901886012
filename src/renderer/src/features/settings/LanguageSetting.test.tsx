import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preferences } from '../../../../shared/contract';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import { LanguageSetting } from './LanguageSetting';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

async function shownProblem(language: string, preferences: Preferences): Promise<string> {
  await i18n.changeLanguage(language);
  renderWithRpc(<LanguageSetting />, createFakeRpc({ 'preferences.get': () => preferences }).client);
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe('an unreadable preferences.json in the language setting (issue 20)', () => {
  const notJson = say('preferences.notJson', { detail: 'Unexpected token n in JSON at position 2' });
  const broken: Preferences = {
    language: 'auto',
    theme: 'system',
    systemLanguages: [],
    problem: notJson.text,
    problemMessage: notJson,
  };

  it('says what is wrong in Chinese, the parser’s words verbatim', async () => {
    expect(await shownProblem('zh-CN', broken)).toBe(
      '无法读取 preferences.json，因此不会覆盖它：不是有效的 JSON：Unexpected token n in JSON at position 2',
    );
  });

  it('in English as main wrote it, and an older main’s text as it was sent', async () => {
    expect(await shownProblem('en', broken)).toBe(
      'preferences.json could not be read, so nothing is saved over it: not JSON: Unexpected token n in JSON at position 2',
    );
    cleanup();
    expect(await shownProblem('zh-CN', { ...broken, problemMessage: undefined })).toContain(
      'not JSON: Unexpected token n',
    );
  });
});
