import type { NameWarning } from '../../../../shared/catalog/lookalike-names';
import { useTranslation } from 'react-i18next';

/** Why a tool name may pass for another: the parts of shared/catalog/lookalike-names.ts's warning, translated. */
export function useNameWarningText(): (warning: NameWarning) => string {
  const { t } = useTranslation('tools');
  return (warning) => {
    const parts: string[] = [];
    if (warning.looksLike.length) parts.push(t('nameWarning.looksLike', { names: warning.looksLike.join(', ') }));
    else if (warning.asAscii !== null) parts.push(t('nameWarning.asAscii', { name: warning.asAscii }));
    if (warning.hidden.length) parts.push(t('nameWarning.hidden', { characters: warning.hidden.join(', ') }));
    if (warning.mixedScripts) parts.push(t('nameWarning.mixedScripts'));
    return t('nameWarning.sentence', { parts: parts.join(t('nameWarning.separator')) });
  };
}

/** The warning as a short chip (rows) or a note (the detail, Mount). */
export function NameWarningNote({ warning, compact = false }: { warning: NameWarning | undefined; compact?: boolean }) {
  const { t } = useTranslation('tools');
  const text = useNameWarningText();
  if (!warning) return null;
  if (compact)
    return (
      <span className="new-chip warn-text" title={text(warning)} data-testid="name-warning-chip">
        {t('nameWarning.chip')}
      </span>
    );
  return (
    <p className="warn-text small" role="note" data-testid="name-warning">
      {text(warning)}
    </p>
  );
}
