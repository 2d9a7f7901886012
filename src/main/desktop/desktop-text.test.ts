import { describe, expect, it } from 'vitest';
import zh from '../../renderer/src/locales/zh-CN/messages.json';
import { DESKTOP_MESSAGES } from '../../shared/messages/desktop-messages';
import { chosenLanguage, desktopText } from './desktop-text';
import { goneDialog, startupFailureText } from './failures';
import { unloadDialog } from './unload-guard';

describe("main's own words over the window", () => {
  it("follow the operator's choice, and the OS when the choice is auto or not loaded yet", () => {
    expect(chosenLanguage('zh-CN', () => 'en')).toBe('zh-CN');
    expect(chosenLanguage('en', () => 'zh-CN')).toBe('en');
    expect(chosenLanguage('auto', () => 'zh-CN')).toBe('zh-CN');
    expect(chosenLanguage(undefined, () => 'zh-CN')).toBe('zh-CN');
  });

  it('are message codes: English from the shared templates, Chinese from messages.json, params inserted', () => {
    expect(desktopText('en')('desktop.copyLink')).toBe('Copy Link');
    expect(desktopText('zh-CN')('desktop.copyLink')).toBe('复制链接');
    expect(startupFailureText(new Error('boom'), '/tmp/x.log', 'zh-CN')).toEqual({
      title: 'Switchboard 无法启动',
      content: 'boom\n\n详细信息见日志：/tmp/x.log',
    });
    expect(goneDialog({ reason: 'crashed', exitCode: 139 }, 'en').detail).toBe(
      'Its renderer process ended (crashed, exit code 139). Conversations, records and the configuration are kept by the app; reloading the window loses nothing saved.',
    );
    expect(unloadDialog('zh-CN').buttons).toEqual(['离开', '留下']);
  });

  it('every desktop code has its Chinese (locales.test.ts checks the placeholders)', () => {
    const chinese = desktopText('zh-CN');
    for (const code of Object.keys(DESKTOP_MESSAGES) as (keyof typeof DESKTOP_MESSAGES)[]) {
      const path = code.split('.');
      const entry = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], zh);
      expect(typeof entry, code).toBe('string');
      expect(chinese(code as 'desktop.copyLink')).not.toBe(desktopText('en')(code as 'desktop.copyLink'));
    }
  });
});
