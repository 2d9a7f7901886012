import { nodeAt, type NodePath } from './tree-ops';
import type { IntentEditing } from './use-intent-editing';
import { useTranslation } from 'react-i18next';

/** Save / discard, the save outcome, and every problem by node (each one selects its node). */
export function SaveBar({ editing }: { editing: IntentEditing }) {
  const { t } = useTranslation(['intents', 'common']);
  const { status, outcome } = editing;
  const problemRows = [...editing.problems.entries()];
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${status}`} data-testid="intents-status">
          {t(`save.status.${status}`)}
        </span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={status === 'clean' || editing.saving}
          onClick={editing.save}
        >
          {editing.saving ? t('save.saving') : t('save.save')}
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || editing.saving} onClick={editing.discard}>
          {t('save.discard')}
        </button>
        <span className="muted small" role="note">
          {t('save.nextTurn')}
        </span>
      </div>
      {outcome?.kind === 'saved' && (
        <p role="status" className="ok-text" data-testid="intents-saved">
          {t('save.saved', { revision: outcome.revision })}
        </p>
      )}
      {outcome?.kind === 'blocked' && (
        <p role="alert" className="field-error">
          {t('save.blocked', { count: outcome.count })}
        </p>
      )}
      {outcome?.kind === 'invalid' && (
        <p role="alert" className="field-error">
          {t('save.invalid', { message: outcome.message })}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="field-error">
          {t('save.failed', { message: outcome.message })}
        </p>
      )}
      {(outcome?.kind === 'conflict' || status === 'stale') && (
        <div className="warn-notice" role="alert" data-testid="intents-conflict">
          <p>{t('save.conflict')}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={editing.discard}>
              {t('save.reload')}
            </button>
            <button type="button" className="btn btn-danger-quiet" disabled={editing.saving} onClick={editing.saveOver}>
              {t('save.saveMineOver')}
            </button>
          </div>
        </div>
      )}
      {(problemRows.length > 0 || editing.generalProblems.length > 0) && (
        <ul className="problems" data-testid="intent-problems" aria-label={t('save.problems')}>
          {problemRows.flatMap(([key, list]) => {
            const path: NodePath = key.split('/').map(Number);
            const node = nodeAt(editing.tree, path);
            return list.map((problem, index) => (
              <li key={`${key}:${index}`}>
                <button type="button" className="link" onClick={() => editing.reveal(path)}>
                  {node
                    ? t('save.nodeRef', { name: node.name || t('tree.noName'), id: node.id || t('save.noId') })
                    : t('save.nodeAt', { key })}
                </button>
                {problem.field ? ` · ${problem.field}` : ''}: {problem.message}
              </li>
            ));
          })}
          {editing.generalProblems.map((problem, index) => (
            <li key={`general:${index}`}>
              <code>{problem.path || t('common:shared.config')}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
