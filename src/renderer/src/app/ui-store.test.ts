import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, startPage } from './ui-store';

const storage = (last?: string) => ({
  getItem: (key: string) => (key === 'switchboard.lastPage' ? (last ?? null) : null),
});

describe('the page the console opens on', () => {
  it('is Chat on a first run, the last page afterwards, and the one the address names over both', () => {
    expect(FIRST_PAGE).toBe('chat');
    expect(startPage('', storage())).toBe('chat');
    expect(startPage('', storage('records'))).toBe('records');
    expect(startPage('#/tools', storage('records'))).toBe('tools');
    expect(startPage('#/nonsense', storage('nonsense'))).toBe('chat');
    expect(
      startPage('', {
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('chat');
    expect(startPage('', undefined)).toBe('chat');
  });
});
