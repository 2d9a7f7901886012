import { prettyJson } from '../lib/format';

/** Arguments and results, pretty-printed, scrollable and focusable so a keyboard user can scroll them. */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json-block" tabIndex={0} aria-label={label}>
      {prettyJson(value)}
    </pre>
  );
}
