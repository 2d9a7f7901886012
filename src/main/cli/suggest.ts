import { distance } from 'fastest-levenshtein';

/**
 * The names closest to a mistyped one, for a "did you mean" line: within a third of its length in edits (at least
 * two), nearest first, at most three. fastest-levenshtein, because a typo is an edit distance and that is all it does.
 */
export function closestNames(wrong: string, names: Iterable<string>): string[] {
  const limit = Math.max(2, Math.floor(wrong.length / 3));
  const scored = [...new Set(names)]
    .map((name) => ({ name, d: distance(wrong.toLowerCase(), name.toLowerCase()) }))
    .filter((s) => s.d <= limit && s.d > 0);
  return scored
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((s) => s.name);
}

/** ` (did you mean a or b?)`, or nothing when no name is close. */
export function didYouMean(wrong: string, names: Iterable<string>): string {
  const close = closestNames(wrong, names);
  return close.length ? ` (did you mean ${close.join(' or ')}?)` : '';
}
