import { useMemo } from 'react';
import { describeDiff, diffIsEmpty } from '../lib/description-diff';
import { useTranslation } from 'react-i18next';

/** The override against the server's text, word by word: removed words struck through, added words marked. */
export function DescriptionDiff({
  original,
  override,
  label,
  sameText,
}: {
  original: string;
  override: string;
  label?: string;
  sameText?: string;
}) {
  const { t } = useTranslation('common');
  const parts = useMemo(() => describeDiff(original, override), [original, override]);
  if (diffIsEmpty(parts)) return <p className="muted small">{sameText ?? t('descriptionDiff.identical')}</p>;
  return (
    <p className="description-diff" data-testid="description-diff" aria-label={label ?? t('descriptionDiff.changes')}>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index}>{part.text}</ins>
        ) : part.kind === 'removed' ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
