import { JsonBlock } from '../../components/JsonBlock';
import type { ModelStep } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { StepFunnel } from './StepFunnel';

/**
 * Per model call of a turn, the exact tool definitions it was sent, with their token estimate:
 * the answer to "was the tool even in the list?". Tools new since the previous call are marked.
 */
export function VisibleToolsPanel({ steps }: { steps: ModelStep[] }) {
  if (steps.length === 0) return null;
  const last = steps[steps.length - 1];
  return (
    <details className="visible-tools" data-testid="visible-tools">
      <summary>
        Visible tools · {steps.length} model call{steps.length === 1 ? '' : 's'} · last: {last.tools.length} tools, {last.totalTokens} tokens
      </summary>
      <StepFunnel steps={steps} />
      {steps.map((step, index) => (
        <StepTools key={step.step} step={step} previous={index > 0 ? steps[index - 1] : undefined} />
      ))}
    </details>
  );
}

function StepTools({ step, previous }: { step: ModelStep; previous?: ModelStep }) {
  const before = new Set(previous?.tools.map((tool) => tool.name));
  const now = new Set(step.tools.map((tool) => tool.name));
  const removed = previous ? previous.tools.filter((tool) => !now.has(tool.name)).map((tool) => tool.name) : [];
  // An unchanged set is folded: what matters between steps is what changed.
  const unchanged = previous !== undefined && removed.length === 0 && step.tools.every((tool) => before.has(tool.name));
  return (
    <section className="step-tools" data-testid="step-tools" data-step={step.step} aria-label={`Model call ${step.step}`}>
      <h4>
        Step {step.step} · {step.tools.length} tools · {step.totalTokens} tokens
        <span className="muted">
          {' '}
          · catalog rev {step.catalogRevision} · {formatTime(step.at)}
        </span>
      </h4>
      <p className="muted">Loaded skills: {step.loadedSkills.length ? step.loadedSkills.join(', ') : 'none'}</p>
      {step.instructions?.map((given) => (
        <details key={given.server} className="step-instructions" data-testid="step-instructions" data-server={given.server}>
          <summary className="small">
            Instructions from {given.server} in the system prompt · {given.tokens} tokens
          </summary>
          <JsonBlock value={given.text} label={`Instructions from ${given.server}`} />
        </details>
      ))}
      {step.tools.length === 0 ? (
        <p className="state-empty">No tools were sent on this call.</p>
      ) : unchanged ? (
        <details>
          <summary>Same {step.tools.length} tools as step {previous.step}</summary>
          <ToolTable step={step} isNew={() => false} />
        </details>
      ) : (
        <ToolTable step={step} isNew={(name) => previous !== undefined && !before.has(name)} />
      )}
      {removed.length > 0 && <p className="muted">No longer sent: {removed.join(', ')}</p>}
    </section>
  );
}

function ToolTable({ step, isNew }: { step: ModelStep; isNew: (name: string) => boolean }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Tool</th>
          <th scope="col">Source</th>
          <th scope="col" className="num">
            Tokens
          </th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {step.tools.map((tool) => (
          <tr key={tool.name} data-tool={tool.name}>
            <td>
              <code>{tool.name}</code>
              {isNew(tool.name) && <span className="new-chip">new</span>}
            </td>
            <td>{tool.source}</td>
            <td className="num">{tool.tokens}</td>
            <td className="description">{tool.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
