import { useCallback, useDeferredValue, useMemo } from 'react';
import { Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { indexCatalog } from '../../lib/catalog/tool-index';
import { IntentToolbar } from './IntentToolbar';
import { IntentTree } from './IntentTree';
import { useIntentDraftStore } from './intent-draft-store';
import { NodeEditor } from './NodeEditor';
import { PreviewPanel } from './PreviewPanel';
import { SaveBar } from './SaveBar';
import { findPathById, nameFromTool, pathKey } from './tree-ops';
import { useIntentEditing, type SavedTree } from './use-intent-editing';
import { useMountRequest, useOpenRequest, useUnsavedChangesGuard, type MountRequest } from '../../app/navigation';
import './intents.css';
import { useTranslation } from 'react-i18next';

/** The intent tree: which discovered tools are mounted, how they are described, and when calls are confirmed. */
export function IntentsPage() {
  const { t } = useTranslation('intents');
  const intents = useRpcQuery('intents.get', {});
  return (
    <section aria-labelledby="intents-title" className="intents-page">
      <h1 id="intents-title">{t('page.title')}</h1>
      {intents.isPending ? (
        <Loading>{t('page.loading')}</Loading>
      ) : intents.isError ? (
        <LoadError what={t('page.theIntentTree')} error={intents.error} onRetry={() => void intents.refetch()} />
      ) : (
        <IntentEditor saved={intents.data} />
      )}
    </section>
  );
}

function IntentEditor({ saved }: { saved: SavedTree }) {
  // The slim list: states, servers and read-only hints for the tree and the picker; a node's texts come per tool.
  const { t } = useTranslation('intents');
  const catalog = useRpcQuery('catalog.list', {});
  const index = useMemo(() => (catalog.data ? indexCatalog(catalog.data) : null), [catalog.data]);
  const editing = useIntentEditing(saved, index?.serverNames);
  const discard = useIntentDraftStore((s) => s.discard);
  useUnsavedChangesGuard('intents', editing.status !== 'clean', discard, t('page.leaveMessage'));
  const { tree, reveal } = editing;
  const revealById = useCallback(
    (id: string) => {
      const path = findPathById(tree, id);
      if (path) reveal(path);
    },
    [tree, reveal],
  );
  useOpenRequest('intents', revealById);
  const { mountInto } = editing;
  useMountRequest(useCallback((request: MountRequest) => mountInto(request.categoryId, request.tools), [mountInto]));

  // The rows' state badges follow the catalog in a deferred (time-sliced) render: the 10,000-tool answer can land
  // just as the operator starts expanding categories.
  const badgeIndex = useDeferredValue(index);
  const toolStateOf = (toolId: string) => badgeIndex?.stateOf(toolId) ?? null;

  return (
    <>
      <SaveBar editing={editing} />
      {editing.status !== 'clean' && <PreviewPanel tree={editing.tree} />}
      {catalog.isError && (
        <LoadError what={t('page.theDiscoveredTools')} error={catalog.error} onRetry={() => void catalog.refetch()} />
      )}
      <div className="intents-columns">
        <div className="tree-pane">
          <IntentToolbar editing={editing} />
          <IntentTree
            tree={editing.tree}
            collapsed={editing.collapsed}
            selected={editing.selected}
            problems={editing.problems}
            toolStateOf={toolStateOf}
            onSelect={editing.select}
            onToggle={editing.toggle}
            onMove={editing.move}
            onDrop={editing.drop}
            onDelete={editing.remove}
            onRename={editing.rename}
          />
          <p className="muted small tree-help">{t('page.keyboardHelp')}</p>
        </div>
        <div className="editor-pane">
          {editing.selectedNode && editing.selected ? (
            <NodeEditor
              key={pathKey(editing.selected)}
              node={editing.selectedNode}
              index={index}
              problems={editing.problems.get(pathKey(editing.selected)) ?? []}
              renameRequested={editing.renameRequest === pathKey(editing.selected)}
              onRenameHandled={editing.renameHandled}
              onChange={(node) => editing.update(editing.selected!, node)}
              nameFromTool={(node) => nameFromTool(editing.tree, editing.selected!, node)}
            />
          ) : (
            <p className="state-empty">{t('page.selectANode')}</p>
          )}
        </div>
      </div>
    </>
  );
}
