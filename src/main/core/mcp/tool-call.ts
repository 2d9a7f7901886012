import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import { ProtocolError, SdkErrorCode, SdkError } from '@modelcontextprotocol/client';
import type { Client, CallToolRequest, CallToolResult, Task, Tool } from '@modelcontextprotocol/client';
import type { CallTask, CallToolOptions } from './types';

/** Without a per-server maxTotalTimeoutMs, a call that keeps reporting progress may run this long. */
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 600_000;
/** Without a per-call timeoutMs (the SDK's own default). */
const DEFAULT_SILENCE_MS = 60_000;

const noop = () => undefined;

/**
 * Task-based when the tool requires it (`execution.taskSupport: 'required'`), or allows it (`optional`) and
 * the server supports task-augmented tools/call. (The SDK's own check is private; this is the same rule.)
 */
export function callsAsTask(client: Client, tool: Tool | undefined): boolean {
  const support = tool?.execution?.taskSupport;
  return (
    support === 'required' ||
    (support === 'optional' && client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined)
  );
}

/**
 * An ordinary tools/call. It always carries a progressToken (the SDK adds one when there is a progress
 * handler). Its two limits are kept here rather than by the SDK, which cannot pause one: the silence limit
 * (timeoutMs) restarts on each progress notification and stops while the server waits on our operator
 * (an elicitation or sampling request: that silence is ours), and maxTotalTimeout bounds the whole call.
 * Either ends the call through its signal, so the SDK sends notifications/cancelled, as on Stop. With the tool's
 * definition (from discovery), the SDK checks structured output against its outputSchema.
 */
export function callWithProgress(
  client: Client,
  params: CallToolRequest['params'],
  options: CallToolOptions,
  tool?: Tool,
): Promise<CallToolResult> {
  const silenceMs = options.timeoutMs ?? DEFAULT_SILENCE_MS;
  const totalMs = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
  const wait = options.operatorWait;
  const signal = options.signal;
  const ended = new AbortController();
  const onAbort = () => ended.abort(signal?.reason);
  const started = performance.now();
  // The silence limit counts from the last thing heard; progress only moves this mark. One timer serves both
  // limits: when it fires early for silence (something was heard since), it is set again for what is left.
  let heard = started;
  const check = () => {
    const now = performance.now();
    const totalLeft = started + totalMs - now;
    if (totalLeft <= 0) {
      const error = new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
        maxTotalTimeout: totalMs,
        totalElapsed: Math.round(now - started),
      });
      return ended.abort(error);
    }
    // While our operator answers the server, its silence is ours: only the total limit runs.
    const silenceLeft = wait?.waiting ? Infinity : heard + silenceMs - now;
    if (silenceLeft <= 0)
      return ended.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: silenceMs }));
    timer = setTimeout(check, Math.ceil(Math.min(totalLeft, silenceLeft)));
  };
  let timer = setTimeout(check, Math.min(totalMs, silenceMs));
  // The wait's end (or start) restarts the silence limit in full; the timer may be set for the total only.
  const stopWatching = wait?.onChange(() => {
    heard = performance.now();
    clearTimeout(timer);
    check();
  });
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const onProgress = options.onProgress;
  const reply = client.callTool(params, {
    signal: ended.signal,
    timeout: totalMs + BACKSTOP_MS,
    // The definition discovery checked: the SDK validates structured output against its outputSchema.
    ...(tool && { toolDefinition: tool }),
    onprogress: (progress) => {
      heard = performance.now();
      onProgress?.(progress);
    },
  }) as Promise<CallToolResult>;
  return reply.finally(() => {
    clearTimeout(timer);
    stopWatching?.();
    signal?.removeEventListener('abort', onAbort);
  });
}

/** The SDK insists on a timeout of its own: a little past ours, so ours always ends the call first. */
const BACKSTOP_MS = 1_000;

/**
 * A task-augmented tools/call (2025-11-25 tasks). The v2 SDK dropped its task helpers (SEP-2663 moved tasks to an
 * extension), so this speaks the wire methods itself: tools/call with `task` answers with a task, tasks/get is polled
 * at the server's pollInterval (reporting each status), and tasks/result fetches the result once the task is terminal
 * or waits for input (then it blocks while our operator answers the server's elicitation). The whole call is bounded
 * by the total limit, which is also each request's timeout.
 *
 * Stop (or the limit) cancels the task with tasks/cancel; a task created after Stop is cancelled as soon as its id
 * arrives.
 */
export function callAsTask(
  client: Client,
  params: CallToolRequest['params'],
  options: CallToolOptions,
): Promise<CallToolResult> {
  const limit = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
  const requestOptions: RequestOptions = {
    timeout: limit,
    maxTotalTimeout: limit,
    resetTimeoutOnProgress: true,
    onprogress: options.onProgress ?? noop,
  };
  const tracker = new TaskTracker(client, options.onTask);
  const consume = followTask(client, params, tracker, requestOptions);
  return untilLimitOrStop(consume, limit, options.signal, () => tracker.abandon());
}

type RequestOptions = NonNullable<Parameters<Client['request']>[2]>;

/** The task's last known state, told to the caller; once abandoned, the task is cancelled as soon as its id is known. */
class TaskTracker {
  last: CallTask | undefined;
  abandoned = false;
  private cancelSent = false;

  constructor(
    private readonly client: Client,
    private readonly onTask: CallToolOptions['onTask'],
  ) {}

  report(task: Task): void {
    this.last = taskOf(task);
    if (this.abandoned) this.cancel();
    else this.onTask?.(this.last);
  }

  /** The result arrived for a task still running or waiting for input: its end as the result says. */
  finished(result: CallToolResult): void {
    if (this.last && !isTerminal(this.last.status))
      this.onTask?.((this.last = { taskId: this.last.taskId, status: result.isError ? 'failed' : 'completed' }));
  }

  /** Stop or the limit: tasks/cancel, once, for a task that is not over. */
  abandon(): void {
    this.abandoned = true;
    this.cancel();
  }

  private cancel(): void {
    if (this.cancelSent || !this.last || isTerminal(this.last.status)) return;
    this.cancelSent = true;
    void this.client
      .request({ method: 'tasks/cancel', params: { taskId: this.last.taskId } }, CancelTaskResultSchema, {
        timeout: 5_000,
      })
      .catch(noop);
  }
}

/** Creates the task, polls it until it is over or waits for input, then fetches its result. */
async function followTask(
  client: Client,
  params: CallToolRequest['params'],
  tracker: TaskTracker,
  requestOptions: RequestOptions,
): Promise<CallToolResult> {
  const created = await client.request(
    { method: 'tools/call', params: { ...params, task: {} } },
    CreateTaskResultSchema,
    requestOptions,
  );
  tracker.report(created.task);
  let pollMs = created.task.pollInterval ?? DEFAULT_POLL_MS;
  while (
    !tracker.abandoned &&
    tracker.last &&
    !isTerminal(tracker.last.status) &&
    tracker.last.status !== 'input_required'
  ) {
    await sleep(pollMs);
    if (tracker.abandoned) break;
    const task = await client.request(
      { method: 'tasks/get', params: { taskId: tracker.last.taskId } },
      GetTaskResultSchema,
      requestOptions,
    );
    tracker.report(task);
    pollMs = task.pollInterval ?? pollMs;
  }
  const last = tracker.last;
  if (tracker.abandoned || !last) throw new Error('the task was abandoned');
  if (last.status === 'failed' || last.status === 'cancelled')
    throw withStatus(new ProtocolError(-32603, `Task ${last.taskId} ${last.status}`), last);
  // tasks/result answers once the task is terminal; after input_required it waits while the server asks its questions.
  const result = (await client.request(
    { method: 'tasks/result', params: { taskId: last.taskId } },
    CallToolResultSchema,
    requestOptions,
  )) as CallToolResult;
  tracker.finished(result);
  return result;
}

/** `work`'s answer, unless the limit passes or the signal aborts first: then `onStop` runs and the call rejects. */
function untilLimitOrStop<T>(
  work: Promise<T>,
  limit: number,
  signal: AbortSignal | undefined,
  onStop: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        stop(
          new ProtocolError(-32001, `Request timed out: the task did not finish within ${limit} ms`, {
            timeout: limit,
          }),
        ),
      limit,
    );
    const onAbort = () => stop(signal?.reason ?? new Error('aborted'));
    const stop = (reason: unknown) => {
      onStop();
      finish();
      reject(reason);
    };
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (result) => {
        finish();
        resolve(result);
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
  });
}

/** Without a pollInterval from the server. */
const DEFAULT_POLL_MS = 1_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isTerminal = (status: CallTask['status']) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

function taskOf(task: Task): CallTask {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  };
}

/** The SDK reports a failed task as "Task X failed"; the server's status message says why. */
function withStatus(error: unknown, task: CallTask | undefined): unknown {
  if (!task?.statusMessage || !(error instanceof Error)) return error;
  return new ProtocolError(
    (error as ProtocolError).code ?? -32603,
    `${error.message.replace(/^MCP error -?\d+: /, '')}: ${task.statusMessage}`,
  );
}
