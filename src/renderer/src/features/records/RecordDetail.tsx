import type { ExecutionRecord } from '../../../../shared/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { RecordServerActivity } from './RecordServerActivity';
import { Loading, LoadError } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDuration, formatTime } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { openConversation } from '../../app/navigation';
import { RecordResult } from './RecordResult';
import { splitDuration } from './duration-split';
import { ToolIcon, ToolTitle } from '../../components/ToolLook';
import { useToolLook } from '../../lib/catalog/use-tool-look';

/** One full record: arguments, the result as the tool returned it, and the approval decision. */
export function RecordDetail({ recordId, onClose, titleOf }: { recordId: string; onClose: () => void; titleOf: (conversationId: string) => string }) {
  const record = useRpcQuery('records.get', { id: recordId });

  return (
    <section className="record-detail" aria-labelledby="record-detail-title" data-testid="record-detail">
      <header className="detail-head">
        <h2 id="record-detail-title">
          Record {recordId}
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </header>
      {record.isPending ? (
        <Loading>Loading the record…</Loading>
      ) : record.isError ? (
        <LoadError what="the record" error={record.error} onRetry={() => void record.refetch()} />
      ) : (
        <RecordBody record={record.data} titleOf={titleOf} />
      )}
    </section>
  );
}

function RecordBody({ record, titleOf }: { record: ExecutionRecord; titleOf: (conversationId: string) => string }) {
  const { waitingMs, executingMs } = splitDuration(record);
  const look = useToolLook(record.tool, record.server);
  return (
    <>
      <dl className="facts compact">
        <dt>Tool</dt>
        <dd>
          <ToolIcon src={look.icon} />
          <code>{record.tool}</code>
          <ToolTitle title={look.title} /> <StatusBadge status={record.status} />
        </dd>
        <dt>Server</dt>
        <dd>{record.server ?? 'local'}</dd>
        <dt>Intent node</dt>
        <dd>{record.nodeId ?? '—'}</dd>
        <dt>Conversation</dt>
        <dd>
          <button type="button" className="link" onClick={() => openConversation(record.conversationId)}>
            {titleOf(record.conversationId)}
          </button>{' '}
          <span className="muted">turn {record.turnId} · call {record.callId}</span>
        </dd>
        <dt>Started</dt>
        <dd>{formatTime(record.startedAt)}</dd>
        <dt>Duration</dt>
        <dd data-testid="record-duration">
          {formatDuration(record.durationMs)}
          {record.approval ? ` = ${formatDuration(waitingMs)} waiting for approval + ${formatDuration(executingMs)} executing` : ' executing (no approval asked)'}
        </dd>
        <dt>Arguments hash</dt>
        <dd>
          <code>{record.argumentsHash}</code>
        </dd>
      </dl>
      <h3>Arguments</h3>
      <JsonBlock value={record.arguments} label="Arguments" />
      {record.error && (
        <>
          <h3>Error</h3>
          <pre className="json-block error-text" tabIndex={0}>
            {record.error}
          </pre>
        </>
      )}
      <h3>Result</h3>
      <RecordResult result={record.result} />
      <RecordServerActivity record={record} />
      <h3>Approval</h3>
      {record.approval ? (
        <dl className="facts compact" data-testid="record-approval">
          <dt>Decision</dt>
          <dd>
            <StatusBadge status={record.approval.decision} />
          </dd>
          <dt>Decided by</dt>
          <dd>{record.approval.decidedBy}</dd>
          <dt>When</dt>
          <dd>{formatTime(record.approval.decidedAt)}</dd>
          <dt>Reason</dt>
          <dd>{record.approval.reason ?? '—'}</dd>
          <dt>Arguments hash</dt>
          <dd>
            <code>{record.approval.argumentsHash}</code>
            {record.approval.argumentsHash === record.argumentsHash ? ' (matches the call)' : ' (differs from the call!)'}
          </dd>
          <dt>Approval id</dt>
          <dd>
            <code>{record.approval.approvalId}</code>
          </dd>
        </dl>
      ) : (
        <p className="muted">No confirmation was needed for this call.</p>
      )}
    </>
  );
}
