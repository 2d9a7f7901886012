/**
 * Links the caller's Stop signal with an idle timer into the one signal handed to a vendor SDK.
 * Why: the SDKs' `timeout` only covers the wait for response headers, and when their signal
 * aborts mid-stream they end the iteration silently instead of throwing. The guard remembers
 * which of the two fired so the provider can report `timeout` vs `aborted` truthfully.
 */
export interface StreamGuard {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  readonly callerAborted: boolean;
  /** Call on every received chunk: the timer measures silence, not total duration. */
  touch(): void;
  dispose(): void;
}

export function createStreamGuard(callerSignal: AbortSignal, idleMs: number): StreamGuard {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onCallerAbort = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) controller.abort(callerSignal.reason);
  else callerSignal.addEventListener('abort', onCallerAbort, { once: true });

  const touch = () => {
    clearTimeout(timer);
    if (controller.signal.aborted) return;
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('idle timeout'));
    }, idleMs);
  };
  touch();

  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    get callerAborted() {
      return callerSignal.aborted;
    },
    touch,
    dispose() {
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', onCallerAbort);
    },
  };
}
