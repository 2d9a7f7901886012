import { useCallback, useDeferredValue, useMemo } from 'react';
import { Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { indexCatalog, type ToolIndex } from '../../lib/catalog/tool-index';
import { IntentToolbar } from './IntentToolbar';
import { IntentTree } from './IntentTree';
import { savedValueOf, useIntentDraftStore, useIntentTreeView, type SavedTree } from './intent-draft-store';
import { useIntentEdits, type IntentEdits } from './intent-edits';
import { NodeEditor } from './NodeEditor';
import { PreviewPanel } from './PreviewPanel';
import { SaveBar } from './SaveBar';
import { findPathById, nameFromTool, pathKey } from './tree-ops';
import { useIntentProblems, useIntentSelection, useIntentTree } from './use-intent-editing';
import type { ProblemsByNode } from './tree-validation';
import type { IntentNode } from '../../../../shared/config/schema';
import { useDraftStatus } from '../../lib/drafts/use-draft-save';
import { useShallow } from 'zustand/react/shallow';
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

function IntentEditor({ saved: savedTree }: { saved: SavedTree }) {
  // The slim list: states, servers and read-only hints for the tree and the picker; a node's texts come per tool.
  const { t } = useTranslation('intents');
  const catalog = useRpcQuery('catalog.list', {});
  const index = useMemo(() => (catalog.data ? indexCatalog(catalog.data) : null), [catalog.data]);
  const saved = useMemo(() => savedValueOf(savedTree), [savedTree]);
  const tree = useIntentTree(saved);
  const edits = useIntentEdits(saved);
  const { problems, general } = useIntentProblems(tree, index?.serverNames);
  const status = useDraftStatus(useIntentDraftStore, saved);
  useUnsavedChangesGuard('intents', status !== 'clean', useIntentDraftStore.getState().discard, t('page.leaveMessage'));
  useEditorRequests(tree, edits);

  return (
    <>
      <SaveBar
        saved={saved}
        serverNames={index?.serverNames}
        tree={tree}
        problems={problems}
        general={general}
        edits={edits}
      />
      {status !== 'clean' && <PreviewPanel tree={tree} />}
      {catalog.isError && (
        <LoadError what={t('page.theDiscoveredTools')} error={catalog.error} onRetry={() => void catalog.refetch()} />
      )}
      <div className="intents-columns">
        <div className="tree-pane">
          <IntentToolbar tree={tree} edits={edits} />
          <TreeView tree={tree} problems={problems} edits={edits} index={index} />
          <p className="muted small tree-help">{t('page.keyboardHelp')}</p>
        </div>
        <div className="editor-pane">
          <SelectedNodeEditor tree={tree} problems={problems} edits={edits} index={index} />
        </div>
      </div>
    </>
  );
}

/** "Open this node" and "mount these tools" from other pages. */
function useEditorRequests(tree: IntentNode[], edits: IntentEdits) {
  const { reveal, mountInto } = edits;
  const revealById = useCallback(
    (id: string) => {
      const path = findPathById(tree, id);
      if (path) reveal(path);
    },
    [tree, reveal],
  );
  useOpenRequest('intents', revealById);
  useMountRequest(useCallback((request: MountRequest) => mountInto(request.categoryId, request.tools), [mountInto]));
}

interface PaneProps {
  tree: IntentNode[];
  problems: ProblemsByNode;
  edits: IntentEdits;
  index: ToolIndex | null;
}

function TreeView({ tree, problems, edits, index }: PaneProps) {
  const { collapsed, setCollapsed, select } = useIntentTreeView(
    useShallow((view) => ({ collapsed: view.collapsed, setCollapsed: view.setCollapsed, select: view.select })),
  );
  const { selected } = useIntentSelection(tree);
  // The rows' state badges follow the catalog in a deferred (time-sliced) render: the 10,000-tool answer can land
  // just as the operator starts expanding categories.
  const badgeIndex = useDeferredValue(index);
  const toolStateOf = (toolId: string) => badgeIndex?.stateOf(toolId) ?? null;
  return (
    <IntentTree
      tree={tree}
      collapsed={collapsed}
      selected={selected}
      problems={problems}
      toolStateOf={toolStateOf}
      onSelect={select}
      onToggle={setCollapsed}
      onMove={edits.move}
      onDrop={edits.drop}
      onDelete={edits.remove}
      onRename={edits.rename}
    />
  );
}

function SelectedNodeEditor({ tree, problems, edits, index }: PaneProps) {
  const { t } = useTranslation('intents');
  const { selected, selectedNode } = useIntentSelection(tree);
  const renameRequest = useIntentTreeView((view) => view.renameRequest);
  if (!selected) return <p className="state-empty">{t('page.selectANode')}</p>;
  const key = pathKey(selected);
  return (
    <NodeEditor
      key={key}
      node={selectedNode}
      index={index}
      problems={problems.get(key) ?? []}
      renameRequested={renameRequest === key}
      onRenameHandled={() => useIntentTreeView.getState().requestRename(null)}
      onChange={(node) => edits.update(selected, node)}
      nameFromTool={(node) => nameFromTool(tree, selected, node)}
    />
  );
}
