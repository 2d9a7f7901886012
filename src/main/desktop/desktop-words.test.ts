import { describe, expect, it } from 'vitest';
import { chosenLanguage, DESKTOP_WORDS } from './desktop-words';

describe("main's own words over the window", () => {
  it("follow the operator's choice, and the OS when the choice is auto or not loaded yet", () => {
    expect(chosenLanguage('zh-CN', () => 'en')).toBe('zh-CN');
    expect(chosenLanguage('en', () => 'zh-CN')).toBe('en');
    expect(chosenLanguage('auto', () => 'zh-CN')).toBe('zh-CN');
    expect(chosenLanguage(undefined, () => 'zh-CN')).toBe('zh-CN');
  });

  it('have the same entries in both languages', () => {
    const shape = (value: unknown): unknown =>
      typeof value === 'object' && value
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;
    expect(shape(DESKTOP_WORDS['zh-CN'])).toEqual(shape(DESKTOP_WORDS.en));
  });
});
