/** Abort-signal helpers shared by the agent loop and the MCP client. */

/** The calls in flight under each turn's signal; the turn's signal gets one listener for all of them. */
const inFlightByTurn = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A child signal that follows `parent` until disposed. The parent carries one listener for all its calls
 * (added with the first), not one added and removed per call: that pair is a large share of the proxy's own time.
 */
export function linkedAbort(parent: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  let calls = inFlightByTurn.get(parent);
  if (!calls) {
    const set = new Set<AbortController>();
    calls = set;
    inFlightByTurn.set(parent, set);
    parent.addEventListener(
      'abort',
      () => {
        for (const call of set) call.abort(parent.reason);
        set.clear();
      },
      { once: true },
    );
  }
  calls.add(controller);
  const registered = calls;
  return { signal: controller.signal, dispose: () => registered.delete(controller) };
}

/** `work`, or the signal's reason as soon as it aborts (for SDK calls that ignore their signal). */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
