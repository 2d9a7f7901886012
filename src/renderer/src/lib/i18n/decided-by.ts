import { useCallback } from 'react';
import { useFixedT } from './use-fixed-t';

/** The `decidedBy` values main writes itself; the stored value stays English (records.jsonl, the CLI's --json). */
const DECIDERS = { system: 'system', operator: 'operator', 'operator (approved for this conversation)': 'operatorConversation' } as const;

/** `(decidedBy) => label` in the UI's language: a known decider translated, anyone else (a policy, a scenario) verbatim. */
export function useDecidedByText(): (decidedBy: string) => string {
  const t = useFixedT('common');
  return useCallback((decidedBy: string) => (Object.hasOwn(DECIDERS, decidedBy) ? t(`deciders.${DECIDERS[decidedBy as keyof typeof DECIDERS]}`) : decidedBy), [t]);
}
