import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ToolRun } from '../../../../shared/contract';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { FieldErrors } from '../../components/FormField';
import { LoadError, Loading } from '../../components/QueryState';
import { SchemaForm } from '../../components/schema-form';
import { ToolCallCard } from '../../components/ToolCallCard';
import { approvalsOf, usePendingApprovals } from '../../lib/approvals';
import type { CatalogRow } from '../../lib/catalog/tool-states';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { cliCommand, runKey, useRunArgsStore } from './run-args-store';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/i18n/messages';
import { useDecidedByText } from '../../lib/i18n/decided-by';
import { actingIdentityProblem, type ActingIdentityProblem } from '../../../../shared/acting-identity';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * Run a tool by hand: a form from its inputSchema (or JSON), the acting identity, and the call through the same
 * proxy as a model's (the node's confirmation policy applies: a write waits for approval here). The result shows
 * as in the chat, with its record (actor operator).
 */
export function RunToolPanel({ row }: { row: CatalogRow & { server: string } }) {
  const { t } = useTranslation(['tools', 'common']);
  const messageText = useMessageText();
  const definition = useRpcQuery('tools.definition', { toolId: row.toolId, server: row.server });
  const key = runKey(row.server, row.toolId);
  const saved = useRunArgsStore((s) => s.argsByTool[key]);
  const setArgs = useRunArgsStore((s) => s.setArgs);
  const { actingIdentity, known } = useRunIdentity();
  const [args, setLocalArgs] = useState<Record<string, unknown>>(saved ?? {});
  const identityProblem = actingIdentityProblem(actingIdentity);
  const identityOk = identityProblem === null;
  const { run, waiting, start } = useToolRun(row);
  const id = useId();

  const change = (next: Record<string, unknown>) => {
    setLocalArgs(next);
    setArgs(key, next);
  };
  const submit = (value: Record<string, unknown>) => {
    if (!identityOk) return;
    change(value);
    start(value, actingIdentity);
  };

  return (
    <section className="run-tool" aria-labelledby={`${id}-title`} data-testid="run-tool">
      <h3 id={`${id}-title`}>{t('run.title')}</h3>
      {row.state !== 'bound' && (
        <p className="warn-notice small" role="note" data-testid="run-not-visible">
          {t('run.notVisible', { state: t(`common:toolStates.${row.state}.label`), reason: messageText(row.reason) })}
        </p>
      )}
      <ActingIdentityField id={`${id}-identity`} value={actingIdentity} problem={known ? identityProblem : null} />
      {definition.isPending ? (
        <Loading>{t('run.loadingDefinition')}</Loading>
      ) : definition.isError ? (
        <LoadError
          what={t('run.theDefinitionOf', { toolId: row.toolId })}
          error={definition.error}
          onRetry={() => void definition.refetch()}
        />
      ) : (
        <SchemaForm
          schema={definition.data.inputSchema}
          value={args}
          onChange={change}
          onSubmit={submit}
          submitLabel={run.isPending ? t('run.running') : t('run.run')}
          disabled={run.isPending || !identityOk}
        />
      )}
      {waiting.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
      {run.isPending && waiting.length === 0 && (
        <p className="state-loading">{t('run.runningTool', { toolId: row.toolId })}</p>
      )}
      <ActionFailure action={run} say={(reason) => t('run.callFailed', { errorMessage: reason })} />
      {run.data && !run.isPending && <RunResult run={run.data} />}
      <RunCliCommand row={row} args={args} actingIdentity={actingIdentity} />
    </section>
  );
}

/** One call at a time through tools.call, under a fresh run id; the approvals it waits on while it runs. */
function useToolRun(row: CatalogRow & { server: string }) {
  const [runId, setRunId] = useState<string | null>(null);
  const run = useRpcMutation('tools.call'); // its record is announced: records.appended refreshes records.list
  const approvals = usePendingApprovals();
  const waiting = runId && run.isPending ? approvalsOf(approvals.data, runId) : [];
  const start = (value: Record<string, unknown>, actingIdentity: string) => {
    const next = `op_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    setRunId(next);
    run.mutate({ runId: next, toolId: row.toolId, server: row.server, arguments: value, actingIdentity });
  };
  return { run, waiting, start };
}

/**
 * Who runs by hand act as: the operator's last choice (kept across tools), else the application's default (the demo
 * shop's customer), else nobody yet. `known` once either is settled, so no rule shows while Settings loads.
 */
function useRunIdentity(): { actingIdentity: string; known: boolean } {
  const chosen = useRunArgsStore((s) => s.actingIdentity);
  const settings = useRpcQuery('settings.get', {});
  return {
    actingIdentity: chosen ?? settings.data?.defaultActingIdentity ?? '',
    known: chosen !== undefined || !settings.isPending,
  };
}

/** The acting identity for runs by hand, sent in the call's `_meta`. */
function ActingIdentityField({
  id,
  value,
  problem,
}: {
  id: string;
  value: string;
  problem: ActingIdentityProblem | null;
}) {
  const { t } = useTranslation('tools');
  const setActingIdentity = useRunArgsStore((s) => s.setActingIdentity);
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('run.actingIdentity')}</label>
      <input
        id={id}
        value={value}
        spellCheck={false}
        aria-invalid={Boolean(problem) || undefined}
        onChange={(event) => setActingIdentity(event.target.value.trim())}
      />
      <p className="muted small">{t('run.sentInMeta')}</p>
      <FieldErrors
        id={`${id}-errors`}
        messages={!problem ? [] : [t(problem === 'empty' ? 'run.actingIdentityNeeded' : 'run.actingIdentityRule')]}
      />
    </div>
  );
}

/** The same call as a CLI command, to copy. */
function RunCliCommand({
  row,
  args,
  actingIdentity,
}: {
  row: CatalogRow & { server: string };
  args: Record<string, unknown>;
  actingIdentity: string;
}) {
  const { t } = useTranslation('tools');
  const [copied, setCopied] = useState(false);
  const command = useMemo(
    () => cliCommand(row.toolId, row.server, args, actingIdentity),
    [row.toolId, row.server, args, actingIdentity],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard here (an insecure origin): the command stays on screen to copy by hand
    }
  };
  return (
    <details className="run-cli">
      <summary className="small">{t('run.copyAsCli')}</summary>
      <code className="mono small" data-testid="run-cli-command">
        {command}
      </code>
      <button type="button" className="btn btn-small" onClick={() => void copy()}>
        {copied ? t('run.copied') : t('run.copy')}
      </button>
    </details>
  );
}

function RunResult({ run }: { run: ToolRun }) {
  const { t } = useTranslation(['tools', 'common']);
  // A result below the form is brought into view when it arrives, not left below the fold.
  const ref = useRef<HTMLDivElement>(null);
  // A block body: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [run]);
  const decidedByText = useDecidedByText();
  const approval = run.record?.approval;
  return (
    <div className="run-result" data-testid="run-result" ref={ref}>
      <ToolCallCard item={run.item} app={{ actingIdentity: run.record?.actingIdentity }} />
      {run.record && (
        <p className="muted small">
          {t('run.record', {
            id: run.record.id,
            actor: run.record.actor === 'operator' ? t('run.actors.operator') : t('run.actors.model'),
          })}
          {approval
            ? t('run.decidedBy', {
                decision: t(`common:statuses.${approval.decision}`),
                decidedBy: decidedByText(approval.decidedBy, approval.decidedByMessage),
              })
            : ''}
        </p>
      )}
    </div>
  );
}
