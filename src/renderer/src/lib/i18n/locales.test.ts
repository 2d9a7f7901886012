import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from './resources';
import { matchLanguage, resolveLanguage } from './languages';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a resource file, as dotted keys. */
function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe('translations', () => {
  for (const ns of NAMESPACES) {
    const en = Object.fromEntries(leaves(resources.en[ns]));
    const zh = Object.fromEntries(leaves(resources['zh-CN'][ns]));

    it(`${ns}: zh-CN and en hold the same keys (plural forms as each language needs them)`, () => {
      expect([...new Set(Object.keys(zh).map(base))].sort()).toEqual([...new Set(Object.keys(en).map(base))].sort());
      for (const key of Object.keys(en).filter((k) => PLURAL.test(k))) {
        // English needs one and other; Chinese has one form, "other".
        expect(en, `${ns}:${key}`).toHaveProperty([`${base(key)}_one`]);
        expect(en, `${ns}:${key}`).toHaveProperty([`${base(key)}_other`]);
        expect(zh, `${ns}:${key}`).toHaveProperty([`${base(key)}_other`]);
      }
    });

    it(`${ns}: no value is empty or anything but text`, () => {
      for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) {
        expect(typeof value, `${ns}:${key}`).toBe('string');
        expect((value as string).trim(), `${ns}:${key}`).not.toBe('');
      }
    });

    it(`${ns}: a translation uses the same variables and markup as the English`, () => {
      for (const [key, text] of Object.entries(zh)) {
        const english = en[key] ?? en[base(key)] ?? en[`${base(key)}_other`];
        expect(placeholders(text as string), `${ns}:${key}`).toEqual(placeholders(english as string));
      }
    });
  }

  it('has a Chinese text wherever the English is words (nothing left untranslated by copy)', () => {
    const copied: string[] = [];
    for (const ns of NAMESPACES) {
      const zh = Object.fromEntries(leaves(resources['zh-CN'][ns]));
      for (const [key, english] of leaves(resources.en[ns])) {
        const chinese = zh[key] ?? zh[`${base(key)}_other`];
        // Sentences (three words or more) must change; a term such as "Streamable HTTP" or "JSON" may stay.
        const words = (english as string).replace(/\{\{[^}]+\}\}|<[^>]+>/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
        if (
          words.length >= 3 &&
          chinese === english &&
          !/^[\s\S]*(https?:|\$\{env:|npx |mcpServers)/.test(english as string)
        )
          copied.push(`${ns}:${key}`);
      }
    }
    expect(copied).toEqual([]);
  });
});

describe('choosing the language', () => {
  it('follows the first preferred language it has, any Chinese reading the simplified texts', () => {
    expect(matchLanguage(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(matchLanguage(['zh-Hans-CN'])).toBe('zh-CN');
    expect(matchLanguage(['zh-TW'])).toBe('zh-CN');
    expect(matchLanguage(['de-DE', 'en-GB', 'zh-CN'])).toBe('en');
    expect(matchLanguage(['fr-FR'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it('takes the operator’s choice first, then the OS, then the browser', () => {
    expect(resolveLanguage('en', ['zh-CN'], ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh-CN', ['en-US'], ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('auto', ['zh-CN'], ['en-US'])).toBe('zh-CN');
    // The headless console: main knows no OS languages for a browser that may be elsewhere.
    expect(resolveLanguage('auto', [], ['zh-CN', 'en'])).toBe('zh-CN');
    expect(resolveLanguage(undefined, [], ['en-US'])).toBe('en');
  });
});
