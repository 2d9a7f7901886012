import { toneOfState, TOOL_STATES } from '../lib/catalog/tool-states';

/** A tool's catalog state (bound, gated, unmounted, …), toned by what it means for the model. */
export function ToolStateBadge({ state }: { state: string }) {
  const meaning = (TOOL_STATES as Record<string, { meaning: string } | undefined>)[state]?.meaning;
  return (
    <span className={`status status-${toneOfState(state)}`} data-state={state} title={meaning}>
      {state}
    </span>
  );
}
