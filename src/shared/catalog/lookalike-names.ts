import unhomoglyph from 'unhomoglyph';

/**
 * Tool names that may pass for another (issue 25): a Cyrillic `о` in `query_оrder`, a zero-width space, Latin mixed
 * with another script. The model and the operator read a name by its look, so such a name gets a warning wherever a
 * tool is chosen or listed (Tools, Mount, `switchboard catalog`). Look-alikes are found by their UTS #39 skeleton
 * (unhomoglyph's confusables table); what is mixed follows UTS #39's "highly restrictive" level (Latin may go with
 * Han, kana, Hangul or Bopomofo, and with nothing else).
 */
export interface NameWarning {
  name: string;
  /** Invisible or control characters in it, as `U+200B`. */
  hidden: string[];
  /** Latin letters together with letters of a script they may be confused with (Cyrillic, Greek, …). */
  mixedScripts: boolean;
  /** The other names (offered or configured) it looks like. */
  looksLike: string[];
  /** Its letters are not ASCII, yet it reads as the ASCII `asAscii`. */
  asAscii: string | null;
}

const PLAIN = /^[\x21-\x7e]*$/;
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/gu;
const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;
/** Scripts UTS #39 lets Latin share a name with at the highly restrictive level. */
const LATIN_COMPANIONS =
  /[\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

const codePoint = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What a name reads as: invisible characters dropped, each character replaced by the one it is confusable with. */
export const skeletonOf = (name: string): string => unhomoglyph(name.replace(HIDDEN, ''));

/**
 * The warnings for `names` (one entry per name that has any). A plain ASCII name is never warned about on its own;
 * only a name with other characters is compared with the rest, so 10,000 ASCII names cost one skeleton each.
 */
export function nameWarnings(names: Iterable<string>): Map<string, NameWarning> {
  const unique = [...new Set(names)];
  const suspects = unique.filter((name) => !PLAIN.test(name));
  const warnings = new Map<string, NameWarning>();
  if (suspects.length === 0) return warnings;
  const bySkeleton = new Map<string, string[]>();
  for (const name of unique) {
    const skeleton = skeletonOf(name);
    const same = bySkeleton.get(skeleton);
    if (same) same.push(name);
    else bySkeleton.set(skeleton, [name]);
  }
  for (const name of suspects) {
    const hidden = [...new Set(name.match(HIDDEN) ?? [])].map(codePoint);
    const letters = [...name].filter((char) => LETTER.test(char));
    const mixedScripts =
      letters.some((char) => LATIN.test(char)) && letters.some((char) => !LATIN_COMPANIONS.test(char));
    const skeleton = skeletonOf(name);
    const looksLike = (bySkeleton.get(skeleton) ?? []).filter((other) => other !== name);
    const asAscii = PLAIN.test(skeleton) && skeleton !== name ? skeleton : null;
    if (hidden.length || mixedScripts || looksLike.length || asAscii !== null)
      warnings.set(name, { name, hidden, mixedScripts, looksLike, asAscii });
  }
  return warnings;
}

/** The warning in English, for the CLI and logs: `looks like "query_order"; hides U+200B; mixes Latin with another script`. */
export function describeNameWarning(warning: NameWarning): string {
  const parts: string[] = [];
  if (warning.looksLike.length) parts.push(`looks like ${warning.looksLike.map((n) => JSON.stringify(n)).join(', ')}`);
  else if (warning.asAscii !== null) parts.push(`reads as ${JSON.stringify(warning.asAscii)} but is not plain ASCII`);
  if (warning.hidden.length) parts.push(`hides invisible characters (${warning.hidden.join(', ')})`);
  if (warning.mixedScripts) parts.push('mixes Latin with letters of another script');
  return parts.join('; ');
}
