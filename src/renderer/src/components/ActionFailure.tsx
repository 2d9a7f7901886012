import { saveFailureOf } from '../lib/rpc-problems';

/** Why an operator's action (a mutation) failed, announced; nothing while it has not failed. */
export function ActionFailure({ action }: { action: { isError: boolean; error: unknown } }) {
  if (!action.isError) return null;
  return (
    <p role="alert" className="field-error">
      {saveFailureOf(action.error).message}
    </p>
  );
}
