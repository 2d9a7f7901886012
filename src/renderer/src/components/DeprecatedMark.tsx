import { useTranslation } from 'react-i18next';

/**
 * "deprecated since 2026-07-28" beside a feature MCP 2026-07-28 deprecated (roots, sampling, logging, HTTP+SSE,
 * dynamic client registration). They still work with 2025-era servers for the twelve-month window; the mark says so.
 */
export function DeprecatedMark() {
  const { t } = useTranslation('common');
  return (
    <span className="deprecated-mark muted small" title={t('deprecated.why')} data-testid="deprecated-mark">
      {t('deprecated.since')}
    </span>
  );
}
