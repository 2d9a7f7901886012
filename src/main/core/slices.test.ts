import { readFile } from 'node:fs';
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

  it('leaves a turn whose I/O callback already held the loop: timers run before the next slice', async () => {
    const log: string[] = [];
    const io = new Promise<void>((resolve) =>
      readFile(import.meta.filename, () => {
        setTimeout(() => log.push('timer'), 0); // due by the time the callback is over
        busy(8);
        log.push('io');
        resolve();
      }),
    );
    let ioDone = false;
    void io.then(() => (ioDone = true));
    const work = (async () => {
      // Slices on every turn until a few after the callback.
      for (let after = 0; after < 5; after += ioDone ? 1 : 0) {
        await nextTurn();
        log.push('w');
      }
    })();
    await Promise.all([io, work]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const afterIo = log.slice(log.indexOf('io') + 1);
    // Without the check, the next slice ran in the same turn as the 8 ms callback (before the timers phase).
    expect(afterIo.slice(0, 2)).toEqual(['timer', 'w']);
  });

  it('resumes work handed back from an I/O callback on a later turn: the timers due meanwhile run first', async () => {
    const log: string[] = [];
    await new Promise<void>((resolve) => readFile(import.meta.filename, () => resolve())); // on in the I/O callback
    setTimeout(() => log.push('timer'), 0);
    busy(3); // the timer is due
    await nextTurn();
    log.push('resumed');
    // A single setImmediate resumed it in the same turn (the check phase follows the I/O phase), before any timer.
    expect(log).toEqual(['timer', 'resumed']);
  });

  it('still moves on when every turn is busy: a slice waits a few turns at most', async () => {
    let busyTurns = 0;
    let on = true;
    const hog = () => {
      if (!on) return;
      busyTurns++;
      busy(3);
      setImmediate(hog);
    };
    setImmediate(hog);
    let slices = 0;
    for (let slice = 0; slice < 5; slice++) {
      await nextTurn();
      slices++;
    }
    on = false;
    expect(slices).toBe(5);
    // Each slice waited at most a few busy turns, not for the hog to stop.
    expect(busyTurns).toBeLessThan(5 * 6);
  });
});

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
