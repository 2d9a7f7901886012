import { describe, expect, it } from 'vitest';
import { isShownIcon, MAX_ICON_CHARS, MAX_ICONS, shownIcons, toolTitleOf } from './icons';

const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('icons a server sends', () => {
  it('shows only inline base64 images of a known type, not too large', () => {
    expect(isShownIcon({ src: png })).toBe(true);
    expect(isShownIcon({ src: 'data:image/svg+xml;base64,PHN2Zy8+' })).toBe(true);
    expect(isShownIcon({ src: 'DATA:IMAGE/PNG;charset=x;base64,AAAA' })).toBe(true);
    for (const src of [
      'https://icons.example.com/a.png',
      'http://127.0.0.1:1/a.png',
      '//example.com/a.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png,<svg onload=x>',
      'data:image/png;base64,AAAA" onerror="x',
      `data:image/png;base64,${'A'.repeat(MAX_ICON_CHARS)}`,
    ])
      expect(isShownIcon({ src }), src).toBe(false);
    expect(isShownIcon({ src: 42 })).toBe(false);
  });

  it('keeps at most MAX_ICONS, copies only the known fields, and counts what it withheld', () => {
    const icons = [
      { src: 'https://x.example/i.png' },
      ...Array.from({ length: 6 }, () => ({ src: png, theme: 'dark', sizes: ['16x16'], onclick: 'x' })),
      null,
    ];
    const { icons: shown, withheld } = shownIcons(icons);
    expect(shown).toHaveLength(MAX_ICONS);
    expect(shown[0]).toEqual({ src: png, theme: 'dark', sizes: ['16x16'] });
    expect(withheld).toBe(icons.length - MAX_ICONS);
    expect(shownIcons(undefined)).toEqual({ icons: [], withheld: 0 });
  });

  it('a title is `title`, else annotations.title, else none', () => {
    expect(toolTitleOf({ title: 'A', annotations: { title: 'B' } })).toBe('A');
    expect(toolTitleOf({ title: ' ', annotations: { title: 'B' } })).toBe('B');
    expect(toolTitleOf({ annotations: {} })).toBeNull();
    expect(toolTitleOf({ title: 'x'.repeat(500) })).toHaveLength(200);
  });
});
