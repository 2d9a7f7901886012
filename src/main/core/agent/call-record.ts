import type { ApprovalOutcome, RecordActor, RecordStatus, RecordSummary } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import type { ToolCallRequest } from '../providers/types';
import { argumentsHash } from './arguments-hash';
import type { ToolItem } from './conversation';
import { encodeRecord } from '../stores/records-store';
import type { CallContext } from './tool-proxy';
import type { RecordedResult } from './tool-result';

/** What the execution record keeps of a call's outcome. */
export interface RecordVerdict {
  status: RecordStatus;
  error?: string;
  /** The console's sentence for a call that did not run or failed; its English text is `error` where there is one. */
  message?: UiMessage;
  approval?: ApprovalOutcome;
  /** What the record keeps of the result (made when the call's line is written); none when nothing ran. */
  recorded?: () => RecordedResult;
  /** The call's execute_tool span, when telemetry is on and it was sampled. */
  trace?: { traceId: string; spanId: string };
}

export interface MadeRecord {
  record: RecordSummary;
  /**
   * The record's JSON, result included, UTF-8 encoded once for the two files that hold it (the conversation's line and
   * records.jsonl). Encoded from its parts: the joined JSON never exists as one string (the shop's Chinese text makes
   * it a two-byte string of twice the bytes, flattened only to be encoded).
   */
  bytes: Buffer;
  recorded: RecordedResult;
}

export function recordOf(
  call: ToolCallRequest,
  ctx: Pick<CallContext, 'conversation' | 'turnId'>,
  final: ToolItem,
  verdict: RecordVerdict,
  finishedAt: number,
  actor?: RecordActor,
  app?: { server: string; tool: string },
): MadeRecord {
  const record: RecordSummary = {
    id: final.recordId as string,
    conversationId: ctx.conversation.id,
    turnId: ctx.turnId,
    callId: call.id,
    tool: call.name,
    server: final.server,
    nodeId: final.nodeId,
    arguments: call.arguments,
    argumentsHash: argumentsHash(call.arguments),
    status: verdict.status,
    error: verdict.error,
    ...(verdict.message && {
      message: verdict.error === undefined ? verdict.message : { ...verdict.message, text: verdict.error },
    }),
    startedAt: final.at,
    finishedAt: new Date(finishedAt).toISOString(),
    durationMs: final.durationMs as number,
    approval: verdict.approval,
    ...(actor && actor !== 'model' && { actor }),
    ...(app && { app }),
    actingIdentity: ctx.conversation.actingIdentity,
    ...(final.progress ? { progress: final.progress } : {}),
    ...(final.task ? { task: final.task } : {}),
    ...(final.exchanges ? { exchanges: final.exchanges } : {}),
    ...(verdict.trace && { traceId: verdict.trace.traceId, spanId: verdict.trace.spanId }),
  };
  const recorded = verdict.recorded?.() ?? { result: null, json: 'null' };
  return { record, bytes: encodeRecord(record, recorded.json), recorded };
}
