import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRpcMutation } from '../../lib/queries';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * Settings → Reset demo data: the embedded demo shop's orders, coupons and tickets back to their seed (what a chat
 * cancelled is open again). Asked twice, in place: it undoes what the conversations did to the shop.
 */
export function DemoDataSetting() {
  const { t } = useTranslation('settings');
  const id = useId();
  const reset = useRpcMutation('settings.resetBuiltinData');
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="demo-data-setting">
      <h2 id={`${id}-title`}>{t('demoData.title')}</h2>
      <p className="muted small">{t('demoData.hint')}</p>
      {confirming ? (
        <div role="group" aria-label={t('demoData.confirmLabel')} className="actions">
          <p>{t('demoData.confirm')}</p>
          <button
            type="button"
            className="btn btn-danger"
            disabled={reset.isPending}
            onClick={() => reset.mutate({}, { onSettled: () => setConfirming(false) })}
          >
            {t('demoData.resetNow')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('demoData.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn" onClick={() => setConfirming(true)}>
          {t('demoData.reset')}
        </button>
      )}
      {reset.isSuccess && !confirming && (
        <p role="status" data-testid="demo-data-reset">
          {reset.data.reset ? t('demoData.done') : t('demoData.alreadyFresh')}
        </p>
      )}
      <ActionFailure action={reset} say={(reason) => t('demoData.failed', { errorMessage: reason })} />
    </section>
  );
}
