import { entryKey, type DescriptionsByKey } from '../../lib/catalog/descriptions';
import type { CatalogRow } from '../../lib/catalog/tool-states';
import { inStage, type FunnelStage } from '../../../../shared/catalog/tool-funnel';
import type { Message } from '../../../../shared/i18n-message';
import { englishTemplateOf, messageSearchText } from '../../lib/i18n/messages';

const englishReasonText = (reason: Message) => messageSearchText(reason, englishTemplateOf);

/**
 * A catalog row with its key and search text, both computed on first use: the Tools page must show its first rows
 * at 10,000 entries without lower-casing them all, and only a search needs the text.
 */
export class PreparedEntry {
  private cachedKey: string | undefined;
  private cachedText: string | undefined;
  constructor(
    readonly entry: CatalogRow,
    private readonly descriptions?: DescriptionsByKey,
    /** The reason's words in the UI's language (lib/i18n/messages.ts, messageSearchText), so a search finds what is on screen. */
    private readonly reasonText: (reason: Message) => string = englishReasonText,
  ) {}

  get key(): string {
    return (this.cachedKey ??= entryKey(this.entry));
  }

  /** Lower-cased text the search looks in: name, title, server, state, reason and, once loaded, the descriptions. */
  get haystack(): string {
    const e = this.entry;
    const d = this.descriptions?.get(this.key);
    return (this.cachedText ??=
      `${e.toolId}\n${e.title ?? ''}\n${e.server ?? ''}\n${e.state}\n${this.reasonText(e.reason)}\n${d?.description ?? ''}\n${d?.remoteDescription ?? ''}`.toLowerCase());
  }
}

/** Once per catalog revision (and once more when the descriptions arrive); cheap (no string work), so the first rows appear at once. */
export function prepareEntries(
  entries: readonly CatalogRow[],
  descriptions?: DescriptionsByKey,
  reasonText?: (reason: Message) => string,
): PreparedEntry[] {
  return entries.map((entry) => new PreparedEntry(entry, descriptions, reasonText));
}

export interface ToolsFilter {
  query: string;
  state: string | null;
  server: string | null;
  /** A funnel stage; `sent` needs the names the model call received. */
  stage?: FunnelStage | null;
  sent?: ReadonlySet<string> | null;
}

/** Every word of the query must appear; state and server narrow exactly. `server: ''` means "no server" (unavailable). */
export function filterEntries(prepared: readonly PreparedEntry[], filter: ToolsFilter): PreparedEntry[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const stage = filter.stage ?? null;
  if (!words.length && filter.state === null && filter.server === null && stage === null)
    return prepared as PreparedEntry[];
  return prepared.filter((row) => {
    const { entry } = row;
    if (stage !== null && !inStage(entry, stage, filter.sent ?? null)) return false;
    if (filter.state !== null && entry.state !== filter.state) return false;
    if (filter.server !== null && (entry.server ?? '') !== filter.server) return false;
    if (words.length === 0) return true;
    const haystack = row.haystack;
    for (const word of words) if (!haystack.includes(word)) return false;
    return true;
  });
}
