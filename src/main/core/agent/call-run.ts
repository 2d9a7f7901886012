import type { ApprovalOutcome, ResultPart } from '../../../shared/contract';
import type { ToolBinding } from '../../../shared/catalog';
import type { ModelImage, ToolCallRequest } from '../providers/types';
import type { ToolSpan } from '../telemetry/agent-spans';
import type { RecordVerdict } from './call-record';
import type { CallTrace } from './call-trace';
import type { ToolItem } from './conversation';
import type { RunningLine } from './running-line';
import type { CallContext } from './tool-proxy';

/**
 * One call while the proxy executes it: what was asked, where it goes, and what the call has gathered so far. Made
 * once per call by `ToolProxy.execute` and handed, whole, to each step that decides the call's fate.
 */
export interface CallRun {
  call: ToolCallRequest;
  /** The (server, tool) the name resolves to in the turn's catalog, or the operator's own target. */
  binding: ToolBinding | undefined;
  ctx: CallContext;
  /** The call's item as first shown (status `running`). */
  item: ToolItem;
  /** The `running` line: written only if needed (an approval, a local tool, a slow call). */
  running: RunningLine;
  /** The operator's decision, once there is one: kept apart from the verdict, so a call approved and then failed still records who approved it. */
  asked: { approval?: ApprovalOutcome };
  /** Progress, task status and the server's requests while the call runs. */
  trace: CallTrace;
  span: ToolSpan;
}

/** How a call ended: what the model reads and what the record keeps. */
export interface Verdict extends RecordVerdict {
  modelText: string;
  /** A replay refused a write that would have asked the operator: a field of the item, never read back from text. */
  wouldAskApproval?: true;
  /** Images for the model, and what the result carried besides text (for the card). */
  images?: ModelImage[];
  parts?: ResultPart[];
}
