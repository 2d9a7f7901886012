import { describe, expect, it } from 'vitest';
import { carriedMessage, errorWords, type UiMessage } from './i18n-message';

const message: UiMessage = { code: 'turn.failed', params: { detail: 'x' }, text: 'the turn failed: x' };

describe("an error's words for the console", () => {
  it('are the message an error of ours carries, whatever its class', () => {
    class Ours extends Error {
      readonly uiMessage = message;
    }
    expect(carriedMessage(new Ours('the turn failed: x'))).toBe(message);
    expect(errorWords(new Ours('the turn failed: x'))).toBe(message);
  });

  it("are anyone else's words verbatim, and never a stray non-message property", () => {
    expect(carriedMessage(new Error('boom'))).toBeUndefined();
    expect(errorWords(new Error('boom'))).toBe('boom');
    expect(errorWords('plain')).toBe('plain');
    expect(carriedMessage(Object.assign(new Error('odd'), { uiMessage: 'not a message' }))).toBeUndefined();
    expect(carriedMessage({ uiMessage: message })).toBeUndefined(); // not an Error
  });
});
