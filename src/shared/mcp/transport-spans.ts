/*
 * The spans and duration metrics of one traced MCP transport: a request we send is a CLIENT span, one we receive a
 * SERVER span, each ended by its response (or by the transport closing). Only @opentelemetry/api: without an SDK
 * registered, nothing here does any work.
 */
import {
  metrics,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Histogram,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client';
import { ourParent } from './trace-context';

/**
 * Switched on by the telemetry SDK when it starts (and off when it stops); off, a traced transport only passes through.
 * `restarted`: a new SDK was registered, so the tracer and metric instruments are taken again from it.
 */
const tracing = { on: false, generation: 0 };
export function setMcpTracing(on: boolean, restarted = false): void {
  tracing.on = on;
  if (restarted) tracing.generation += 1;
}
export const mcpTracingOn = (): boolean => tracing.on;

export interface McpTraceOptions {
  side: 'client' | 'server';
  /** `network.transport`: `tcp` for HTTP, `pipe` for stdio. */
  networkTransport: 'tcp' | 'pipe';
  serverAddress?: string;
  serverPort?: number;
  /** `mcp.protocol.version` once negotiated. */
  protocolVersion?: () => string | null | undefined;
  /** A peer's `_meta.traceparent` that is not W3C trace context: told once per transport; the span starts without it. */
  onBadContext?: (value: string) => void;
  /**
   * The parent of a request we send whose `_meta` carries no trace context of ours (the connect attempt's span while it
   * lasts). A caller hands its span over in `_meta` (the tool proxy does); without either, the span is a root.
   */
  parent?: () => Span | undefined;
}

export type Message = JSONRPCMessage & {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

type Id = string | number;

/** What the spans of one method and target share. */
interface Shape {
  version: string | undefined;
  name: string;
  metric: Attributes;
}

interface OpenSpan {
  span: Span;
  started: number;
  metric: Attributes;
}

export type TransportSpans = ReturnType<typeof createTransportSpans>;

/** The open spans of `transport`, by JSON-RPC id, with the tracer, histograms and shapes they share. */
export function createTransportSpans(transport: Transport, options: McpTraceOptions) {
  const outgoing = new Map<Id, OpenSpan>();
  const incoming = new Map<Id, OpenSpan>();
  const sessionStarted = performance.now();
  const tracer = currentTracer();
  const histograms = instrumentsFor(options.side);
  const shapeOf = shapeCache(fixedAttributes(options), options.protocolVersion);

  const start = (kind: SpanKind, message: Message, id: Id, method: string, parent: Context): OpenSpan => {
    const shape = shapeOf(method, message.params);
    const attributes: Attributes = { ...shape.metric, 'jsonrpc.request.id': String(id) };
    if (transport.sessionId) attributes['mcp.session.id'] = transport.sessionId;
    if (typeof message.params?.uri === 'string') attributes['mcp.resource.uri'] = message.params.uri;
    const span = tracer().startSpan(shape.name, { kind, attributes }, parent);
    return { span, started: performance.now(), metric: shape.metric };
  };
  const end = (open: Map<Id, OpenSpan>, id: Id, message: Message, histogram: Histogram | undefined) => {
    const entry = open.get(id);
    if (!entry) return;
    open.delete(id);
    finish(entry, message, histogram);
  };

  return {
    /** A request we send: its CLIENT span, the child of what its `_meta` or `options.parent` names. */
    startSent(message: Message, id: Id, method: string): Span {
      const entry = start(SpanKind.CLIENT, message, id, method, ourParent(message.params?._meta, options.parent));
      outgoing.set(id, entry);
      return entry.span;
    },
    endSent: (id: Id, message: Message) => end(outgoing, id, message, histograms().sent),
    /** A request we received: its SERVER span, the child of `parent` (what its `_meta` carried). */
    startHandled(message: Message, id: Id, method: string, parent: Context): Span {
      const entry = start(SpanKind.SERVER, message, id, method, parent);
      incoming.set(id, entry);
      return entry.span;
    },
    endHandled: (id: Id, message: Message) => end(incoming, id, message, histograms().handled),
    /** The transport closed: every open span ends as `connection_closed`, and the session's duration is recorded. */
    closeAll(): void {
      if (tracing.on) {
        for (const entry of [...outgoing.values(), ...incoming.values()]) {
          entry.span.setAttribute('error.type', 'connection_closed');
          entry.span.setStatus({ code: SpanStatusCode.ERROR });
          entry.span.end();
        }
        histograms().session.record((performance.now() - sessionStarted) / 1000, {
          'network.transport': options.networkTransport,
        });
      }
      outgoing.clear();
      incoming.clear();
    },
  };
}

/** Ends `entry`'s span with `message`'s outcome (a JSON-RPC error or a tool error) and records its duration. */
function finish(entry: OpenSpan, message: Message, histogram: Histogram | undefined): void {
  const errorType = message.error
    ? String(message.error.code)
    : message.result?.isError === true
      ? 'tool_error'
      : undefined;
  if (errorType) {
    entry.span.setAttribute('error.type', errorType);
    if (message.error) entry.span.setAttribute('rpc.response.status_code', String(message.error.code));
    entry.span.setStatus({ code: SpanStatusCode.ERROR, ...(message.error && { message: message.error.message }) });
  }
  entry.span.end();
  histogram?.record(
    (performance.now() - entry.started) / 1000,
    errorType ? { ...entry.metric, 'error.type': errorType } : entry.metric,
  );
}

/** The tracer, taken again when a new SDK registers. */
function currentTracer(): () => Tracer {
  let cached: { generation: number; tracer: Tracer } | undefined;
  return () => {
    if (cached?.generation !== tracing.generation)
      cached = { generation: tracing.generation, tracer: trace.getTracer('switchboard.mcp') };
    return cached.tracer;
  };
}

/** What every span and metric of one transport shares, built once: the per-call work is only what differs. */
function fixedAttributes(options: McpTraceOptions): Attributes {
  const fixed: Attributes = { 'network.transport': options.networkTransport };
  if (options.networkTransport === 'tcp') fixed['network.protocol.name'] = 'http';
  if (options.serverAddress) fixed['server.address'] = options.serverAddress;
  if (options.serverPort) fixed['server.port'] = options.serverPort;
  return fixed;
}

/**
 * Per method and target (a tool or prompt name): the span name and the metric attributes (the span's, without the
 * per-request ones), built once per protocol version; a call only copies them and adds its own.
 */
function shapeCache(fixed: Attributes, protocolVersion: McpTraceOptions['protocolVersion']) {
  const shapes = new Map<string, Map<string, Shape>>();
  let shapeCount = 0;
  return (method: string, params: Record<string, unknown> | undefined): Shape => {
    const version = protocolVersion?.() ?? undefined;
    const target = typeof params?.name === 'string' ? params.name : '';
    let byTarget = shapes.get(method);
    let shape = byTarget?.get(target);
    if (shape && shape.version === version) return shape;
    const metric: Attributes = { 'mcp.method.name': method, ...fixed };
    if (version) metric['mcp.protocol.version'] = version;
    if (method === 'tools/call' && target) {
      metric['gen_ai.tool.name'] = target;
      metric['gen_ai.operation.name'] = 'execute_tool';
    }
    if (method === 'prompts/get' && target) metric['gen_ai.prompt.name'] = target;
    shape = {
      version,
      metric,
      name: (method === 'tools/call' || method === 'prompts/get') && target ? `${method} ${target}` : method,
    };
    // Bounded: a peer choosing names must not grow it (past this each call builds its own).
    if (shapeCount < 256) {
      if (!byTarget) shapes.set(method, (byTarget = new Map()));
      if (!byTarget.has(target)) shapeCount += 1;
      byTarget.set(target, shape);
    }
    return shape;
  };
}

/**
 * The MCP duration histograms (seconds, the conventions' bucket advice): the client times what it sends, the server
 * what it handles. The metrics API has no proxy: a meter taken before the SDK registered stays a no-op, so the
 * instruments are taken again whenever tracing is switched.
 */
function instrumentsFor(side: 'client' | 'server') {
  type Made = { generation: number; sent?: Histogram; handled?: Histogram; session: Histogram };
  let made: Made | undefined;
  const boundaries = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
  return (): Made => {
    if (made?.generation === tracing.generation) return made;
    const meter = metrics.getMeter('switchboard.mcp');
    const histogram = (name: string, description: string) =>
      meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: boundaries } });
    const operation = histogram(
      `mcp.${side}.operation.duration`,
      `The duration of an MCP request as the ${side} sees it`,
    );
    made = {
      generation: tracing.generation,
      ...(side === 'client' ? { sent: operation } : { handled: operation }),
      session: histogram(`mcp.${side}.session.duration`, 'The duration of an MCP session'),
    };
    return made;
  };
}
