import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { CatalogListView } from '../../../../shared/contract';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { ExplainBox } from './ExplainBox';
import { ToolDetail } from './ToolDetail';
import { RefusedDefinitions } from './RefusedDefinitions';
import { ToolsFilterBar } from './ToolsFilterBar';
import { catalogRows } from '../../lib/catalog/catalog-rows';
import { filterEntries, prepareEntries, type PreparedEntry } from './tools-filter';
import { countCatalog } from '../../../../shared/catalog/catalog-counts';
import { sentRemoteTools, toolFunnel } from '../../../../shared/catalog/tool-funnel';
import { ToolFunnel } from '../../components/ToolFunnel';
import { useLastModelStep } from '../../lib/catalog/use-last-step';
import { useCatalogDescriptions } from '../../lib/catalog/use-catalog-descriptions';
import { useToolsUiStore } from './tools-ui-store';
import { ToolsList } from './ToolsList';
import { MountBar } from './MountBar';
import { nameWarnings } from '../../../../shared/catalog/lookalike-names';
import './tools.css';
import { useTranslation } from 'react-i18next';
import { useMessageSearchText } from '../../lib/i18n/messages';

/** The intersection: every discovered or configured tool, its state and the reason for it, and explain. */
export function ToolsPage() {
  // The slim list (no schemas, no descriptions): the selected row's detail is fetched on its own (catalog.tool).
  const catalog = useRpcQuery('catalog.list', {});
  const { t } = useTranslation('tools');
  return (
    <section aria-labelledby="tools-title" className="tools-page">
      <h1 id="tools-title">{t('page.title')}</h1>
      {catalog.isPending ? (
        <Loading>{t('page.loading')}</Loading>
      ) : catalog.isError ? (
        <LoadError what={t('page.theCatalog')} error={catalog.error} onRetry={() => void catalog.refetch()} />
      ) : (
        <ToolsView view={catalog.data} />
      )}
    </section>
  );
}

function ToolsView({ view }: { view: CatalogListView }) {
  const entries = catalogRows(view);
  // One definition of every count (shared/catalog/catalog-counts): the header, the chips and the CLI agree.
  const counts = useMemo(() => countCatalog(entries.map((e) => e.state)), [entries]);
  const servers = useMemo(() => view.servers.map((s) => s.name), [view.servers]);
  const { warnings, names } = useToolNames(view.localToolNames, entries);
  const { sent, funnel, sentLabel } = useSentFunnel(entries, servers);
  const { prepared, rows, onSearchFocus } = useShownRows(entries, sent);

  return (
    <>
      <CatalogHeader view={view} counts={counts} />
      <CatalogFunnel funnel={funnel} sentLabel={sentLabel} />
      <RefusedDefinitions servers={view.servers} />
      <ToolsFilterBar
        counts={counts}
        servers={servers}
        shown={rows.length}
        total={entries.length}
        onSearchFocus={onSearchFocus}
      />
      <MountChoice prepared={prepared} rows={rows} all={entries} warnings={warnings} />
      <ToolsColumns prepared={prepared} rows={rows} anyTools={entries.length > 0} warnings={warnings} />
      <ExplainBox names={names} skills={view.skillNames} />
    </>
  );
}

type NameWarnings = ReturnType<typeof nameWarnings>;

/**
 * Every tool name, local and remote: look-alikes among them (a Cyrillic о, a zero-width space) are warned about on
 * rows, in the detail and in Mount; the explain box offers them, sorted and once each.
 */
function useToolNames(localToolNames: readonly string[], entries: ReturnType<typeof catalogRows>) {
  const warnings = useMemo(
    () => nameWarnings([...localToolNames, ...entries.map((e) => e.toolId)]),
    [entries, localToolNames],
  );
  const names = useCallback(
    () => [...new Set([...localToolNames, ...entries.map((e) => e.toolId)])].sort(),
    [entries, localToolNames],
  );
  return { warnings, names };
}

interface ShownRows {
  prepared: readonly PreparedEntry[];
  rows: readonly PreparedEntry[];
  warnings: NameWarnings;
}

/** The list (or why it is empty) and, beside it, the selected tool's detail. */
function ToolsColumns({ prepared, rows, anyTools, warnings }: ShownRows & { anyTools: boolean }) {
  const { t } = useTranslation('tools');
  const ui = useToolsUiStore();
  const selected = ui.selectedKey === null ? undefined : prepared.find((row) => row.key === ui.selectedKey)?.entry;
  return (
    <div className={selected ? 'tools-columns with-detail' : 'tools-columns'}>
      <div className="tools-main">
        {!anyTools ? (
          <Empty>{t('page.noToolsYet')}</Empty>
        ) : rows.length === 0 ? (
          <Empty>{t('page.noMatch')}</Empty>
        ) : (
          <ToolsList
            warnings={warnings}
            rows={rows}
            selectedKey={ui.selectedKey}
            onSelect={ui.select}
            toMount={ui.toMount}
            onToggleMount={ui.toggleMount}
          />
        )}
      </div>
      {selected && (
        <ToolDetail
          nameWarning={warnings.get(selected.toolId)}
          row={selected}
          onExplain={(toolId) => ui.askExplain(toolId, [])}
          onClose={() => ui.select(null)}
        />
      )}
    </div>
  );
}

/** The Mount bar, while unmounted tools are chosen. */
function MountChoice({ prepared, rows, all, warnings }: ShownRows & { all: ReturnType<typeof catalogRows> }) {
  const addToMount = useToolsUiStore((ui) => ui.addToMount);
  const clearMount = useToolsUiStore((ui) => ui.clearMount);
  const { chosen, shownUnmounted } = useMountChoice(prepared, rows);
  if (chosen.length === 0) return null;
  return (
    <MountBar
      warnings={warnings}
      chosen={chosen}
      all={all}
      shownUnmounted={shownUnmounted}
      onChooseShown={() => addToMount(shownUnmounted)}
      onClear={clearMount}
    />
  );
}

/** The funnel as the list's filter: a stage, a dropped state or a server pressed again clears it. */
function CatalogFunnel({ funnel, sentLabel }: { funnel: ReturnType<typeof toolFunnel>; sentLabel: string }) {
  const ui = useToolsUiStore();
  return (
    <ToolFunnel
      funnel={funnel}
      sentLabel={sentLabel}
      active={{ stage: ui.stage, state: ui.state, server: ui.server }}
      onStage={ui.setStage}
      onState={(state) => ui.setState(ui.state === state ? null : state)}
      onServer={(server) => ui.setServer(ui.server === server ? null : server)}
    />
  );
}

/** The unmounted tools chosen for Mount, and the shown ones that could be (for "choose all shown"). */
function useMountChoice(prepared: readonly PreparedEntry[], rows: readonly PreparedEntry[]) {
  const toMount = useToolsUiStore((ui) => ui.toMount);
  const chosen = useMemo(
    () =>
      prepared.filter((row) => toMount.includes(row.key) && row.entry.state === 'unmounted').map((row) => row.entry),
    [prepared, toMount],
  );
  const shownUnmounted = useMemo(
    () => rows.filter((row) => row.entry.state === 'unmounted' && row.entry.server !== null).map((row) => row.key),
    [rows],
  );
  return { chosen, shownUnmounted };
}

/** How many tools, servers, bound and gated ones and bindings; the catalog revision and the local tools. */
function CatalogHeader({ view, counts }: { view: CatalogListView; counts: ReturnType<typeof countCatalog> }) {
  const { t } = useTranslation(['tools', 'common']);
  return (
    <p className="muted">
      {t('page.toolsAcrossServers', {
        count: counts.tools,
        servers: t('page.servers', { count: view.servers.length }),
      })}{' '}
      ·{' '}
      <span data-testid="tools-header-counts">
        {t('page.boundGated', {
          bound: counts.byState.bound,
          gated: counts.byState.gated,
          bindings: t('page.bindings', { count: counts.bindings }),
        })}
      </span>{' '}
      {t('page.revisionAndLocals', {
        revision: view.revision,
        locals: view.localToolNames.join(', ') || t('common:shared.none'),
      })}
    </p>
  );
}

/** The funnel, whose last stage is what the latest model call of the latest conversation received. */
function useSentFunnel(entries: ReturnType<typeof catalogRows>, servers: readonly string[]) {
  const { t } = useTranslation(['tools', 'common']);
  const last = useLastModelStep();
  const sent = useMemo(() => sentRemoteTools(last.step), [last.step]);
  const funnel = useMemo(() => toolFunnel(entries, servers, sent), [entries, servers, sent]);
  const sentLabel = last.step
    ? t('page.sentLastTurn', {
        conversation: last.conversationTitle ?? t('page.aConversation'),
        step: last.step.step,
      })
    : t('page.sentEveryTurn');
  return { sent, funnel, sentLabel };
}

/**
 * The rows the search and the filters leave. Descriptions are fetched once the search is used; entries are prepared
 * once per catalog revision, so filtering only scans precomputed lower-case strings.
 */
function useShownRows(entries: ReturnType<typeof catalogRows>, sent: ReturnType<typeof sentRemoteTools>) {
  const ui = useToolsUiStore();
  const [searchFocused, setSearchFocused] = useState(false);
  const descriptions = useCatalogDescriptions(searchFocused || ui.query !== '');
  const reasonSearchText = useMessageSearchText();
  const prepared = useMemo(
    () => prepareEntries(entries, descriptions, reasonSearchText),
    [entries, descriptions, reasonSearchText],
  );
  // Typing stays responsive at 10,000 rows: the list catches up with the search a frame later.
  const query = useDeferredValue(ui.query);
  const rows = useMemo(
    () => filterEntries(prepared, { query, state: ui.state, server: ui.server, stage: ui.stage, sent }),
    [prepared, query, ui.state, ui.server, ui.stage, sent],
  );
  return { prepared, rows, onSearchFocus: () => setSearchFocused(true) };
}
