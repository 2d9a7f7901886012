import { useCallback, useDeferredValue, useMemo } from 'react';
import type { CatalogView } from '../../../../shared/contract';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { ExplainBox } from './ExplainBox';
import { ToolDetail } from './ToolDetail';
import { ToolsFilterBar } from './ToolsFilterBar';
import { countByState, filterEntries, prepareEntries } from './tools-filter';
import { useToolsUiStore } from './tools-ui-store';
import { ToolsList } from './ToolsList';
import './tools.css';

/** The intersection: every discovered or configured tool, its state and the reason for it, and explain. */
export function ToolsPage() {
  const catalog = useRpcQuery('catalog.get', {});
  return (
    <section aria-labelledby="tools-title" className="tools-page">
      <h1 id="tools-title">Tools</h1>
      {catalog.isPending ? (
        <Loading>Loading the catalog…</Loading>
      ) : catalog.isError ? (
        <LoadError what="the catalog" error={catalog.error} onRetry={() => void catalog.refetch()} />
      ) : (
        <ToolsView view={catalog.data} />
      )}
    </section>
  );
}

function ToolsView({ view }: { view: CatalogView }) {
  const ui = useToolsUiStore();
  // Derived once per catalog revision; filtering then only scans precomputed lower-case strings.
  const prepared = useMemo(() => prepareEntries(view.entries), [view.entries]);
  const counts = useMemo(() => countByState(view.entries), [view.entries]);
  const servers = useMemo(() => view.servers.map((s) => s.name), [view.servers]);
  const names = useCallback(() => [...new Set([...view.localTools.map((t) => t.name), ...view.entries.map((e) => e.toolId)])].sort(), [view.entries, view.localTools]);
  const bindings = useMemo(() => new Map(view.bindings.map((b) => [b.toolId, b])), [view.bindings]);
  // Typing stays responsive at 10,000 rows: the list catches up with the search a frame later.
  const query = useDeferredValue(ui.query);
  const rows = useMemo(() => filterEntries(prepared, { query, state: ui.state, server: ui.server }), [prepared, query, ui.state, ui.server]);
  const selected = ui.selectedKey === null ? undefined : prepared.find((row) => row.key === ui.selectedKey)?.entry;
  const binding = selected ? bindings.get(selected.toolId) : undefined;

  return (
    <>
      <p className="muted">
        {view.entries.length} tool{view.entries.length === 1 ? '' : 's'} across {view.servers.length} server{view.servers.length === 1 ? '' : 's'} · {view.bindings.length} bound
        (catalog revision {view.revision}). Local tools sent before them: {view.localTools.map((t) => t.name).join(', ') || 'none'}.
      </p>
      <ToolsFilterBar counts={counts} servers={servers} shown={rows.length} total={view.entries.length} />
      <div className={selected ? 'tools-columns with-detail' : 'tools-columns'}>
        <div className="tools-main">
          {view.entries.length === 0 ? (
            <Empty>No tools yet: no server has offered any and no intent node names one. Add a server on the Servers page.</Empty>
          ) : rows.length === 0 ? (
            <Empty>No tool matches these filters.</Empty>
          ) : (
            <ToolsList rows={rows} selectedKey={ui.selectedKey} onSelect={ui.select} />
          )}
        </div>
        {selected && (
          <ToolDetail
            entry={selected}
            binding={binding && binding.server === selected.server ? binding : undefined}
            onExplain={(toolId) => ui.askExplain(toolId, [])}
            onClose={() => ui.select(null)}
          />
        )}
      </div>
      <ExplainBox names={names} skills={view.skills.map((s) => s.name)} />
    </>
  );
}
