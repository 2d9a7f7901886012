import type { ExecutionRecord } from '../../../../shared/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { formatTime } from '../../lib/format';

/** What the server did during the call besides answering: its last progress, its task, and what it asked the operator. */
export function RecordServerActivity({ record }: { record: ExecutionRecord }) {
  const { progress, task, exchanges } = record;
  if (!progress && !task && !exchanges?.length) return null;
  return (
    <>
      <h3>During the call</h3>
      <dl className="facts compact" data-testid="record-activity">
        {progress && (
          <>
            <dt>Last progress</dt>
            <dd>
              {progress.progress}
              {progress.total !== undefined ? ` of ${progress.total}` : ''}
              {progress.message ? `: ${progress.message}` : ''} <span className="muted">({progress.count} notification{progress.count === 1 ? '' : 's'}, last at {formatTime(progress.at)})</span>
            </dd>
          </>
        )}
        {task && (
          <>
            <dt>Task</dt>
            <dd>
              <code>{task.taskId}</code> {task.status}
              {task.statusMessage ? ` · ${task.statusMessage}` : ''}
            </dd>
          </>
        )}
      </dl>
      {exchanges?.map((exchange) => (
        <details key={exchange.id} className="record-exchange" data-testid="record-exchange">
          <summary>
            {exchange.kind === 'elicitation' ? `Question${exchange.mode === 'url' ? ' (URL)' : ''}` : 'Sampling request'} from {exchange.server}: {exchange.outcome} by {exchange.decidedBy}
            {exchange.reason ? ` (${exchange.reason})` : ''}
          </summary>
          <JsonBlock value={exchange.request} label="What the server asked" />
          {exchange.response !== undefined && <JsonBlock value={exchange.response} label="What it was answered" />}
        </details>
      ))}
    </>
  );
}
