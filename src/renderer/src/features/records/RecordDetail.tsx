import type { ExecutionRecord } from '../../../../shared/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { RecordServerActivity } from './RecordServerActivity';
import { Loading, LoadError } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDuration, formatTime } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { openConversation } from '../../app/navigation';
import { RecordResult } from './RecordResult';
import { RecordTrace } from './RecordTrace';
import { splitDuration } from './duration-split';
import { ToolIcon, ToolTitle } from '../../components/ToolLook';
import { useToolLook } from '../../lib/catalog/use-tool-look';
import { useTranslation } from 'react-i18next';
import { shownText } from '../../lib/i18n/messages';
import { useDecidedByText } from '../../lib/i18n/decided-by';

/** One full record: arguments, the result as the tool returned it, and the approval decision. */
export function RecordDetail({
  recordId,
  onClose,
  titleOf,
}: {
  recordId: string;
  onClose: () => void;
  titleOf: (conversationId: string) => string;
}) {
  const { t } = useTranslation(['records', 'common']);
  const record = useRpcQuery('records.get', { id: recordId });

  return (
    <section className="record-detail" aria-labelledby="record-detail-title" data-testid="record-detail">
      <header className="detail-head">
        <h2 id="record-detail-title">{t('recordDetail.record', { recordId })}</h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('recordDetail.close')}
        </button>
      </header>
      {record.isPending ? (
        <Loading>{t('recordDetail.loadingTheRecord')}</Loading>
      ) : record.isError ? (
        <LoadError what={t('recordDetail.theRecord')} error={record.error} onRetry={() => void record.refetch()} />
      ) : (
        <RecordBody record={record.data} titleOf={titleOf} />
      )}
    </section>
  );
}

function RecordBody({ record, titleOf }: { record: ExecutionRecord; titleOf: (conversationId: string) => string }) {
  const { t, i18n } = useTranslation(['records', 'common']);
  // Why the call did not run or failed: main's sentence in the language shown; an older record's English error.
  const outcome = record.message ? shownText(i18n, record.error ?? record.message.text, record.message) : record.error;
  return (
    <>
      <RecordFacts record={record} titleOf={titleOf} />
      <RecordTrace record={record} />
      <h3>{t('recordDetail.arguments')}</h3>
      <JsonBlock value={record.arguments} label={t('recordDetail.arguments')} />
      {outcome && (
        <>
          <h3>{record.status === 'error' ? t('recordDetail.error') : t('recordDetail.outcome')}</h3>
          <pre className="json-block error-text" tabIndex={0} data-testid="record-outcome">
            {outcome}
          </pre>
        </>
      )}
      <h3>{t('recordDetail.result')}</h3>
      <RecordResult result={record.result} />
      <RecordServerActivity record={record} />
      <h3>{t('recordDetail.approval')}</h3>
      {record.approval ? (
        <RecordApproval approval={record.approval} callArgumentsHash={record.argumentsHash} />
      ) : (
        <p className="muted">{t('recordDetail.noConfirmationWasNeeded')}</p>
      )}
    </>
  );
}

/** Which call this was: tool, server, node, identity, conversation, start and duration, arguments hash. */
function RecordFacts({ record, titleOf }: { record: ExecutionRecord; titleOf: (conversationId: string) => string }) {
  const { t } = useTranslation(['records', 'common']);
  const look = useToolLook(record.tool, record.server);
  return (
    <dl className="facts compact">
      <dt>{t('recordDetail.tool')}</dt>
      <dd>
        <ToolIcon src={look.icon} />
        <code>{record.tool}</code>
        <ToolTitle title={look.title} /> <StatusBadge status={record.status} />
      </dd>
      <dt>{t('recordDetail.server')}</dt>
      <dd>{record.server ?? t('common:shared.local')}</dd>
      <dt>{t('recordDetail.intentNode')}</dt>
      <dd>{record.nodeId ?? '—'}</dd>
      {record.actingIdentity && (
        <>
          <dt>{t('recordDetail.actingAs')}</dt>
          <dd data-testid="record-detail-identity">
            {t('recordDetail.identity', { actingIdentity: record.actingIdentity })}
          </dd>
        </>
      )}
      <dt>{t('recordDetail.conversation')}</dt>
      <dd>
        <button type="button" className="link" onClick={() => openConversation(record.conversationId)}>
          {titleOf(record.conversationId)}
        </button>{' '}
        <span className="muted">{t('recordDetail.turnCall', { turnId: record.turnId, callId: record.callId })}</span>
      </dd>
      <dt>{t('recordDetail.started')}</dt>
      <dd>{formatTime(record.startedAt)}</dd>
      <dt>{t('recordDetail.duration')}</dt>
      <dd data-testid="record-duration">
        <RecordDuration record={record} />
      </dd>
      <dt>{t('recordDetail.argumentsHash')}</dt>
      <dd>
        <code>{record.argumentsHash}</code>
      </dd>
    </dl>
  );
}

/** The time the call took, split into waiting for approval and executing when it was asked. */
function RecordDuration({ record }: { record: ExecutionRecord }) {
  const { t } = useTranslation('records');
  const { waitingMs, executingMs } = splitDuration(record);
  if (executingMs === null)
    return record.approval
      ? t('recordDetail.waitedNotRun', { waitingMs: formatDuration(waitingMs) })
      : t('recordDetail.notRun');
  return (
    <>
      {formatDuration(record.durationMs)}
      {record.approval
        ? t('recordDetail.waitingForApprovalExecuting', {
            waitingMs: formatDuration(waitingMs),
            executingMs: formatDuration(executingMs),
          })
        : t('recordDetail.executingNoApprovalAsked')}
    </>
  );
}

/** The approval decision: who decided, when, why, and whether it was for these very arguments. */
function RecordApproval({
  approval,
  callArgumentsHash,
}: {
  approval: NonNullable<ExecutionRecord['approval']>;
  callArgumentsHash: string;
}) {
  const { t, i18n } = useTranslation('records');
  const decidedByText = useDecidedByText();
  return (
    <dl className="facts compact" data-testid="record-approval">
      <dt>{t('recordDetail.decision')}</dt>
      <dd>
        <StatusBadge status={approval.decision} />
      </dd>
      <dt>{t('recordDetail.decidedBy')}</dt>
      <dd title={approval.decidedBy}>{decidedByText(approval.decidedBy, approval.decidedByMessage)}</dd>
      <dt>{t('recordDetail.when')}</dt>
      <dd>{formatTime(approval.decidedAt)}</dd>
      <dt>{t('recordDetail.reason')}</dt>
      {/* main's own reason (a restart, Stop) in the language shown; the operator's note verbatim */}
      <dd>{approval.reason !== undefined ? shownText(i18n, approval.reason, approval.reasonMessage) : '—'}</dd>
      <dt>{t('recordDetail.argumentsHash')}</dt>
      <dd>
        <code>{approval.argumentsHash}</code>
        {approval.argumentsHash === callArgumentsHash
          ? t('recordDetail.matchesTheCall')
          : t('recordDetail.differsFromTheCall')}
      </dd>
      <dt>{t('recordDetail.approvalId')}</dt>
      <dd>
        <code>{approval.approvalId}</code>
      </dd>
    </dl>
  );
}
