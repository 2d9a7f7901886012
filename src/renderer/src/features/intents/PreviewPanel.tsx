import { useState } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import type { Preview } from '../../../../shared/contract';
import { formatNumber } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { failedTexts } from '../../lib/test-results';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * What-if for the unsaved tree: against the saved configuration, the tools a turn would see (no skill loaded),
 * names added or removed and tokens before and after, and the affected nodes' examples run against the draft.
 * Nothing is saved; writes in the examples are not executed.
 */
export function PreviewPanel({ tree }: { tree: IntentNode[] }) {
  const { t } = useTranslation('intents');
  const preview = useRpcMutation('preview.run');
  const [previewed, setPreviewed] = useState<string | null>(null);
  const current = JSON.stringify(tree);
  const run = () => {
    setPreviewed(current);
    preview.mutate({ intents: tree });
  };
  return (
    <section className="preview-panel" aria-labelledby="preview-title" data-testid="preview-panel">
      <div className="actions">
        <h2 id="preview-title" className="preview-title">
          {t('preview.title')}
        </h2>
        <button type="button" className="btn" disabled={preview.isPending} onClick={run}>
          {preview.isPending ? t('preview.previewing') : previewed ? t('preview.again') : t('preview.theDraft')}
        </button>
        <span className="muted small">{t('preview.againstSaved')}</span>
      </div>
      <ActionFailure action={preview} say={(reason) => t('preview.noPreview', { errorMessage: reason })} />
      {preview.data && !preview.isPending && (
        <>
          {previewed !== current && <p className="warn-notice small">{t('preview.draftChanged')}</p>}
          <PreviewResult preview={preview.data} />
        </>
      )}
    </section>
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation('intents');
  const delta = preview.after.totalTokens - preview.before.totalTokens;
  const unchanged =
    preview.added.length === 0 && preview.removed.length === 0 && preview.changedDescriptions.length === 0;
  return (
    <div data-testid="preview-result">
      <h3>{t('preview.toolsVisible')}</h3>
      <p data-testid="preview-tokens">
        {t('preview.tokens', {
          savedTools: preview.before.tools.length,
          savedTokens: formatNumber(preview.before.totalTokens),
          draftTools: preview.after.tools.length,
          draftTokens: formatNumber(preview.after.totalTokens),
          delta: `${delta >= 0 ? '+' : ''}${formatNumber(delta)}`,
        })}
      </p>
      {unchanged ? (
        <p className="muted small">{t('preview.noChange')}</p>
      ) : (
        <ul className="plain-list" data-testid="preview-changes">
          {preview.added.map((name) => (
            <li key={`+${name}`} className="tool-added">
              + <Trans t={t} i18nKey="preview.becomesVisible" values={{ name }} components={{ code: <code /> }} />
            </li>
          ))}
          {preview.removed.map((name) => (
            <li key={`-${name}`} className="tool-removed">
              − <Trans t={t} i18nKey="preview.noLongerVisible" values={{ name }} components={{ code: <code /> }} />
            </li>
          ))}
          {preview.changedDescriptions.map((name) => (
            <li key={`~${name}`}>
              ~ <Trans t={t} i18nKey="preview.differentDescription" values={{ name }} components={{ code: <code /> }} />
            </li>
          ))}
        </ul>
      )}
      <h3>{t('preview.examplesTitle')}</h3>
      {preview.examples.length === 0 ? (
        <p className="muted small">
          {preview.affectedNodes.length
            ? t('preview.affectedHaveNoExamples', { nodes: preview.affectedNodes.join(', ') })
            : t('preview.noneAffected')}
        </p>
      ) : (
        <ul className="plain-list" data-testid="preview-examples">
          {preview.examples.map((result) => (
            <li key={result.id} data-passed={result.passed} className={result.passed ? 'ok-text' : 'field-error'}>
              {result.passed ? '✓' : '✗'} {result.name}
              {!result.passed && <span className="small"> — {failedTexts(i18n, result).join('; ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
