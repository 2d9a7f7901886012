import { diffWords } from 'diff';

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

// Word boundaries that also split Chinese (the shop's descriptions), where spaces do not separate words.
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'word' })
    : undefined;

/** Word diff of the server's original description against the operator's override. */
export function describeDiff(original: string, override: string): DiffPart[] {
  const changes = diffWords(original, override, segmenter ? { intlSegmenter: segmenter } : {});
  return changes.map((change) => ({
    text: change.value,
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

export const diffIsEmpty = (parts: readonly DiffPart[]): boolean => parts.every((part) => part.kind === 'same');
