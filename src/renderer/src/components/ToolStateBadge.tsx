import { useFixedT } from '../lib/i18n/use-fixed-t';
import { toneOfState, TOOL_STATES, type KnownToolState } from '../lib/catalog/tool-states';

/**
 * A tool's catalog state (bound, gated, unmounted, …), toned by what it means for the model. The label is
 * translated; the tooltip keeps the canonical name, the one the docs, the CLI's --json and the YAML use.
 */
export function ToolStateBadge({ state }: { state: string }) {
  const t = useFixedT('common');
  const known = state in TOOL_STATES ? (state as KnownToolState) : undefined;
  const label = known ? t(`toolStates.${known}.label`) : state;
  const title = known ? `${t('states.canonical', { state })}: ${t(`toolStates.${known}.meaning`)}` : state;
  return (
    <span className={`status status-${toneOfState(state)}`} data-state={state} title={title}>
      {label}
    </span>
  );
}
