import { useRpcMutation } from '../lib/queries';
import { saveFailureOf } from '../lib/rpc-problems';
import { useTranslation } from 'react-i18next';

/** A node override hides a server description that changed since it was acknowledged: show it and let it be acknowledged. */
export function OverrideStaleNotice({ toolId, server }: { toolId: string; server: string }) {
  const { t } = useTranslation('common');
  const acknowledge = useRpcMutation('catalog.acceptDescription'); // catalog.changed refreshes the catalog
  return (
    <div className="warn-notice" role="note" data-testid="override-stale">
      <p>{t('overrideStaleNotice.theServerSDescription', { toolId })}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-small"
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate({ toolId, server })}
        >
          {t('overrideStaleNotice.acknowledgeTheNewServer')}
        </button>
        {acknowledge.isError && <span className="field-error">{saveFailureOf(acknowledge.error).message}</span>}
      </div>
    </div>
  );
}
