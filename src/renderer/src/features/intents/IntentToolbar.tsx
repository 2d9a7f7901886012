import type { IntentNode } from '../../../../shared/config/schema';
import { canMove as canMoveIn, type IntentEdits } from './intent-edits';
import type { MoveKind } from './IntentTree';
import { countDescendants, type NodePath } from './tree-ops';
import { useIntentSelection } from './use-intent-editing';
import { useTranslation } from 'react-i18next';

/** The kinds of node the toolbar adds, each with its button's words. */
const ADDS = [
  { kind: 'category', label: 'toolbar.addCategory' },
  { kind: 'mcp', label: 'toolbar.addMcp' },
  { kind: 'knowledge', label: 'toolbar.addKnowledge' },
] as const;

/** Each move in the tree, its button's words and its keys (the same on every keyboard layout and in every language). */
const MOVES = [
  { kind: 'up', label: 'toolbar.moveUp', shortcut: 'Alt+↑' },
  { kind: 'down', label: 'toolbar.moveDown', shortcut: 'Alt+↓' },
  { kind: 'into', label: 'toolbar.intoCategoryAbove', shortcut: 'Alt+→' },
  { kind: 'out', label: 'toolbar.outOfCategory', shortcut: 'Alt+←' },
] as const satisfies readonly { kind: MoveKind; label: string; shortcut: string }[];

/** Add, move and delete for the selected node; the same moves are on Alt+arrows in the tree. */
export function IntentToolbar({ tree, edits }: { tree: IntentNode[]; edits: IntentEdits }) {
  const { selected, selectedNode } = useIntentSelection(tree);
  const canMove = (path: NodePath | null, kind: MoveKind) => canMoveIn(tree, path, kind);
  const { t } = useTranslation('intents');
  const where =
    selectedNode?.kind === 'category'
      ? t('toolbar.into', { name: selectedNode.name })
      : selectedNode
        ? t('toolbar.after', { name: selectedNode.name })
        : t('toolbar.atTheEnd');
  const descendants = selectedNode ? countDescendants(selectedNode) : 0;
  return (
    <div className="intent-toolbar">
      <div className="actions" role="group" aria-label={t('toolbar.addANode', { where })}>
        <span className="muted small">{t('toolbar.add', { where })}</span>
        {ADDS.map(({ kind, label }) => (
          <button key={kind} type="button" className="btn btn-small" onClick={() => edits.add(kind)}>
            {t(label)}
          </button>
        ))}
      </div>
      <div className="actions" role="group" aria-label={t('toolbar.moveOrDelete')}>
        {MOVES.map(({ kind, label, shortcut }) => (
          <button
            key={kind}
            type="button"
            className="btn btn-small"
            disabled={!canMove(selected, kind)}
            onClick={() => selected && edits.move(selected, kind)}
            title={shortcut}
          >
            {t(label)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small btn-danger-quiet"
          disabled={!selected}
          onClick={() => selected && edits.remove(selected)}
          title={descendants ? t('toolbar.alsoRemoves', { count: descendants }) : t('toolbar.deleteKey')}
        >
          {descendants ? t('toolbar.deleteWithInside', { count: descendants }) : t('toolbar.delete')}
        </button>
      </div>
    </div>
  );
}
