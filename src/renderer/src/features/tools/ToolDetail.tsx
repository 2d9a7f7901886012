import { useId, useRef, type KeyboardEvent } from 'react';
import { LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { DescriptionDiff } from '../../components/DescriptionDiff';
import { openIntentNode, openSkill } from '../../app/navigation';
import { OverrideStaleNotice } from '../../components/OverrideStaleNotice';
import { QuarantineSection } from './QuarantineSection';
import { RunToolPanel } from './RunToolPanel';
import { SchemaView } from './SchemaView';
import type { CatalogBinding, CatalogEntry, CatalogRow } from '../../lib/catalog/tool-states';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { ToolIcon, ToolTitle } from '../../components/ToolLook';
import { formatNumber } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/i18n/messages';
import type { NameWarning } from '../../../../shared/catalog/lookalike-names';
import { NameWarningNote } from './NameWarningText';
import { useToolsUiStore, type DetailTab } from './tools-ui-store';
import { entryKey } from '../../lib/catalog/descriptions';

interface Props {
  /** The selected row of the list; its definition, diff and nodes are fetched (catalog.tool). */
  row: CatalogRow;
  onExplain: (toolId: string) => void;
  onClose: () => void;
  /** Set when its name may pass for another tool's (a look-alike). */
  nameWarning?: NameWarning;
}

// Annotation names are MCP's own words: shown as the spec spells them, in every language.
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const TITLE_ANNOTATION = 'title';

/** Everything known about one catalog row: why it is in its state, its definition, who mounts it, what gates it; and a Run tab. */
export function ToolDetail({ row, onExplain, onClose, nameWarning }: Props) {
  // Keyed by row; catalog.changed invalidates it, so an accepted change or a rediscovery shows here too.
  const { t } = useTranslation('tools');
  const messageText = useMessageText();
  const detail = useRpcQuery('catalog.tool', { toolId: row.toolId, server: row.server });
  const tab = useToolsUiStore((s) => s.detailTab);
  const setTab = useToolsUiStore((s) => s.setDetailTab);
  const key = entryKey(row);
  const chosen = useToolsUiStore((s) => s.toMount.includes(key));
  const toggleMount = useToolsUiStore((s) => s.toggleMount);
  const runnable = row.server !== null && row.state !== 'quarantined';
  const shown = runnable ? tab : 'details';
  const id = useId();
  // The head comes from the row, so moving through the list with ↑/↓ never waits for the fetch.
  return (
    <aside className="tool-detail" aria-labelledby="tool-detail-title" data-testid="tool-detail">
      <div className="detail-head">
        <h2 id="tool-detail-title">
          <ToolIcon src={row.icon} />
          <code>{row.toolId}</code>
          <ToolTitle title={row.title} />
        </h2>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label={t('detail.closeTheDetail')}>
          {t('detail.close')}
        </button>
      </div>
      {runnable && <DetailTabs id={id} shown={shown} onShow={setTab} />}
      {/* Both panels stay mounted: a run's form and result survive a look at the details. */}
      <div
        role={runnable ? 'tabpanel' : undefined}
        id={`${id}-details`}
        aria-labelledby={runnable ? `${id}-details-tab` : undefined}
        hidden={shown !== 'details'}
      >
        <p>
          <ToolStateBadge state={row.state} /> <span className="muted">{t('detail.on')}</span>{' '}
          {row.server ?? <em>{t('detail.noServer')}</em>}
        </p>
        <NameWarningNote warning={nameWarning} />
        <p className="tool-reason" data-testid="tool-reason" data-reason-code={row.reason.code}>
          {messageText(row.reason)}
        </p>
        <div className="actions">
          <button type="button" className="btn" onClick={() => onExplain(row.toolId)}>
            {t('detail.explainThisTool')}
          </button>
          {row.state === 'unmounted' && row.server !== null && (
            <button
              type="button"
              className="btn"
              aria-pressed={chosen}
              data-testid="detail-mount-toggle"
              onClick={() => toggleMount(key)}
            >
              {chosen ? t('detail.chosenForMount') : t('detail.chooseForMount')}
            </button>
          )}
        </div>
        {detail.isPending ? (
          <Loading>{t('detail.loading', { toolId: row.toolId })}</Loading>
        ) : detail.isError ? (
          <LoadError
            what={t('detail.theDetailOf', { toolId: row.toolId })}
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <ToolDetailBody entry={detail.data.entry} binding={detail.data.binding ?? undefined} />
        )}
      </div>
      {runnable && (
        <div role="tabpanel" id={`${id}-run`} aria-labelledby={`${id}-run-tab`} hidden={shown !== 'run'}>
          <RunToolPanel key={`${row.server}/${row.toolId}`} row={{ ...row, server: row.server as string }} />
        </div>
      )}
    </aside>
  );
}

const TABS = ['details', 'run'] as const;

/** Details | Run by hand: the WAI-ARIA tabs pattern (←/→ move between the tabs, one tab stop). */
function DetailTabs({ id, shown, onShow }: { id: string; shown: DetailTab; onShow: (tab: DetailTab) => void }) {
  const { t } = useTranslation('tools');
  const refs = useRef<Record<DetailTab, HTMLButtonElement | null>>({ details: null, run: null });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.indexOf(shown);
    const next =
      event.key === 'Home'
        ? TABS[0]
        : event.key === 'End'
          ? TABS[TABS.length - 1]
          : TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    onShow(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="detail-tabs" role="tablist" aria-label={t('detail.tabs.label')} onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-${tab}-tab`}
          aria-selected={shown === tab}
          aria-controls={`${id}-${tab}`}
          tabIndex={shown === tab ? 0 : -1}
          className="detail-tab"
          data-tab={tab}
          onClick={() => onShow(tab)}
        >
          {t(`detail.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/** The fetched part: quarantine, descriptions, definition, nodes and gating skills. */
function ToolDetailBody({ entry, binding }: { entry: CatalogEntry; binding: CatalogBinding | undefined }) {
  const { t } = useTranslation('tools');
  // Bound tools carry their definition; a quarantined one carries the definition offered now.
  // A discovered tool nobody mounts: its definition as its server offers it now (the Run form is built from it too).
  const offered = useRpcQuery(
    'tools.definition',
    { toolId: entry.toolId, server: entry.server ?? '' },
    { enabled: !binding && !entry.quarantine && entry.server !== null },
  );
  const definition = binding ?? (entry.quarantine ? entry.quarantine.current : (offered.data ?? null));
  const schemaCapped = binding?.schemaCapped ?? entry.schemaCapped ?? null;
  return (
    <>
      <QuarantineSection entry={entry} />
      {entry.overrideStale && entry.server && <OverrideStaleNotice toolId={entry.toolId} server={entry.server} />}

      <DescriptionSent entry={entry} binding={binding} />

      <h3>{t('detail.definition')}</h3>
      {definition ? (
        <>
          {!binding && (
            <p className="muted small">
              {entry.quarantine ? t('detail.asOfferedNow') : t('detail.unmountedAsOffered', { toolId: entry.toolId })}
            </p>
          )}
          <DefinitionFacts definition={definition} binding={binding} schemaCapped={schemaCapped} />
        </>
      ) : offered.isLoading ? (
        <Loading>{t('detail.loading', { toolId: entry.toolId })}</Loading>
      ) : offered.isError ? (
        <LoadError
          what={t('detail.theDetailOf', { toolId: entry.toolId })}
          error={offered.error}
          onRetry={() => void offered.refetch()}
        />
      ) : (
        <p className="state-empty small">{t('detail.noServerOffers')}</p>
      )}
      {binding && binding.shadows.length > 0 && (
        <p className="muted small">
          {t('detail.alsoOfferedBy', { shadows: binding.shadows.join(', '), server: binding.server })}
        </p>
      )}
      <ToolIcons entry={entry} />

      <WhoUsesIt entry={entry} />
    </>
  );
}

type Binding = CatalogBinding | undefined;

/** The description the model is sent: the server's own or an intent node's override (with the difference). */
function DescriptionSent({ entry, binding }: { entry: CatalogEntry; binding: Binding }) {
  const { t } = useTranslation('tools');
  const effective = binding?.description ?? entry.description;
  const remote = binding?.remoteDescription ?? entry.remoteDescription;
  const overridden = binding
    ? binding.descriptionSource === 'node'
    : entry.description !== null && entry.description !== entry.remoteDescription;
  const truncated = binding?.descriptionTruncated ?? entry.descriptionTruncated ?? null;
  return (
    <>
      <h3>{t('detail.descriptionSent')}</h3>
      {effective === null || effective === undefined ? (
        <p className="state-empty small">{t('detail.notSent')}</p>
      ) : (
        <>
          <p className="effective-description" data-testid="effective-description">
            {effective || <em className="muted">{t('detail.empty')}</em>}
          </p>
          {truncated && (
            <p className="warn-text small" role="note" data-testid="description-truncated">
              {t('detail.truncated', { bytes: formatNumber(truncated.bytes), limit: formatNumber(truncated.limit) })}
            </p>
          )}
          <p className="muted small">{overridden ? t('detail.overridden') : t('detail.serversOwnText')}</p>
          {overridden && remote !== null && <DescriptionDiff original={remote} override={effective} />}
        </>
      )}
      {overridden && remote !== null && (
        <details>
          <summary className="small">{t('detail.serversOriginal')}</summary>
          <blockquote className="remote-description">{remote}</blockquote>
        </details>
      )}
    </>
  );
}

interface DefinitionProps {
  /** A bound tool's, the quarantined one's as offered now, or an unmounted one's as its server offers it. */
  definition: { inputSchema: Record<string, unknown>; annotations?: Record<string, unknown> | null };
  binding: Binding;
  schemaCapped: NonNullable<CatalogEntry['schemaCapped']> | null;
}

/** The definition's annotations (MCP's names), its confirmation, where its schema was capped, and the schema. */
function DefinitionFacts({ definition, binding, schemaCapped }: DefinitionProps) {
  const { t } = useTranslation('tools');
  const annotations = definition.annotations ?? null;
  return (
    <>
      <dl className="facts compact">
        {HINTS.map((hint) => (
          <div key={hint} className="fact-row">
            <dt>{hint}</dt>
            <dd>
              {annotations && hint in annotations ? (
                String(annotations[hint])
              ) : (
                <span className="muted">{t('detail.notDeclared')}</span>
              )}
            </dd>
          </div>
        ))}
        {typeof annotations?.title === 'string' && (
          <div className="fact-row">
            <dt>{TITLE_ANNOTATION}</dt>
            <dd>{annotations.title}</dd>
          </div>
        )}
        {binding && (
          <div className="fact-row">
            <dt>{t('detail.confirmation')}</dt>
            <dd>{binding.confirm}</dd>
          </div>
        )}
      </dl>
      {schemaCapped && (
        <p className="warn-text small" role="note" data-testid="schema-capped">
          {t(schemaCapped.whole ? 'detail.schemaWithheld' : 'detail.schemaCapped', {
            bytes: formatNumber(schemaCapped.bytes),
            sent: formatNumber(schemaCapped.sentBytes),
            limit: formatNumber(schemaCapped.limit),
            texts: schemaCapped.textsCut,
            enums: schemaCapped.enumsCut,
            depth: schemaCapped.depthCut,
          })}
        </p>
      )}
      <SchemaView schema={definition.inputSchema} />
    </>
  );
}

/** The intent nodes that mount the tool and the skills that gate it, each a link. */
function WhoUsesIt({ entry }: { entry: CatalogEntry }) {
  const { t } = useTranslation('tools');
  return (
    <>
      <h3>{t('detail.intentNodes')}</h3>
      {entry.nodes.length === 0 ? (
        <p className="state-empty small">{t('detail.noNodeMounts')}</p>
      ) : (
        <ul className="plain-list">
          {entry.nodes.map((node) => (
            <li key={node}>
              <button type="button" className="link" onClick={() => openIntentNode(node)}>
                {node}
              </button>
            </li>
          ))}
        </ul>
      )}

      <h3>{t('detail.gatingSkills')}</h3>
      {entry.gatedBy.length === 0 ? (
        <p className="state-empty small">{t('detail.noSkillGates')}</p>
      ) : (
        <>
          <p className="muted small">{t('detail.withheldUntil')}</p>
          <ul className="plain-list">
            {entry.gatedBy.map((skill) => (
              <li key={skill}>
                <button type="button" className="link" onClick={() => openSkill(skill)}>
                  {skill}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The server's icons for the tool: the inline images shown, and how many were not (see shared/mcp/icons.ts). */
function ToolIcons({ entry }: { entry: CatalogEntry }) {
  const { t } = useTranslation('tools');
  const shown = entry.icons ?? [];
  const withheld = entry.iconsWithheld ?? 0;
  if (shown.length === 0 && withheld === 0) return null;
  return (
    <>
      <h3>{t('detail.icons')}</h3>
      {shown.length > 0 && (
        <p data-testid="tool-icons">
          {shown.map((icon, i) => (
            <span
              key={i}
              title={
                [icon.sizes?.join(' '), icon.theme && t('detail.iconTheme', { theme: icon.theme })]
                  .filter(Boolean)
                  .join(', ') || undefined
              }
            >
              <ToolIcon src={icon.src} />
            </span>
          ))}
        </p>
      )}
      {withheld > 0 && (
        <p className="muted small" data-testid="icons-withheld">
          {t('detail.iconsWithheld', { count: withheld })}
        </p>
      )}
    </>
  );
}
