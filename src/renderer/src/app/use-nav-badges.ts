import { usePendingApprovalCount } from '../features/approvals/use-pending-approvals';
import type { PageId } from './navigation';

/** Counts shown beside nav entries, read from live queries (never copied into a store). */
export function useNavBadges(): Partial<Record<PageId, number>> {
  return { approvals: usePendingApprovalCount() };
}
