import type { ApprovalRequest } from '../../../../shared/contract';

/** The MCP hints as words. A missing readOnlyHint counts as a write (MCP spec), so say so. */
export function ApprovalHints({ hints, policy }: Pick<ApprovalRequest, 'hints' | 'policy'>) {
  const readOnly =
    hints.readOnlyHint === true ? 'read-only' : hints.readOnlyHint === false ? 'writes data' : 'no read-only hint: treated as a write';
  const destructive =
    hints.destructiveHint === true ? 'destructive' : hints.destructiveHint === false ? 'not destructive' : 'destructive hint not declared';
  return (
    <ul className="hint-list" aria-label="Tool hints">
      <li className={hints.readOnlyHint === true ? 'hint-chip' : 'hint-chip hint-write'}>{readOnly}</li>
      <li className={hints.destructiveHint === true ? 'hint-chip hint-danger' : 'hint-chip'}>{destructive}</li>
      {hints.idempotentHint !== undefined && <li className="hint-chip">{hints.idempotentHint ? 'idempotent' : 'not idempotent'}</li>}
      <li className="hint-chip">policy: {policy}</li>
    </ul>
  );
}
