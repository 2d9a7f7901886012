/**
 * Calls and notices between the main thread and the core's thread, over one message port. Written here because
 * what it needs is small (numbered calls, their answers, fire-and-forget notices, every pending call failed when
 * the port goes) and the libraries that do it (comlink and the like) proxy objects, which would hide which side
 * runs what.
 */
export interface LinkPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

type Handler = (...args: never[]) => unknown;
export type Handlers = Record<string, Handler>;

type LinkMessage =
  | { link: 'call'; id: number; name: string; args: unknown[] }
  | { link: 'answer'; id: number; ok: true; value: unknown }
  | { link: 'answer'; id: number; ok: false; message: string; name: string }
  | { link: 'notice'; name: string; args: unknown[] };

/** A call whose arguments could not cross to the other thread (not cloneable, or nested past the clone's stack). */
export class UnsendableError extends Error {
  override name = 'UnsendableError';
}

export interface ThreadLink {
  /** Runs the other side's handler `name`; rejects with its error (message and name kept) or when the link ends. */
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
  /** Tells the other side something; nothing comes back. Ordered with the calls. */
  notify(name: string, ...args: unknown[]): void;
  serve(handlers: Handlers): void;
  onNotice(name: string, listener: (...args: never[]) => void): void;
  /** Fails every pending call (the other side is gone) and every later one. */
  end(reason: string): void;
}

export function createThreadLink(port: LinkPort): ThreadLink {
  let nextId = 1;
  let ended: string | undefined;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const handlers: Handlers = {};
  const listeners = new Map<string, ((...args: never[]) => void)[]>();

  const answer = async (id: number, name: string, args: unknown[]) => {
    try {
      const handler = handlers[name];
      if (!handler) throw new Error(`no handler for ${name} on this side of the core thread`);
      port.postMessage({ link: 'answer', id, ok: true, value: await handler(...(args as never[])) });
    } catch (error) {
      const { message, name: errorName } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ link: 'answer', id, ok: false, message, name: errorName });
    }
  };

  port.on('message', (raw) => {
    const message = raw as LinkMessage;
    if (message.link === 'call') void answer(message.id, message.name, message.args);
    else if (message.link === 'notice')
      for (const listener of listeners.get(message.name) ?? []) listener(...(message.args as never[]));
    else if (message.link === 'answer') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(Object.assign(new Error(message.message), { name: message.name }));
    }
  });

  return {
    call<T>(name: string, ...args: unknown[]) {
      if (ended) return Promise.reject(new Error(ended));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        try {
          port.postMessage({ link: 'call', id, name, args });
        } catch (error) {
          reject(new UnsendableError(`${name} could not be sent to the other thread: ${(error as Error).message}`));
          return;
        }
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      });
    },
    notify(name, ...args) {
      if (!ended) port.postMessage({ link: 'notice', name, args });
    },
    serve(more) {
      Object.assign(handlers, more);
    },
    onNotice(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    end(reason) {
      ended ??= reason;
      for (const waiting of pending.values()) waiting.reject(new Error(reason));
      pending.clear();
    },
  };
}
