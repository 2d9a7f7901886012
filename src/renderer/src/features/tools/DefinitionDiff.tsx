import { diffLines } from 'diff';
import { useMemo } from 'react';
import type { QuarantineView } from '../../../../shared/contract';
import { canonicalJson } from '../../../../shared/canonical-json';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { useTranslation } from 'react-i18next';

type PinnedDefinition = QuarantineView['pinned'];
type PinnedField = QuarantineView['changed'][number];

/** Indented JSON with sorted keys, so a reordered object is not reported as a change. */
const stableJson = (value: unknown): string => JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);

function JsonLineDiff({ before, after, label }: { before: unknown; after: unknown; label: string }) {
  const parts = useMemo(() => diffLines(stableJson(before), stableJson(after)), [before, after]);
  return (
    <pre className="json-diff" tabIndex={0} aria-label={label}>
      {parts.map((part, index) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        return (
          <span key={index} className={part.added ? 'json-add' : part.removed ? 'json-del' : undefined}>
            {lines.map((line) => `${sign} ${line}\n`).join('')}
          </span>
        );
      })}
    </pre>
  );
}

/** Pinned (trusted) against current (offered now), for each field that changed: words for text, lines for JSON. */
export function DefinitionDiff({
  pinned,
  current,
  changed,
}: {
  pinned: PinnedDefinition;
  current: PinnedDefinition;
  changed: readonly PinnedField[];
}) {
  const { t } = useTranslation('tools');
  return (
    <div className="definition-diff" data-testid="definition-diff">
      {changed.map((field) => (
        <section key={field} data-field={field}>
          <h4 className="small-heading">{t(`definitionFields.${field}`)}</h4>
          {field === 'name' || field === 'description' ? (
            <DescriptionDiff
              original={pinned[field] ?? ''}
              override={current[field] ?? ''}
              label={t('quarantine.pinnedAgainstCurrent', { field: t(`definitionFields.${field}`) })}
              sameText={t('quarantine.noVisibleChange')}
            />
          ) : (
            <JsonLineDiff
              before={pinned[field]}
              after={current[field]}
              label={t('quarantine.pinnedAgainstCurrent', { field: t(`definitionFields.${field}`) })}
            />
          )}
        </section>
      ))}
    </div>
  );
}
