import { describe, expect, it } from 'vitest';
import { PartialInputThrottle } from './partial-input';

describe('partial tool input throttle', () => {
  it('lets the first fragment of each call through, then one per interval per call', () => {
    let now = 1_000;
    const throttle = new PartialInputThrottle(50, () => now);
    expect(throttle.next('a', 'show', '{"x')).toEqual({
      type: 'toolInputPartial',
      callId: 'a',
      name: 'show',
      json: '{"x',
    });
    now += 10;
    expect(throttle.next('a', 'show', '{"x":')).toBeUndefined();
    expect(throttle.next('b', 'show', '{')).toMatchObject({ callId: 'b' });
    now += 40;
    expect(throttle.next('a', 'show', '{"x":1')).toMatchObject({ callId: 'a', json: '{"x":1' });
    now += 49;
    expect(throttle.next('a', 'show', '{"x":12')).toBeUndefined();
  });

  it('reports nothing before the call has a name or any argument text', () => {
    const throttle = new PartialInputThrottle(50, () => 0);
    expect(throttle.next('a', '', '{"x')).toBeUndefined();
    expect(throttle.next('a', 'show', '')).toBeUndefined();
    expect(throttle.next('a', 'show', '{')).toMatchObject({ json: '{' });
  });
});
