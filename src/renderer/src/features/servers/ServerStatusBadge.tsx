const TONE = { connected: 'ok', connecting: 'warn', failed: 'bad', disabled: 'muted' } as const;

/** disabled / connecting / connected / failed. */
export function ServerStatusBadge({ status }: { status: keyof typeof TONE }) {
  return (
    <span className={`status status-${TONE[status]}`} data-testid="server-status" data-status={status}>
      {status}
    </span>
  );
}
