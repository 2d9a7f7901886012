import type { IntentNode } from '../../../../shared/config/schema';
import type { Saved } from '../../lib/drafts/draft-store';
import { failureText, problemText, type FieldProblem } from '../../lib/rpc-problems';
import { useIntentDraftStore } from './intent-draft-store';
import type { IntentEdits } from './intent-edits';
import { nodeAt, type NodePath } from './tree-ops';
import type { ProblemsByNode } from './tree-validation';
import { useIntentSave } from './use-intent-editing';
import { useTranslation } from 'react-i18next';

interface Props {
  saved: Saved<IntentNode[]>;
  serverNames: readonly string[] | undefined;
  tree: IntentNode[];
  problems: ProblemsByNode;
  general: readonly FieldProblem[];
  edits: IntentEdits;
}

/** Save / discard, the save outcome, and every problem by node (each one selects its node). */
export function SaveBar({ saved, serverNames, tree, problems, general, edits }: Props) {
  const { t } = useTranslation(['intents', 'common']);
  const save = useIntentSave(saved, serverNames);
  const outcome = useIntentDraftStore((state) => state.outcome);
  const { status } = save;
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${status}`} data-testid="intents-status">
          {t(`save.status.${status}`)}
        </span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={status === 'clean' || save.saving}
          onClick={save.save}
        >
          {save.saving ? t('save.saving') : t('save.save')}
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || save.saving} onClick={save.discard}>
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
          {t('save.invalid', { message: failureText(outcome) })}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="field-error">
          {t('save.failed', { message: failureText(outcome) })}
        </p>
      )}
      {(outcome?.kind === 'conflict' || status === 'stale') && (
        <div className="warn-notice" role="alert" data-testid="intents-conflict">
          <p>{t('save.conflict')}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={save.discard}>
              {t('save.reload')}
            </button>
            <button type="button" className="btn btn-danger-quiet" disabled={save.saving} onClick={save.saveOver}>
              {t('save.saveMineOver')}
            </button>
          </div>
        </div>
      )}
      <ProblemRows tree={tree} problems={problems} general={general} onReveal={edits.reveal} />
    </div>
  );
}

interface ProblemRowsProps {
  tree: IntentNode[];
  problems: ProblemsByNode;
  general: readonly FieldProblem[];
  onReveal: (path: NodePath) => void;
}

/** Every problem by node (each one selects its node), then main's problems that name no node. */
function ProblemRows({ tree, problems, general, onReveal }: ProblemRowsProps) {
  const { t } = useTranslation(['intents', 'common']);
  const problemRows = [...problems.entries()];
  if (problemRows.length === 0 && general.length === 0) return null;
  return (
    <ul className="problems" data-testid="intent-problems" aria-label={t('save.problems')}>
      {problemRows.flatMap(([key, list]) => {
        const path: NodePath = key.split('/').map(Number);
        const node = nodeAt(tree, path);
        return list.map((problem, index) => (
          <li key={`${key}:${index}`}>
            <button type="button" className="link" onClick={() => onReveal(path)}>
              {node
                ? t('save.nodeRef', { name: node.name || t('tree.noName'), id: node.id || t('save.noId') })
                : t('save.nodeAt', { key })}
            </button>
            {problem.field ? ` · ${problem.field}` : ''}: {problem.message}
          </li>
        ));
      })}
      {general.map((problem, index) => (
        <li key={`general:${index}`}>
          <code>{problem.path || t('common:shared.config')}</code>: {problemText(problem)}
        </li>
      ))}
    </ul>
  );
}
