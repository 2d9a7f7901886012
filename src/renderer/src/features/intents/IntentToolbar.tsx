import type { IntentNode } from '../../../../shared/config/schema';
import { canMove as canMoveIn, type IntentEdits } from './intent-edits';
import type { MoveKind } from './IntentTree';
import { countDescendants, type NodePath } from './tree-ops';
import { useIntentSelection } from './use-intent-editing';
import { useTranslation } from 'react-i18next';

/** The keys for each move in the tree: the same on every keyboard layout and in every language. */
const SHORTCUTS = { up: 'Alt+↑', down: 'Alt+↓', into: 'Alt+→', out: 'Alt+←' } as const;

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
        <button type="button" className="btn btn-small" onClick={() => edits.add('category')}>
          {t('toolbar.addCategory')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => edits.add('mcp')}>
          {t('toolbar.addMcp')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => edits.add('knowledge')}>
          {t('toolbar.addKnowledge')}
        </button>
      </div>
      <div className="actions" role="group" aria-label={t('toolbar.moveOrDelete')}>
        <button
          type="button"
          className="btn btn-small"
          disabled={!canMove(selected, 'up')}
          onClick={() => selected && edits.move(selected, 'up')}
          title={SHORTCUTS.up}
        >
          {t('toolbar.moveUp')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!canMove(selected, 'down')}
          onClick={() => selected && edits.move(selected, 'down')}
          title={SHORTCUTS.down}
        >
          {t('toolbar.moveDown')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!canMove(selected, 'into')}
          onClick={() => selected && edits.move(selected, 'into')}
          title={SHORTCUTS.into}
        >
          {t('toolbar.intoCategoryAbove')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!canMove(selected, 'out')}
          onClick={() => selected && edits.move(selected, 'out')}
          title={SHORTCUTS.out}
        >
          {t('toolbar.outOfCategory')}
        </button>
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
