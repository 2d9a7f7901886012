import { useEffect, useId, useRef } from 'react';
import type { IntentNode, KnowledgeLeaf } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import type { ToolIndex } from '../../lib/catalog/tool-index';
import { ExamplesEditor } from './ExamplesEditor';
import { McpNodeEditor } from './McpNodeEditor';
import { countDescendants } from './tree-ops';
import type { NodeProblem } from './tree-validation';
import { useTranslation } from 'react-i18next';

interface Props {
  node: IntentNode;
  index: ToolIndex | null;
  problems: readonly NodeProblem[];
  /** True when the name field should take focus (F2 in the tree, or right after adding the node). */
  renameRequested: boolean;
  onRenameHandled: () => void;
  onChange: (node: IntentNode) => void;
  nameFromTool?: (node: Extract<IntentNode, { kind: 'mcp' }>) => Extract<IntentNode, { kind: 'mcp' }>;
}

const HANDLED_FIELDS = new Set(['id', 'name', 'toolId', 'server', 'description']);

/** The selected node's fields; problems from validation (local or main's) appear next to the field they concern. */
export function NodeEditor({ node, index, problems, renameRequested, onRenameHandled, onChange, nameFromTool }: Props) {
  const { t } = useTranslation('intents');
  const nameInput = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (!renameRequested) return;
    nameInput.current?.focus();
    nameInput.current?.select();
    onRenameHandled();
  }, [renameRequested, onRenameHandled]);
  const errorsOf = (field: string) => problems.filter((p) => p.field === field).map((p) => p.message);
  const otherProblems = problems
    .filter((p) => !HANDLED_FIELDS.has(p.field))
    .map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));

  return (
    <section className="node-editor" aria-labelledby={`${id}-title`} data-testid="node-editor">
      <h2 id={`${id}-title`}>
        {t('editor.title', { kind: t(`editor.kinds.${node.kind}`), name: node.name || node.id })}
      </h2>
      <FieldErrors id={`${id}-other`} messages={otherProblems} />
      <div className="field-pair">
        <TextField
          label={t('editor.name')}
          value={node.name}
          onChange={(name) => onChange({ ...node, name })}
          errors={errorsOf('name')}
          ref={nameInput}
        />
        <TextField
          label={t('editor.id')}
          value={node.id}
          onChange={(nodeId) => onChange({ ...node, id: nodeId })}
          errors={errorsOf('id')}
          spellCheck={false}
          hint={t('editor.idHint')}
        />
      </div>
      {node.kind === 'category' && (
        <p className="muted">
          {t('editor.categorySummary', {
            children: t('editor.children', { count: node.children.length }),
            count: countDescendants(node),
          })}
        </p>
      )}
      {node.kind === 'mcp' && (
        <McpNodeEditor node={node} index={index} errorsOf={errorsOf} onChange={onChange} nameFromTool={nameFromTool} />
      )}
      {node.kind === 'knowledge' && (
        <div className="form-field">
          <label htmlFor={`${id}-kdesc`}>{t('editor.description')}</label>
          <textarea
            id={`${id}-kdesc`}
            rows={3}
            value={node.description ?? ''}
            onChange={(event) => {
              const next: KnowledgeLeaf = { ...node, description: event.target.value };
              if (!event.target.value) delete next.description;
              onChange(next);
            }}
          />
          <p className="muted small">{t('editor.knowledgeHelp')}</p>
        </div>
      )}
      <ExamplesEditor
        nodeId={node.id}
        testable={node.kind !== 'category'}
        examples={node.examples}
        onChange={(examples) => onChange({ ...node, examples })}
      />
    </section>
  );
}
