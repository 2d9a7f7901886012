import { describe, expect, it } from 'vitest';
import { warmUpClientHandshake } from './client-warm-up';

describe('the client SDK’s 2026-07-28 wire schemas, built before the first connection', () => {
  it('settles an in-memory handshake on 2026-07-28, the path that builds them', async () => {
    expect(await warmUpClientHandshake()).toBe(true);
  });

  it('handles the answer on a later turn of the event loop than the request: timers due meanwhile run first', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('timer'), 0);
    const until = performance.now() + 3;
    while (performance.now() < until); // the timer is due
    const warming = warmUpClientHandshake().then(() => log.push('settled'));
    await warming;
    expect(log).toEqual(['timer', 'settled']);
  });
});
