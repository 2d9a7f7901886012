import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './markdown-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines and drops them', () => {
    expect(splitMarkdownBlocks('a\nb\n\n\nc\n\n- x\n- y\n')).toEqual(['a\nb', 'c', '- x\n- y']);
  });

  it('keeps a fenced code block whole, blank lines included, even while it is still open', () => {
    expect(splitMarkdownBlocks('intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nafter')).toEqual([
      'intro',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```',
      'after',
    ]);
    expect(splitMarkdownBlocks('x\n\n~~~~\none\n\ntwo ```\n~~~')).toEqual(['x', '~~~~\none\n\ntwo ```\n~~~']);
    expect(splitMarkdownBlocks('```\nstill\n\nstreaming')).toEqual(['```\nstill\n\nstreaming']);
  });

  it('keeps an indented line after a blank line with the block above it (list item paragraphs, indented code)', () => {
    expect(splitMarkdownBlocks('1. step\n\n    more about it\n2. next\n\nend')).toEqual([
      '1. step\n\n    more about it\n2. next',
      'end',
    ]);
  });

  it('gives nothing for empty or blank text', () => {
    expect(splitMarkdownBlocks('')).toEqual([]);
    expect(splitMarkdownBlocks('\n \n')).toEqual([]);
  });
});
