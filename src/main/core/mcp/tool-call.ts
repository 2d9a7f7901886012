import { CallToolResultSchema } from "@modelcontextprotocol/core";
import { ProtocolError, SdkErrorCode, SdkError } from "@modelcontextprotocol/client";
import type { Client, CallToolRequest, CallToolResult, Task, Tool } from "@modelcontextprotocol/client";
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
  return support === 'required' || (support === 'optional' && client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined);
}

/**
 * An ordinary tools/call. It always carries a progressToken (the SDK adds one when there is a progress
 * handler). Its two limits are kept here rather than by the SDK, which cannot pause one: the silence limit
 * (timeoutMs) restarts on each progress notification and stops while the server waits on our operator
 * (an elicitation or sampling request: that silence is ours), and maxTotalTimeout bounds the whole call.
 * Either ends the call through its signal, so the SDK sends notifications/cancelled, as on Stop.
 */
export function callWithProgress(client: Client, params: CallToolRequest['params'], options: CallToolOptions): Promise<CallToolResult> {
  const silenceMs = options.timeoutMs ?? DEFAULT_SILENCE_MS;
  const totalMs = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
  const wait = options.operatorWait;
  const ended = new AbortController();
  const end = (reason: unknown) => ended.abort(reason);
  const onAbort = () => end(options.signal?.reason);
  let silence: ReturnType<typeof setTimeout> | undefined;
  const armSilence = () => {
    clearTimeout(silence);
    silence = wait?.waiting ? undefined : setTimeout(() => end(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: silenceMs })), silenceMs);
  };
  const started = Date.now();
  const total = setTimeout(() => end(new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout: totalMs, totalElapsed: Date.now() - started })), totalMs);
  const stopWatching = wait?.onChange(armSilence);
  const finish = () => {
    clearTimeout(silence);
    clearTimeout(total);
    stopWatching?.();
    options.signal?.removeEventListener('abort', onAbort);
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  armSilence();
  const onProgress = options.onProgress ?? noop;
  const reply = client.callTool(params, {
    signal: ended.signal,
    timeout: totalMs + BACKSTOP_MS,
    onprogress: (progress) => {
      armSilence();
      onProgress(progress);
    },
  }) as Promise<CallToolResult>;
  return reply.finally(finish);
}

/** The SDK insists on a timeout of its own: a little past ours, so ours always ends the call first. */
const BACKSTOP_MS = 1_000;

/**
 * A task-augmented tools/call through the SDK's `callToolStream`: the server answers with a task, the SDK
 * polls tasks/get (reporting each status) and fetches tasks/result. The whole call is bounded by the
 * total limit, which is also each poll's timeout: while the task waits for input (our operator answering
 * its elicitation), tasks/result blocks for as long as that takes.
 *
 * Stop (or the limit) cancels the task with tasks/cancel; the signal is not handed to the SDK, which would
 * add one abort listener per poll and never remove them. A task created after Stop is cancelled as soon
 * as its id arrives.
 */
export function callAsTask(client: Client, params: CallToolRequest['params'], options: CallToolOptions): Promise<CallToolResult> {
  const limit = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
  const stream = client.experimental.tasks.callToolStream(params, CallToolResultSchema, {
    timeout: limit,
    onprogress: options.onProgress ?? noop,
    resetTimeoutOnProgress: true,
    maxTotalTimeout: limit,
    task: {},
  });
  let last: CallTask | undefined;
  let abandoned = false;
  let cancelSent = false;
  const cancel = () => {
    if (cancelSent || !last || isTerminal(last.status)) return;
    cancelSent = true;
    void client.experimental.tasks.cancelTask(last.taskId, { timeout: 5_000 }).catch(noop);
  };

  const consume = (async (): Promise<CallToolResult> => {
    for await (const message of stream) {
      if (message.type === 'taskCreated' || message.type === 'taskStatus') {
        last = taskOf(message.task);
        if (abandoned) {
          cancel();
          break; // between yields: ends the SDK's poll loop
        }
        options.onTask?.(last);
      } else if (message.type === 'result') {
        // tasks/result answers once the task is terminal; after input_required the SDK polls no more.
        const result = message.result as CallToolResult;
        if (last && !isTerminal(last.status)) options.onTask?.((last = { taskId: last.taskId, status: result.isError ? 'failed' : 'completed' }));
        return result;
      } else {
        throw withStatus(message.error, last);
      }
    }
    throw new Error('the task ended without a result');
  })();

  return new Promise<CallToolResult>((resolve, reject) => {
    const timer = setTimeout(() => stop(new ProtocolError(-32001, `Request timed out: the task did not finish within ${limit} ms`, { timeout: limit })), limit);
    const onAbort = () => stop(options.signal?.reason ?? new Error('aborted'));
    const stop = (reason: unknown) => {
      abandoned = true;
      cancel();
      finish();
      reject(reason);
    };
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    consume.then(
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

const isTerminal = (status: CallTask['status']) => status === 'completed' || status === 'failed' || status === 'cancelled';

function taskOf(task: Task): CallTask {
  return { taskId: task.taskId, status: task.status, ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}) };
}

/** The SDK reports a failed task as "Task X failed"; the server's status message says why. */
function withStatus(error: unknown, task: CallTask | undefined): unknown {
  if (!task?.statusMessage || !(error instanceof Error)) return error;
  return new ProtocolError((error as ProtocolError).code ?? -32603, `${error.message.replace(/^MCP error -?\d+: /, '')}: ${task.statusMessage}`);
}
