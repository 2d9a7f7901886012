import type { FunnelStage, ToolFunnel as Funnel } from '../../../shared/catalog/tool-funnel';
import type { ToolState } from '../../../shared/catalog/types';
import { toneOfState } from '../lib/catalog/tool-states';
import './tool-funnel.css';
import { useTranslation } from 'react-i18next';

/** The states a stage drops, named in the resources (common.json, toolFunnel.drops). */
const DROPS = [
  'unmounted',
  'shadowed',
  'reserved',
  'quarantined',
  'gated',
  'appOnly',
] as const satisfies readonly ToolState[];
const isDrop = (state: ToolState): state is (typeof DROPS)[number] => (DROPS as readonly string[]).includes(state);

interface Props {
  funnel: Funnel;
  /** What the last stage is: "the last turn", "step 2"… */
  sentLabel: string;
  /** The filter in force, to press its segment; absent = a picture only (no buttons). */
  active?: { stage: FunnelStage | null; state: string | null; server: string | null };
  onStage?: (stage: FunnelStage | null) => void;
  onState?: (state: ToolState) => void;
  onServer?: (server: string) => void;
}

/**
 * The tool pipeline at a glance: how many tools each layer keeps and, between layers, what it drops and why. With
 * handlers, every stage, drop and server is a button that filters the list to those tools.
 */
export function ToolFunnel({ funnel, sentLabel, active, onStage, onState, onServer }: Props) {
  const { t } = useTranslation('common');
  const top = Math.max(1, funnel.stages[0].count, ...funnel.stages.map((s) => s.count));
  const interactive = onStage !== undefined;
  return (
    <figure className="tool-funnel" data-testid="tool-funnel" aria-label={t('toolFunnel.toolFunnel')}>
      <ol className="funnel-stages">
        {funnel.stages.map((stage) => {
          const label =
            stage.stage === 'sent'
              ? t('toolFunnel.sentToTheModel', { sentLabel })
              : t(`toolFunnel.stages.${stage.stage}`);
          const bar = (
            <>
              <span
                className="funnel-bar"
                style={{ width: `${Math.max(2, (stage.count / top) * 100)}%` }}
                aria-hidden="true"
              />
              <span className="funnel-count">{stage.count}</span> <span className="funnel-label">{label}</span>
            </>
          );
          return (
            <li key={stage.stage} className="funnel-stage" data-stage={stage.stage} data-count={stage.count}>
              {stage.dropped.length > 0 && (
                <p className="funnel-drops">
                  {stage.dropped.map((drop) =>
                    onState ? (
                      <button
                        key={drop.state}
                        type="button"
                        className={`funnel-drop status-${toneOfState(drop.state)}`}
                        data-drop={drop.state}
                        aria-pressed={active?.state === drop.state}
                        onClick={() => onState(drop.state)}
                      >
                        − {drop.count} {isDrop(drop.state) ? t(`toolFunnel.drops.${drop.state}`) : drop.state}
                      </button>
                    ) : (
                      <span
                        key={drop.state}
                        className={`funnel-drop status-${toneOfState(drop.state)}`}
                        data-drop={drop.state}
                      >
                        − {drop.count} {isDrop(drop.state) ? t(`toolFunnel.drops.${drop.state}`) : drop.state}
                      </span>
                    ),
                  )}
                </p>
              )}
              {interactive ? (
                <button
                  type="button"
                  className="funnel-row"
                  aria-pressed={active?.stage === stage.stage}
                  onClick={() => onStage?.(active?.stage === stage.stage ? null : stage.stage)}
                >
                  {bar}
                </button>
              ) : (
                <div className="funnel-row">{bar}</div>
              )}
              {stage.stage === 'discovered' && funnel.perServer.length > 1 && (
                <p className="funnel-servers">
                  {funnel.perServer.map(({ server, count }) =>
                    onServer ? (
                      <button
                        key={server}
                        type="button"
                        className="funnel-server"
                        data-server={server}
                        aria-pressed={active?.server === server}
                        onClick={() => onServer(server)}
                      >
                        {server} {count}
                      </button>
                    ) : (
                      <span key={server} className="funnel-server" data-server={server}>
                        {server} {count}
                      </span>
                    ),
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {funnel.unavailable > 0 && (
        <figcaption className="muted small">
          {t('toolFunnel.unavailableBeside', { count: funnel.unavailable })}
        </figcaption>
      )}
    </figure>
  );
}
