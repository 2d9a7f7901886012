import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
  it('gives an Error its message and anything else thrown its text', () => {
    expect(errorText(new TypeError('bad input'))).toBe('bad input');
    expect(errorText('plain words')).toBe('plain words');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
    expect(errorText({ message: 'not an Error' })).toBe('[object Object]');
  });
});
