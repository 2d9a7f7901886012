import { useRpcMutation } from '../lib/queries';
import { saveFailureOf } from '../lib/rpc-problems';

/** A node override hides a server description that changed since it was acknowledged: show it and let it be acknowledged. */
export function OverrideStaleNotice({ toolId, server }: { toolId: string; server: string }) {
  const acknowledge = useRpcMutation('catalog.acceptDescription'); // catalog.changed refreshes the catalog
  return (
    <div className="warn-notice" role="note" data-testid="override-stale">
      <p>The server’s description of {toolId} changed since it was pinned, and an intent node’s override hides that change from the model. Compare them, then update the override or acknowledge.</p>
      <div className="actions">
        <button type="button" className="btn btn-small" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate({ toolId, server })}>
          Acknowledge the new server text
        </button>
        {acknowledge.isError && <span className="field-error">{saveFailureOf(acknowledge.error).message}</span>}
      </div>
    </div>
  );
}
