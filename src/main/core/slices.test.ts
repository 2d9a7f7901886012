import { describe, expect, it } from 'vitest';
import { inBackground, nextTurn } from './slices';

/** Logs '|' once per turn of the event loop (a setImmediate re-arming itself) until stopped. */
function turnMarker(log: string[]): () => void {
  let on = true;
  const tick = () => {
    if (!on) return;
    log.push('|');
    setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    on = false;
  };
}

/** The entries between turn markers, one array per turn that ran any work. */
const perTurn = (log: string[]) =>
  log
    .join(' ')
    .split('|')
    .map((part) => part.trim().split(' ').filter(Boolean))
    .filter((part) => part.length);

describe('slices: one slice of handed-back work per turn of the event loop', () => {
  it('runs the works that hand the loop back one at a time, in turn, not all in the same turn', async () => {
    const log: string[] = [];
    const stop = turnMarker(log);
    const work = async (name: string) => {
      for (let slice = 1; slice <= 3; slice++) {
        await nextTurn();
        log.push(`${name}${slice}`);
      }
    };
    await Promise.all([work('a'), work('b'), work('c')]);
    stop();
    const turns = perTurn(log);
    expect(turns.every((turn) => turn.length === 1)).toBe(true);
    // Oldest first: the works take turns.
    expect(turns.flat()).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3']);
  });

  it('shares the turns with inBackground work, which runs each slice until done', async () => {
    const log: string[] = [];
    const stop = turnMarker(log);
    let left = 3;
    const background = new Promise<void>((resolve) =>
      inBackground((until) => {
        expect(until).toBeGreaterThan(0);
        log.push(`bg${left}`);
        if (--left > 0) return false;
        resolve();
        return true;
      }),
    );
    const work = (async () => {
      for (let slice = 1; slice <= 3; slice++) {
        await nextTurn();
        log.push(`w${slice}`);
      }
    })();
    await Promise.all([background, work]);
    stop();
    const turns = perTurn(log);
    expect(turns.every((turn) => turn.length === 1)).toBe(true);
    expect(turns.flat().sort()).toEqual(['bg1', 'bg2', 'bg3', 'w1', 'w2', 'w3']);
  });

});
