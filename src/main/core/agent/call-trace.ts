import type { ServerExchange, ToolProgress, ToolTask } from '../../../shared/contract';
import type { CallProgress, CallTask } from '../mcp';

/** Progress is shown at most this often per call; the last notification is always shown. */
export const PROGRESS_EVENT_MS = 100;

/**
 * What a call reported while it ran, beyond its result: the last progress notification (and how many
 * came), its task's status, and what its server asked of the operator. Progress and task changes are
 * announced live (throttled, never written line by line); the final item and record carry the last state.
 */
export class CallTrace {
  progress: ToolProgress | undefined;
  task: ToolTask | undefined;
  exchanges: readonly ServerExchange[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shownAt = 0;
  private done = false;

  /** `show` announces the call's current state (a `tool.progressed` event). */
  constructor(private readonly show: () => void) {}

  onProgress = (progress: CallProgress): void => {
    if (this.done) return;
    this.progress = {
      progress: progress.progress,
      ...(progress.total !== undefined ? { total: progress.total } : {}),
      ...(progress.message ? { message: progress.message } : {}),
      count: (this.progress?.count ?? 0) + 1,
      at: new Date().toISOString(),
    };
    const wait = this.shownAt + PROGRESS_EVENT_MS - Date.now();
    if (wait <= 0) this.showNow();
    else this.timer ??= setTimeout(() => this.showNow(), wait);
  };

  onTask = (task: CallTask): void => {
    if (this.done) return;
    const changed =
      task.taskId !== this.task?.taskId ||
      task.status !== this.task.status ||
      task.statusMessage !== this.task.statusMessage;
    this.task = {
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    };
    if (changed) this.showNow();
  };

  /** The item's live fields, for every line and event of the call. */
  fields(): { progress?: ToolProgress; task?: ToolTask; exchanges?: ServerExchange[] } {
    return {
      ...(this.progress ? { progress: this.progress } : {}),
      ...(this.task ? { task: this.task } : {}),
      ...(this.exchanges.length ? { exchanges: [...this.exchanges] } : {}),
    };
  }

  /** The call is over: nothing more is announced. */
  stop(): void {
    this.done = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private showNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.shownAt = Date.now();
    if (!this.done) this.show();
  }
}
