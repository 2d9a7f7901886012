/** One badge for every status word (tool calls, turns, records); the tone comes from the word. */
const TONE: Record<string, 'ok' | 'bad' | 'warn' | 'info' | 'muted'> = {
  success: 'ok',
  completed: 'ok',
  approve: 'ok',
  approve_conversation: 'ok',
  remembered: 'ok',
  error: 'bad',
  rejected: 'bad',
  reject: 'bad',
  blocked: 'bad',
  timeout: 'bad',
  awaiting_approval: 'warn',
  max_steps: 'warn',
  running: 'info',
  stopped: 'muted',
  cancelled: 'muted',
  expired: 'muted',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`status status-${TONE[status] ?? 'muted'}`} data-status={status}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
