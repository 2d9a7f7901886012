/*
 * The GenAI spans of the agent loop, by the OpenTelemetry GenAI conventions: `invoke_agent` per turn, `chat {model}`
 * per model call, `execute_tool {tool}` per tool call (with our `switchboard.*` attributes), and the approval wait as
 * a span of its own. Each returns at once when telemetry is off.
 */
import type { ApprovalOutcome, RecordStatus } from '../../../shared/contract';
import { RESERVED_TOOL_NAMES, type ModelSettings } from '../../../shared/config/schema';
import { VENDOR_PROVIDERS } from '../../../shared/config/vocabulary';
import type { ToolBinding } from '../../../shared/catalog';
import type { ModelProvider, ModelRequest, ModelStreamEvent, ToolCallRequest } from '../providers/types';
import { maskedContent } from './content';
import { propagation, trace, ROOT_CONTEXT, type Attributes } from '@opentelemetry/api';
import { handOverSpan } from '../../../shared/mcp/trace-context';
import { endSpan, genAiInstruments, spanIds, SpanKind, startSpan, telemetryState, type Span } from './telemetry';

const AGENT_NAME = 'switchboard';

/** Each running turn's span, by the turn's abort signal: its model calls and tool calls (given that signal) are its children. */
const turnSpans = new WeakMap<AbortSignal, Span>();
/** Each running tool call's span, for its approval wait. */
const toolSpans = new WeakMap<ToolCallRequest, Span>();

const isVendor = (provider: string) => (VENDOR_PROVIDERS as readonly string[]).includes(provider);

/** gen_ai.provider.name: a vendor's, or ours for a provider the entry point registered (`switchboard.demo`). */
function providerName(provider: ModelSettings['provider']): string {
  return provider === 'openai-compatible' ? 'openai' : isVendor(provider) ? provider : `switchboard.${provider}`;
}

/** A registered provider without a `model:` is its own model (the demo's is `demo`). */
const modelOf = (settings: ModelSettings) =>
  settings.model ?? (isVendor(settings.provider) ? 'unknown' : settings.provider);

/** A turn as an `invoke_agent` span around `run`; its outcome sets the status. */
export async function traceTurn<T extends { status: string; error?: string }>(
  info: { conversationId: string; turnId: string; text: string; model?: ModelSettings; signal: AbortSignal },
  run: () => Promise<T>,
): Promise<T> {
  if (!telemetryState.on) return run();
  const span = startSpan(`invoke_agent ${AGENT_NAME}`, SpanKind.INTERNAL, {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': AGENT_NAME,
    'gen_ai.conversation.id': info.conversationId,
    'switchboard.turn.id': info.turnId,
    ...(info.model && {
      'gen_ai.provider.name': providerName(info.model.provider),
      'gen_ai.request.model': modelOf(info.model),
    }),
    ...(telemetryState.captureContent && {
      'gen_ai.input.messages': maskedContent(
        [{ role: 'user', parts: [{ type: 'text', content: info.text }] }],
        telemetryState.secrets,
      ),
    }),
  });
  if (span) turnSpans.set(info.signal, span);
  try {
    const result = await run();
    span?.setAttribute('switchboard.turn.status', result.status);
    endSpan(span, result.status === 'error' ? 'turn_error' : undefined, result.error);
    return result;
  } catch (error) {
    endSpan(span, error instanceof Error ? error.name : 'error', String(error));
    throw error;
  }
}

/** The provider with a `chat {model}` span, token usage and duration metrics around each stream. */
export function tracedProvider(provider: ModelProvider, settings: ModelSettings): ModelProvider {
  if (!telemetryState.on) return provider;
  return {
    id: provider.id,
    label: provider.label,
    labelMessage: provider.labelMessage,
    prepare: provider.prepare?.bind(provider),
    stream: (req) => tracedStream(provider, settings, req),
  };
}

async function* tracedStream(
  provider: ModelProvider,
  settings: ModelSettings,
  req: ModelRequest,
): AsyncIterable<ModelStreamEvent> {
  const model = modelOf(settings);
  const base: Attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': providerName(settings.provider),
    'gen_ai.request.model': model,
  };
  const span = startSpan(
    `chat ${model}`,
    SpanKind.CLIENT,
    chatRequestAttributes(base, settings, req),
    turnSpans.get(req.signal),
  );
  const started = performance.now();
  let text = '';
  const calls: ToolCallRequest[] = [];
  let errorType: string | undefined;
  try {
    for await (const event of provider.stream(req)) {
      if (event.type === 'text' && telemetryState.captureContent) text += event.delta;
      else if (event.type === 'toolCall') calls.push(event.call);
      else if (event.type === 'done') recordResponse(span, base, event);
      yield event;
    }
  } catch (error) {
    errorType = errorTypeOf(error);
    throw error;
  } finally {
    if (telemetryState.captureContent && span) recordContent(span, req, text, calls);
    endSpan(span, errorType);
    genAiInstruments().duration.record((performance.now() - started) / 1000, {
      ...base,
      ...(errorType && { 'error.type': errorType }),
    });
  }
}

/** The chat span's request attributes: what the model was asked with. */
function chatRequestAttributes(base: Attributes, settings: ModelSettings, req: ModelRequest): Attributes {
  const maxTokens = req.maxTokens ?? settings.maxTokens;
  return {
    ...base,
    ...(settings.temperature !== undefined && { 'gen_ai.request.temperature': settings.temperature }),
    ...(maxTokens !== undefined && { 'gen_ai.request.max_tokens': maxTokens }),
    'switchboard.tools.count': req.tools.length,
  };
}

/** The stream's end: why the model stopped, and its token usage on the span and the token metric. */
function recordResponse(span: Span | undefined, base: Attributes, event: Extract<ModelStreamEvent, { type: 'done' }>) {
  span?.setAttribute('gen_ai.response.finish_reasons', [
    event.stopReason === 'end' ? 'stop' : event.stopReason === 'max_tokens' ? 'length' : 'tool_call',
  ]);
  const { inputTokens, outputTokens } = event.usage ?? {};
  if (inputTokens !== undefined) {
    span?.setAttribute('gen_ai.usage.input_tokens', inputTokens);
    genAiInstruments().tokens.record(inputTokens, { ...base, 'gen_ai.token.type': 'input' });
  }
  if (outputTokens !== undefined) {
    span?.setAttribute('gen_ai.usage.output_tokens', outputTokens);
    genAiInstruments().tokens.record(outputTokens, { ...base, 'gen_ai.token.type': 'output' });
  }
}

/** A provider error's code, else the error's name. */
function errorTypeOf(error: unknown): string {
  return (error as { code?: unknown }).code
    ? String((error as { code?: unknown }).code)
    : error instanceof Error
      ? error.name
      : 'error';
}

/** With content capture on: the messages in and out, secrets masked. */
function recordContent(span: Span, req: ModelRequest, text: string, calls: readonly ToolCallRequest[]): void {
  span.setAttribute('gen_ai.input.messages', maskedContent(req.messages, telemetryState.secrets));
  span.setAttribute('gen_ai.system_instructions', maskedContent(req.system, telemetryState.secrets));
  span.setAttribute(
    'gen_ai.output.messages',
    maskedContent(
      [
        {
          role: 'assistant',
          parts: [
            ...(text ? [{ type: 'text', content: text }] : []),
            ...calls.map((c) => ({ type: 'tool_call', id: c.id, name: c.name, arguments: c.arguments })),
          ],
        },
      ],
      telemetryState.secrets,
    ),
  );
}

/** What the proxy knows of a call when it starts. */
export interface ToolSpanStart {
  call: ToolCallRequest;
  binding: ToolBinding | undefined;
  /** A run by hand (Tools > Run): the operator named the binding. */
  operatorTarget: boolean;
  /** Sent to the model on this step. */
  visible: boolean;
  actor?: string;
  /** The turn's signal: its span is the parent. */
  signal: AbortSignal;
}

/** `switchboard.binding.state`: how the call met the catalog. */
function bindingState({ call, binding, operatorTarget, visible }: ToolSpanStart): string {
  if (!binding) return (RESERVED_TOOL_NAMES as readonly string[]).includes(call.name) ? 'local' : 'unbound';
  if (operatorTarget) return 'operator_target';
  return visible ? 'bound' : 'not_visible';
}

/** The approval wait as `switchboard.approval`, a child of the call's execute_tool span, ending with the decision. */
export async function traceApprovalWait<T extends ApprovalOutcome | undefined>(
  call: ToolCallRequest,
  wait: () => Promise<T>,
): Promise<T> {
  const span = startSpan('switchboard.approval', SpanKind.INTERNAL, {}, toolSpans.get(call));
  try {
    const outcome = await wait();
    if (outcome)
      span?.setAttributes({
        'switchboard.approval.decision': outcome.decision,
        'switchboard.approval.decided_by': outcome.decidedBy,
      });
    endSpan(span);
    return outcome;
  } catch (error) {
    endSpan(span, 'error', String(error));
    throw error;
  }
}

/** One tool call's `execute_tool` span; a no-op object when telemetry is off. */
export interface ToolSpan {
  readonly ids: { traceId: string; spanId: string } | undefined;
  /** The call's `_meta` with this span's trace context added: the MCP CLIENT span takes it as its parent. */
  withTrace(meta: Record<string, unknown>): Record<string, unknown>;
  end(outcome: {
    status: RecordStatus;
    recordId: string;
    approval?: ApprovalOutcome;
    arguments: unknown;
    result?: () => unknown;
    error?: string;
  }): void;
}

const NO_TOOL_SPAN: ToolSpan = { ids: undefined, withTrace: (meta) => meta, end: () => undefined };

export function startToolSpan(start: ToolSpanStart): ToolSpan {
  if (!telemetryState.on) return NO_TOOL_SPAN;
  const span = startSpan(
    `execute_tool ${start.call.name}`,
    SpanKind.INTERNAL,
    {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': start.call.name,
      'gen_ai.tool.call.id': start.call.id,
      'gen_ai.tool.type': start.binding ? 'extension' : 'function',
      ...(start.binding && {
        'switchboard.server': start.binding.server,
        'switchboard.confirm.policy': start.binding.confirm,
        'switchboard.tool.read_only': start.binding.readOnly,
      }),
      ...(start.binding?.nodes[0] && { 'switchboard.node.id': start.binding.nodes[0] }),
      'switchboard.binding.state': bindingState(start),
      'switchboard.actor': start.actor ?? 'model',
    },
    turnSpans.get(start.signal),
  );
  if (span) toolSpans.set(start.call, span);
  let release: (() => void) | undefined;
  return {
    ids: spanIds(span),
    withTrace(meta) {
      const carrier: Record<string, string> = {};
      if (span) {
        propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
        release?.();
        release = handOverSpan(carrier, span);
      }
      return { ...meta, ...carrier };
    },
    end(outcome) {
      if (!span) return;
      toolSpans.delete(start.call);
      release?.();
      span.setAttributes({ 'switchboard.record.id': outcome.recordId, 'switchboard.call.status': outcome.status });
      if (outcome.approval)
        span.setAttributes({
          'switchboard.approval.decision': outcome.approval.decision,
          'switchboard.approval.decided_by': outcome.approval.decidedBy,
        });
      if (telemetryState.captureContent) {
        span.setAttribute('gen_ai.tool.call.arguments', maskedContent(outcome.arguments, telemetryState.secrets));
        const result = outcome.result?.();
        if (result !== undefined)
          span.setAttribute('gen_ai.tool.call.result', maskedContent(result, telemetryState.secrets));
      }
      const errorType =
        outcome.status === 'success' ? undefined : outcome.status === 'error' ? 'tool_error' : outcome.status;
      endSpan(span, errorType, outcome.error);
    },
  };
}
