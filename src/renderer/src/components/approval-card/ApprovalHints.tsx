import type { ApprovalRequest } from '../../../../shared/contract';
import { useTranslation } from 'react-i18next';

/** The MCP hints as words. A missing readOnlyHint counts as a write (MCP spec), so say so. */
export function ApprovalHints({ hints, policy }: Pick<ApprovalRequest, 'hints' | 'policy'>) {
  const { t } = useTranslation('common');
  const readOnly =
    hints.readOnlyHint === true
      ? t('approvalHints.readOnly')
      : hints.readOnlyHint === false
        ? t('approvalHints.writesData')
        : t('approvalHints.noReadOnlyHint');
  const destructive =
    hints.destructiveHint === true
      ? t('approvalHints.destructive')
      : hints.destructiveHint === false
        ? t('approvalHints.notDestructive')
        : t('approvalHints.noDestructiveHint');
  return (
    <ul className="hint-list" aria-label={t('approvalHints.toolHints')}>
      <li className={hints.readOnlyHint === true ? 'hint-chip' : 'hint-chip hint-write'}>{readOnly}</li>
      <li className={hints.destructiveHint === true ? 'hint-chip hint-danger' : 'hint-chip'}>{destructive}</li>
      {hints.idempotentHint !== undefined && (
        <li className="hint-chip">
          {hints.idempotentHint ? t('shared.idempotent') : t('approvalHints.notIdempotent')}
        </li>
      )}
      <li className="hint-chip" data-testid="policy-chip" title={t('approvalHints.theIntentNodesConfirm')}>
        {t('approvalHints.policy', {
          policy,
          whyAsked: t(`approvalHints.why.${whyAsked(policy, hints.readOnlyHint)}`),
        })}
      </li>
    </ul>
  );
}

/** Why this call waits for the operator, in the policy's own terms (DESIGN §4): a key under approvalHints.why. */
export function whyAsked(policy: ApprovalRequest['policy'], readOnlyHint: boolean | undefined) {
  if (policy === 'always') return 'everyCall' as const;
  if (policy === 'never') return 'runAsked' as const;
  if (readOnlyHint === undefined) return 'noReadOnlyHint' as const;
  if (readOnlyHint === false) return 'notReadOnly' as const;
  return 'acceptedAsWrite' as const;
}
