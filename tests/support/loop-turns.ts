/** Counts the turns of the event loop (a setImmediate re-arming itself) until stopped: did work hand the loop back? */
export function countLoopTurns(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      ticking = false;
    },
  };
}
