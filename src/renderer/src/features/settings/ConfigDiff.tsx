import { diffLines } from 'diff';
import { useTranslation } from 'react-i18next';

/** What changed on disk since the operator started editing, line by line. */
export function ConfigDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('settings');
  const parts = diffLines(before, after);
  return (
    <pre className="config-diff" tabIndex={0} aria-label={t('configDiff.changesOnDiskSince')}>
      {parts.map((part, index) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        if (!part.added && !part.removed && lines.length > 6) {
          // Unchanged stretches are folded to their ends.
          return (
            <span key={index}>
              {[...lines.slice(0, 2), `  … ${lines.length - 4} unchanged lines …`, ...lines.slice(-2)]
                .map((l) => `  ${l}\n`)
                .join('')}
            </span>
          );
        }
        return (
          <span key={index} className={part.added ? 'diff-add' : part.removed ? 'diff-del' : undefined}>
            {lines.map((line) => `${sign} ${line}\n`).join('')}
          </span>
        );
      })}
    </pre>
  );
}
