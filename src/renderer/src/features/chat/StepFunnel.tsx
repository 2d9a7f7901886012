import { useId, useMemo, useState } from 'react';
import type { ModelStep } from '../../../../shared/contract';
import { sentRemoteTools, toolFunnel } from '../../../../shared/catalog/tool-funnel';
import { ToolFunnel } from '../../components/ToolFunnel';
import { catalogRows } from '../../lib/catalog/catalog-rows';
import { useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

/**
 * The Tools page's funnel for one model call of this turn: the catalog's stages, and what that call was sent. The
 * catalog is today's; a step taken under an older revision says so.
 */
export function StepFunnel({ steps }: { steps: ModelStep[] }) {
  const { t } = useTranslation('chat');
  // null: the latest call, following the turn as it goes on.
  const [chosen, setChosen] = useState<number | null>(null);
  const step = steps.find((s) => s.step === chosen) ?? steps[steps.length - 1];
  const catalog = useRpcQuery('catalog.list', {});
  const id = useId();
  const funnel = useMemo(() => {
    if (!catalog.data) return null;
    return toolFunnel(
      catalogRows(catalog.data),
      catalog.data.servers.map((s) => s.name),
      sentRemoteTools(step),
    );
  }, [catalog.data, step]);
  return (
    <section className="step-funnel" data-testid="step-funnel" aria-label={t('stepFunnel.toolFunnelForA')}>
      <div className="step-funnel-head">
        <label htmlFor={`${id}-step`}>{t('stepFunnel.funnelFor')}</label>
        <select id={`${id}-step`} value={step.step} onChange={(event) => setChosen(Number(event.target.value))}>
          {steps.map((s) => (
            <option key={s.step} value={s.step}>
              {t('stepFunnel.step', { step: s.step })}
            </option>
          ))}
        </select>
        {catalog.data && catalog.data.revision !== step.catalogRevision && (
          <span className="muted small">
            {t('stepFunnel.thisStepUsedCatalog', {
              catalogRevision: step.catalogRevision,
              revision: catalog.data.revision,
            })}
          </span>
        )}
      </div>
      {funnel ? (
        <ToolFunnel
          funnel={funnel}
          sentLabel={
            step.loadedSkills.length
              ? t('stepFunnel.stepWithSkills', { step: step.step, skills: step.loadedSkills.join(', ') })
              : t('stepFunnel.stepOnly', { step: step.step })
          }
        />
      ) : (
        <p className="state-loading small">{t('stepFunnel.loadingTheCatalog')}</p>
      )}
    </section>
  );
}
