import type { ApprovalRequest } from '../../../../shared/contract';
import { useTranslation } from 'react-i18next';

/** The MCP hints as words. A missing readOnlyHint counts as a write (MCP spec), so say so. */
export function ApprovalHints({ hints, policy }: Pick<ApprovalRequest, 'hints' | 'policy'>) {
  const { t } = useTranslation('common');
  const readOnly =
    hints.readOnlyHint === true ? 'read-only' : hints.readOnlyHint === false ? 'writes data' : 'no read-only hint: treated as a write';
  const destructive =
    hints.destructiveHint === true ? 'destructive' : hints.destructiveHint === false ? 'not destructive' : 'destructive hint not declared';
  return (
    <ul className="hint-list" aria-label={t('approvalHints.toolHints')}>
      <li className={hints.readOnlyHint === true ? 'hint-chip' : 'hint-chip hint-write'}>{readOnly}</li>
      <li className={hints.destructiveHint === true ? 'hint-chip hint-danger' : 'hint-chip'}>{destructive}</li>
      {hints.idempotentHint !== undefined && <li className="hint-chip">{hints.idempotentHint ? t('shared.idempotent') : t('approvalHints.notIdempotent')}</li>}
      <li className="hint-chip" data-testid="policy-chip" title={t('approvalHints.theIntentNodesConfirm')}>
        {t('approvalHints.policy', { policy, whyAsked: whyAsked(policy, hints.readOnlyHint) })}
      </li>
    </ul>
  );
}

/** Why this call waits for the operator, in the policy's own terms (DESIGN §4). */
export function whyAsked(policy: ApprovalRequest['policy'], readOnlyHint: boolean | undefined): string {
  if (policy === 'always') return 'asks before every call';
  if (policy === 'never') return 'asks only because this run asked for a confirmation';
  if (readOnlyHint === undefined) return 'asks because the tool does not declare itself read-only';
  if (readOnlyHint === false) return 'asks because the tool is not read-only';
  return 'asks because this tool was first accepted as a write';
}
