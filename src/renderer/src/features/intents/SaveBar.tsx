import type { IntentNode } from '../../../../shared/config/schema';
import type { Saved } from '../../lib/drafts/draft-store';
import type { FieldProblem } from '../../lib/rpc-problems';
import { useIntentDraftStore } from './intent-draft-store';
import type { IntentEdits } from './intent-edits';
import { nodeAt, type NodePath } from './tree-ops';
import type { ProblemsByNode } from './tree-validation';
import { useIntentSave } from './use-intent-editing';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DraftSaveBar } from '../../components/DraftSaveBar';

interface Props {
  saved: Saved<IntentNode[]>;
  serverNames: readonly string[] | undefined;
  tree: IntentNode[];
  problems: ProblemsByNode;
  general: readonly FieldProblem[];
  edits: IntentEdits;
}

/** Save / discard for the tree (the shared save bar), with every problem by node (each one selects its node). */
export function SaveBar({ saved, serverNames, tree, problems, general, edits }: Props) {
  const { t } = useTranslation('intents');
  const save = useIntentSave(saved, serverNames);
  const outcome = useIntentDraftStore((state) => state.outcome);
  return (
    <DraftSaveBar
      save={save}
      outcome={outcome}
      what={t('save.what')}
      saveLabel={t('save.save')}
      testId="intents"
      problemRows={problemRows(tree, problems, edits.reveal, t)}
      general={general}
    />
  );
}

/** Every problem by node; each one selects its node. */
function problemRows(
  tree: IntentNode[],
  problems: ProblemsByNode,
  onReveal: (path: NodePath) => void,
  t: TFunction<'intents'>,
) {
  return [...problems.entries()].flatMap(([key, list]) => {
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
  });
}
