import { useCallback } from 'react';
import { getI18n } from 'react-i18next';
import type { UiMessage } from '../../../../shared/i18n-message';
import { uiMessageText } from './messages';
import { useFixedT } from './use-fixed-t';

/** The `decidedBy` values main writes itself; the stored value stays English (records.jsonl, the CLI's --json). */
const DECIDERS = {
  system: 'system',
  operator: 'operator',
  'operator (approved for this conversation)': 'operatorConversation',
} as const;

/**
 * `(decidedBy, decidedByMessage?) => label` in the UI's language: a decider main sent as a code (a run's automatic
 * approver, a CLI policy) or a known decider translated, anyone else (older data's policies) verbatim.
 */
export function useDecidedByText(): (decidedBy: string, message?: UiMessage) => string {
  const t = useFixedT('common');
  return useCallback(
    (decidedBy: string, message?: UiMessage) =>
      message
        ? uiMessageText(getI18n(), message)
        : Object.hasOwn(DECIDERS, decidedBy)
          ? t(`deciders.${DECIDERS[decidedBy as keyof typeof DECIDERS]}`)
          : decidedBy,
    [t],
  );
}
