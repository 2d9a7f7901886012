import { countDescendants } from './tree-ops';
import type { IntentEditing } from './use-intent-editing';

/** Add, move and delete for the selected node; the same moves are on Alt+arrows in the tree. */
export function IntentToolbar({ editing }: { editing: IntentEditing }) {
  const { selected, selectedNode } = editing;
  const where = selectedNode?.kind === 'category' ? `into ${selectedNode.name}` : selectedNode ? `after ${selectedNode.name}` : 'at the end';
  const descendants = selectedNode ? countDescendants(selectedNode) : 0;
  return (
    <div className="intent-toolbar">
      <div className="actions" role="group" aria-label={`Add a node ${where}`}>
        <span className="muted small">Add {where}:</span>
        <button type="button" className="btn btn-small" onClick={() => editing.add('category')}>
          + Category
        </button>
        <button type="button" className="btn btn-small" onClick={() => editing.add('mcp')}>
          + MCP tool
        </button>
        <button type="button" className="btn btn-small" onClick={() => editing.add('knowledge')}>
          + Knowledge
        </button>
      </div>
      <div className="actions" role="group" aria-label="Move or delete the selected node">
        <button type="button" className="btn btn-small" disabled={!editing.canMove(selected, 'up')} onClick={() => selected && editing.move(selected, 'up')} title="Alt+↑">
          Move up
        </button>
        <button type="button" className="btn btn-small" disabled={!editing.canMove(selected, 'down')} onClick={() => selected && editing.move(selected, 'down')} title="Alt+↓">
          Move down
        </button>
        <button type="button" className="btn btn-small" disabled={!editing.canMove(selected, 'into')} onClick={() => selected && editing.move(selected, 'into')} title="Alt+→">
          Into category above
        </button>
        <button type="button" className="btn btn-small" disabled={!editing.canMove(selected, 'out')} onClick={() => selected && editing.move(selected, 'out')} title="Alt+←">
          Out of category
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger-quiet"
          disabled={!selected}
          onClick={() => selected && editing.remove(selected)}
          title={descendants ? `Also removes the ${descendants} node${descendants > 1 ? 's' : ''} inside (Delete)` : 'Delete'}
        >
          Delete{descendants ? ` (+${descendants} inside)` : ''}
        </button>
      </div>
    </div>
  );
}
