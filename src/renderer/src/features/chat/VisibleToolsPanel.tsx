import { JsonBlock } from '../../components/JsonBlock';
import type { ModelStep } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { StepFunnel } from './StepFunnel';
import { Trans, useTranslation } from 'react-i18next';

/**
 * Per model call of a turn, the exact tool definitions it was sent, with their token estimate:
 * the answer to "was the tool even in the list?". Tools new since the previous call are marked.
 */
export function VisibleToolsPanel({ steps }: { steps: ModelStep[] }) {
  const { t } = useTranslation(['chat', 'common']);
  if (steps.length === 0) return null;
  const last = steps[steps.length - 1];
  return (
    <details className="visible-tools" data-testid="visible-tools">
      <summary>
        {t('visibleToolsPanel.visibleToolsModelCalls', { count: steps.length })}{' '}
        {t('visibleToolsPanel.lastToolsTokens', { tools: last.tools.length, totalTokens: last.totalTokens })}
      </summary>
      <StepFunnel steps={steps} />
      {steps.map((step, index) => (
        <StepTools key={step.step} step={step} previous={index > 0 ? steps[index - 1] : undefined} />
      ))}
    </details>
  );
}

function StepTools({ step, previous }: { step: ModelStep; previous?: ModelStep }) {
  const { t } = useTranslation(['chat', 'common']);
  const before = new Set(previous?.tools.map((tool) => tool.name));
  const now = new Set(step.tools.map((tool) => tool.name));
  const removed = previous ? previous.tools.filter((tool) => !now.has(tool.name)).map((tool) => tool.name) : [];
  // An unchanged set is folded: what matters between steps is what changed.
  const unchanged = previous !== undefined && removed.length === 0 && step.tools.every((tool) => before.has(tool.name));
  return (
    <section
      className="step-tools"
      data-testid="step-tools"
      data-step={step.step}
      aria-label={t('visibleToolsPanel.modelCall', { step: step.step })}
    >
      <h4>
        <Trans
          t={t}
          i18nKey="visibleToolsPanel.stepToolsTokensCatalog"
          values={{
            step: step.step,
            tools: step.tools.length,
            totalTokens: step.totalTokens,
            catalogRevision: step.catalogRevision,
            at: formatTime(step.at),
          }}
          components={{ span: <span className="muted" /> }}
        />
      </h4>
      <p className="muted">
        {t('visibleToolsPanel.loadedSkills')}{' '}
        {step.loadedSkills.length ? step.loadedSkills.join(', ') : t('common:shared.none')}
      </p>
      {step.instructions?.map((given) => (
        <details
          key={given.server}
          className="step-instructions"
          data-testid="step-instructions"
          data-server={given.server}
        >
          <summary className="small">
            {t('visibleToolsPanel.instructionsFromInThe', { server: given.server, tokens: given.tokens })}
          </summary>
          <JsonBlock value={given.text} label={t('visibleToolsPanel.instructionsFrom', { server: given.server })} />
        </details>
      ))}
      {step.tools.length === 0 ? (
        <p className="state-empty">{t('visibleToolsPanel.noToolsWereSent')}</p>
      ) : unchanged ? (
        <details>
          <summary>{t('visibleToolsPanel.sameToolsAsStep', { tools: step.tools.length, step: previous.step })}</summary>
          <ToolTable step={step} isNew={() => false} />
        </details>
      ) : (
        <ToolTable step={step} isNew={(name) => previous !== undefined && !before.has(name)} />
      )}
      {removed.length > 0 && (
        <p className="muted">{t('visibleToolsPanel.noLongerSent', { tools: removed.join(', ') })}</p>
      )}
    </section>
  );
}

function ToolTable({ step, isNew }: { step: ModelStep; isNew: (name: string) => boolean }) {
  const { t } = useTranslation(['chat', 'common']);
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{t('visibleToolsPanel.tool')}</th>
          <th scope="col">{t('visibleToolsPanel.source')}</th>
          <th scope="col" className="num">
            {t('visibleToolsPanel.tokens')}
          </th>
          <th scope="col">{t('visibleToolsPanel.description')}</th>
        </tr>
      </thead>
      <tbody>
        {step.tools.map((tool) => (
          <tr key={tool.name} data-tool={tool.name}>
            <td>
              <code>{tool.name}</code>
              {isNew(tool.name) && <span className="new-chip">{t('visibleToolsPanel.new')}</span>}
            </td>
            <td>{tool.source}</td>
            <td className="num">
              {tool.tokens}
              {tool.capped && (
                <span className="new-chip" title={t('visibleToolsPanel.cappedTitle')} data-testid="tool-capped">
                  {t('visibleToolsPanel.capped')}
                </span>
              )}
            </td>
            <td className="description">{tool.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
