const TONE = { connected: 'ok', connecting: 'warn', failed: 'bad', disabled: 'muted', 'needs-auth': 'warn' } as const;

/** disabled / connecting / connected / failed / needs-auth (waiting for a sign-in). */
export function ServerStatusBadge({ status }: { status: keyof typeof TONE }) {
  return (
    <span className={`status status-${TONE[status]}`} data-testid="server-status" data-status={status}>
      {status}
    </span>
  );
}
