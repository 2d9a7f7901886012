/**
 * Why a tool call did not run, or how it failed, as the console shows it on the chat's tool card and in the
 * execution record (src/main/core/agent/tool-proxy.ts, conversation-store.ts, runtime.ts). What the MODEL reads for
 * the same call is English and says more (refusal.ts, docs/PIPELINE.md): these are the operator's view of it.
 * `{{tool}}`, `{{server}}`, `{{skills}}`, `{{reason}}` (the operator's own note) and `{{detail}}` (the server's or
 * the transport's words) are inserted verbatim; in call.rejectedAutomatically `{{reason}}` is main's own reason, a
 * message translated too.
 */
export const CALL_MESSAGES = {
  'call.stopped': 'The operator stopped this call.',
  'call.stoppedBeforeApproval': 'The operator stopped this call before it was approved; it did not run.',
  'call.rejected': 'Not run: the operator rejected this call; nothing changed.',
  'call.rejectedWithNote':
    'Not run: the operator rejected this call; nothing changed. The operator\'s note: "{{reason}}"',
  'call.rejectedAutomatically': 'Not run: {{reason}}; nothing changed.',
  'call.approvalTimedOut': 'Not run: nobody approved this call in time; nothing changed.',
  'call.approvalExpired':
    'Not run: the approval was still pending when Switchboard stopped, so it expired; nothing changed.',
  'call.notApproved': 'Not run: the operator did not approve this call ({{decision}}); nothing changed.',
  'call.notVisible': '"{{tool}}" is not among the tools available on this turn. Nothing was run.',
  'call.noSuchTool': 'No tool named "{{tool}}" is available.',
  'call.lockedBySkill': '"{{tool}}" is locked until the skill "{{skills}}" is loaded. Nothing was run.',
  'call.quarantinedDefinition':
    '"{{tool}}" is unavailable until an operator reviews a change to its definition. Nothing was run.',
  'call.quarantinedServer':
    '"{{tool}}" is unavailable until an operator reviews a change to the server that serves it. Nothing was run.',
  'call.replayWrite':
    'not executed (replay): "{{tool}}" may change data, and a replay never runs a write. Nothing was run.',
  'call.serverNotConnected': 'Tool error: MCP server {{server}} is not connected ({{detail}})',
  'call.timedOut': 'Tool error: the call timed out ({{detail}})',
  'call.staleSession':
    'Tool error: {{server}} restarted and no longer knows this session, so it refused the call before running it; "{{tool}}" changes data, so it was not sent again automatically.',
  'call.toolError': 'Tool error: {{detail}}',
  'call.inputRoundsExceeded':
    'Tool error: {{server}} still asked for input after {{rounds}} rounds; the call was abandoned (a server may ask at most {{rounds}} times per call).',
  'call.interrupted': 'interrupted: Switchboard stopped during this turn',
  'call.interruptedMayHaveRun':
    'interrupted: Switchboard stopped during this turn; the call may or may not have reached {{server}}',
} as const;
