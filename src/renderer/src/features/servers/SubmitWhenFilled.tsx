import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The submit button of a form with required values: disabled, and naming what is missing, until each is filled. */
export function SubmitWhenFilled({ missing, children }: { missing: string[]; children: ReactNode }) {
  const { t } = useTranslation('servers');
  return (
    <div className="actions">
      <button
        type="submit"
        className="btn btn-small"
        disabled={missing.length > 0}
        title={missing.length ? t('submitWhenFilled.needs', { missing: missing.join(', ') }) : undefined}
      >
        {children}
      </button>
    </div>
  );
}
