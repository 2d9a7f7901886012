import type { ServerExchange } from '../../../shared/contract';
import type { OperatorWait } from '../mcp';

/** Where a server's request belongs: a conversation, and the call when we can tell which. */
export interface RequestOrigin {
  conversationId: string;
  turnId: string | null;
  callId: string | null;
  toolName: string | null;
  /** The call's signal: Stop (or the call ending) cancels what it asked for. Absent without a call. */
  signal?: AbortSignal;
  /** Keeps the finished exchange with the call (its item and record). Absent without a call. */
  keep?: (exchange: ServerExchange) => void;
}

export interface ActiveCall {
  server: string;
  conversationId: string;
  turnId: string;
  callId: string;
  toolName: string;
  signal: AbortSignal;
}

export interface CallHandle {
  /** The call turned out to be task-based: requests naming this task are its own. */
  setTask(taskId: string): void;
  /** Exchanges answered while the call ran, oldest first. */
  readonly exchanges: readonly ServerExchange[];
  end(): void;
}

/**
 * The MCP calls in flight, so a server's elicitation or sampling request can be shown with the call that
 * caused it. The protocol links a request to a call only through a task (`related-task` in `_meta`);
 * otherwise, if exactly one call is in flight on that server, it is that call's. Several calls of one
 * conversation give the conversation but no call; calls of several conversations give nothing (the
 * request still appears on the Requests page).
 */
export class CallRegistry {
  private readonly byServer = new Map<string, Set<Entry>>();
  private readonly byTask = new Map<string, Entry>();
  private readonly waits = new Map<string, ServerWait>();

  /** Whether this server waits on the operator now; every call to it watches the same one. */
  operatorWait(server: string): OperatorWait {
    let wait = this.waits.get(server);
    if (!wait) this.waits.set(server, (wait = new ServerWait()));
    return wait;
  }

  /**
   * The server waits on the operator until the returned function is called (once). Every call to it
   * waits too, not only the one the request names: the protocol cannot always say which call asked.
   */
  hold(server: string): () => void {
    const wait = this.operatorWait(server) as ServerWait;
    wait.add(1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      wait.add(-1);
    };
  }

  begin(call: ActiveCall): CallHandle {
    const entry: Entry = { call, exchanges: [], tasks: [] };
    let calls = this.byServer.get(call.server);
    if (!calls) this.byServer.set(call.server, (calls = new Set()));
    calls.add(entry);
    return {
      setTask: (taskId) => {
        entry.tasks.push(taskId);
        this.byTask.set(taskId, entry);
      },
      exchanges: entry.exchanges,
      end: () => {
        calls.delete(entry);
        if (calls.size === 0 && this.byServer.get(call.server) === calls) this.byServer.delete(call.server);
        for (const taskId of entry.tasks) this.byTask.delete(taskId);
      },
    };
  }

  /** Whether any call to this server is in flight: a question asked with none is not about its own tools. */
  hasCallOn(server: string): boolean {
    return (this.byServer.get(server)?.size ?? 0) > 0;
  }

  /** The calls in flight on other servers (the tool the operator may think is asking). */
  callsElsewhere(server: string): { server: string; toolName: string }[] {
    return [...this.byServer.entries()]
      .filter(([name]) => name !== server)
      .flatMap(([, calls]) => [...calls].map(({ call }) => ({ server: call.server, toolName: call.toolName })));
  }

  originOf(server: string, relatedTaskId: string | undefined): RequestOrigin | undefined {
    const tasked = relatedTaskId ? this.byTask.get(relatedTaskId) : undefined;
    if (tasked && tasked.call.server === server) return originOfEntry(tasked);
    const calls = [...(this.byServer.get(server) ?? [])];
    if (calls.length === 1) return originOfEntry(calls[0]);
    const conversations = new Set(calls.map((c) => c.call.conversationId));
    if (conversations.size !== 1) return undefined;
    const turns = new Set(calls.map((c) => c.call.turnId));
    return {
      conversationId: calls[0].call.conversationId,
      turnId: turns.size === 1 ? calls[0].call.turnId : null,
      callId: null,
      toolName: null,
    };
  }
}

interface Entry {
  call: ActiveCall;
  exchanges: ServerExchange[];
  tasks: string[];
}

function originOfEntry({ call, exchanges }: Entry): RequestOrigin {
  return {
    conversationId: call.conversationId,
    turnId: call.turnId,
    callId: call.callId,
    toolName: call.toolName,
    signal: call.signal,
    keep: (exchange) => exchanges.push(exchange),
  };
}

class ServerWait implements OperatorWait {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  get waiting(): boolean {
    return this.count > 0;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(delta: 1 | -1): void {
    const was = this.waiting;
    this.count += delta;
    if (was !== this.waiting) for (const listener of [...this.listeners]) listener();
  }
}
