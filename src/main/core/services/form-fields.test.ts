import { describe, expect, it } from 'vitest';
import { withoutEmptyFields } from './form-fields';

describe('withoutEmptyFields', () => {
  it('drops fields left empty or absent, and keeps zero and false', () => {
    expect(withoutEmptyFields({ provider: 'demo', baseUrl: '', model: undefined, temperature: 0, on: false })).toEqual({
      provider: 'demo',
      temperature: 0,
      on: false,
    });
  });
});
