import type { TFunction } from 'i18next';
import type { ImportResult } from '../../../../shared/contract';

/**
 * What an import did, as a sentence in the console's language: "Imported 2 servers: added everything, memory;
 * skipped fetch." (the count first, so a server named like a word never reads as part of the sentence).
 */
export function importedSentence(t: TFunction<'servers'>, result: ImportResult): string {
  const names = (list: readonly string[]) => list.join(t('importServers.outcome.listSeparator'));
  const parts = [
    result.added.length ? t('importServers.outcome.added', { names: names(result.added) }) : '',
    result.renamed.length
      ? t('importServers.outcome.renamed', { names: names(result.renamed.map((r) => `${r.from} → ${r.to}`)) })
      : '',
    result.replaced.length ? t('importServers.outcome.replaced', { names: names(result.replaced) }) : '',
    result.skipped.length ? t('importServers.outcome.skipped', { names: names(result.skipped) }) : '',
  ].filter(Boolean);
  const outcome = parts.join(t('importServers.outcome.separator')) || t('importServers.outcome.nothing');
  const count = result.added.length + result.renamed.length + result.replaced.length;
  return count ? t('importServers.imported', { count, outcome }) : t('importServers.importedNone', { outcome });
}
