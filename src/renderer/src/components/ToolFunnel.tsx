import type { FunnelStage, ToolFunnel as Funnel } from '../../../shared/catalog/tool-funnel';
import type { ToolState } from '../../../shared/catalog/types';
import { toneOfState } from '../lib/catalog/tool-states';
import './tool-funnel.css';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

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
  return (
    <figure className="tool-funnel" data-testid="tool-funnel" aria-label={t('toolFunnel.toolFunnel')}>
      <ol className="funnel-stages">
        {funnel.stages.map((stage) => (
          <li key={stage.stage} className="funnel-stage" data-stage={stage.stage} data-count={stage.count}>
            {stage.dropped.length > 0 && <StageDrops dropped={stage.dropped} active={active} onState={onState} />}
            <StageRow stage={stage} top={top} sentLabel={sentLabel} active={active} onStage={onStage} />
            {stage.stage === 'discovered' && funnel.perServer.length > 1 && (
              <ServerCounts perServer={funnel.perServer} active={active} onServer={onServer} />
            )}
          </li>
        ))}
      </ol>
      {funnel.unavailable > 0 && (
        <figcaption className="muted small">
          {t('toolFunnel.unavailableBeside', { count: funnel.unavailable })}
        </figcaption>
      )}
    </figure>
  );
}

type Stage = Funnel['stages'][number];

/** One layer's bar: a button that filters to the stage (pressed again, clears it), or a plain row without handlers. */
function StageRow(props: {
  stage: Stage;
  top: number;
  sentLabel: string;
  active: Props['active'];
  onStage: Props['onStage'];
}) {
  const { stage, top, active, onStage } = props;
  const { t } = useTranslation('common');
  const label =
    stage.stage === 'sent'
      ? t('toolFunnel.sentToTheModel', { sentLabel: props.sentLabel })
      : t(`toolFunnel.stages.${stage.stage}`);
  const bar = (
    <>
      <span className="funnel-bar" style={{ width: `${Math.max(2, (stage.count / top) * 100)}%` }} aria-hidden="true" />
      <span className="funnel-count">{stage.count}</span> <span className="funnel-label">{label}</span>
    </>
  );
  if (onStage === undefined) return <div className="funnel-row">{bar}</div>;
  return (
    <button
      type="button"
      className="funnel-row"
      aria-pressed={active?.stage === stage.stage}
      onClick={() => onStage(active?.stage === stage.stage ? null : stage.stage)}
    >
      {bar}
    </button>
  );
}

/** What a stage drops, by state: "− 3 unmounted". */
function StageDrops({ dropped, active, onState }: Pick<Stage, 'dropped'> & Pick<Props, 'active' | 'onState'>) {
  const { t } = useTranslation('common');
  return (
    <p className="funnel-drops">
      {dropped.map((drop) => (
        <FilterChip
          key={drop.state}
          className={`funnel-drop status-${toneOfState(drop.state)}`}
          data={{ 'data-drop': drop.state }}
          pressed={active?.state === drop.state}
          onPress={onState && (() => onState(drop.state))}
        >
          − {drop.count} {isDrop(drop.state) ? t(`toolFunnel.drops.${drop.state}`) : drop.state}
        </FilterChip>
      ))}
    </p>
  );
}

/** How many tools each server offers, under the "discovered" stage. */
function ServerCounts({ perServer, active, onServer }: Pick<Funnel, 'perServer'> & Pick<Props, 'active' | 'onServer'>) {
  return (
    <p className="funnel-servers">
      {perServer.map(({ server, count }) => (
        <FilterChip
          key={server}
          className="funnel-server"
          data={{ 'data-server': server }}
          pressed={active?.server === server}
          onPress={onServer && (() => onServer(server))}
        >
          {server} {count}
        </FilterChip>
      ))}
    </p>
  );
}

/** A button that filters when there is a handler; a plain label (a picture only) when there is none. */
function FilterChip(props: {
  className: string;
  data: Record<`data-${string}`, string>;
  pressed: boolean;
  onPress: (() => void) | undefined;
  children: ReactNode;
}) {
  if (!props.onPress) {
    return (
      <span className={props.className} {...props.data}>
        {props.children}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={props.className}
      {...props.data}
      aria-pressed={props.pressed}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}
