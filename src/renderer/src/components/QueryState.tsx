import type { ReactNode } from 'react';
import { errorMessage } from '../lib/format';

/** The loading and error states every list and form shows before its data. */
export function Loading({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p className="state-loading" role="status">
      {children}
    </p>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="state-error" role="alert">
      <span>
        Could not load {what}: {errorMessage(error)}
      </span>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state-empty">{children}</p>;
}
