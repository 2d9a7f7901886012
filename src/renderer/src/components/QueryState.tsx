import type { ReactNode } from 'react';
import { errorMessage } from '../lib/format';
import { useTranslation } from 'react-i18next';

/** The loading and error states every list and form shows before its data. */
export function Loading({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p className="state-loading" role="status">
      {children}
    </p>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="state-error" role="alert">
      <span>{t('queryState.couldNotLoad', { what, errorMessage: errorMessage(error) })}</span>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          {t('queryState.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state-empty">{children}</p>;
}
