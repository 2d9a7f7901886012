import { useMemo } from 'react';
import { describeDiff, diffIsEmpty } from '../lib/description-diff';

/** The override against the server's text, word by word: removed words struck through, added words marked. */
export function DescriptionDiff({
  original,
  override,
  label = 'Changes from the server’s description',
  sameText = 'The override is identical to the server’s text.',
}: {
  original: string;
  override: string;
  label?: string;
  sameText?: string;
}) {
  const parts = useMemo(() => describeDiff(original, override), [original, override]);
  if (diffIsEmpty(parts)) return <p className="muted small">{sameText}</p>;
  return (
    <p className="description-diff" data-testid="description-diff" aria-label={label}>
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
