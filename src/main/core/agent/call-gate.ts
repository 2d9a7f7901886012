import { isUnlocked, type ToolBinding } from '../../../shared/catalog';
import { say } from '../../../shared/messages';
import { needsConfirmation } from './call-confirmation';
import type { CallRun, Verdict } from './call-run';
import type { CallContext, ProxyMode } from './tool-proxy';

/** What the model reads for a call Stop ended. */
export const STOPPED = 'The operator stopped this call.';

/** How a replay answers a write the model asked for: it never runs. */
export const NOT_EXECUTED_REPLAY = 'not executed (replay)';

export const stoppedVerdict = (): Verdict => ({ status: 'stopped', modelText: STOPPED, message: say('call.stopped') });

/** Before a call is run or asked about: Stop, a name the model was not shown, no such tool. Undefined: it may go on. */
export function gateBeforeLocal({ call, binding, ctx }: CallRun): Verdict | undefined {
  if (ctx.signal.aborted) return stoppedVerdict();
  if (!ctx.operatorTarget && !ctx.visible.has(call.name)) return refuseInvisible(call.name, binding, ctx);
  return undefined;
}

export const noSuchTool = (name: string): Verdict => ({
  status: 'blocked',
  modelText: `No tool named "${name}" is available.`,
  message: say('call.noSuchTool', { tool: name }),
});

/** A replay never runs a write: the model is told so, and whether it would have asked the operator. */
export function replayWriteRefusal(
  name: string,
  binding: ToolBinding,
  mode: ProxyMode | undefined,
): Verdict | undefined {
  if (!mode?.skipWrites || binding.readOnly) return undefined;
  const wouldAsk = needsConfirmation(binding);
  return {
    status: 'blocked',
    modelText: `${NOT_EXECUTED_REPLAY}: "${name}" may change data, and a replay never runs a write${wouldAsk ? '; it would have asked the operator for approval' : ''}. Nothing was run.`,
    message: say('call.replayWrite', { tool: name }),
    ...(wouldAsk && { wouldAskApproval: true as const }),
  };
}

function refuseInvisible(name: string, binding: ToolBinding | undefined, ctx: CallContext): Verdict {
  if (binding && !isUnlocked(binding, ctx.conversation.loadedSkills)) {
    const skills = binding.gatedBy.join('" or "');
    return {
      status: 'blocked',
      modelText: `"${name}" is locked until the skill "${skills}" is loaded. Call load_skill with {"name": "${binding.gatedBy[0]}"} first. Nothing was run.`,
      message: say('call.lockedBySkill', { tool: name, skills }),
    };
  }
  // Quarantined (definition changed since pinned): it has no binding, so even a stale visible set could not run it.
  const held = ctx.catalog.quarantinedByToolId.get(name);
  if (held)
    return {
      status: 'blocked',
      modelText: `"${name}" is unavailable until an operator reviews a change to ${held.quarantine.moved ? 'the server that serves it' : 'its definition'}. Nothing was run.`,
      message: say(held.quarantine.moved ? 'call.quarantinedServer' : 'call.quarantinedDefinition', { tool: name }),
    };
  return {
    status: 'blocked',
    modelText: `"${name}" is not among the tools available on this turn. Nothing was run.`,
    message: say('call.notVisible', { tool: name }),
  };
}
