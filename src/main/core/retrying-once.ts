/**
 * `load` run once and its promise shared by every caller, except that a rejection is not kept: the next call
 * tries again. A cached rejected promise failed every later call until a restart (a knowledge folder restored,
 * a module that failed to load under EMFILE).
 */
export function retryingOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
