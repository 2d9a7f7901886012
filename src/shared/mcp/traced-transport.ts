/*
 * MCP over OpenTelemetry, at the transport: the one place every JSON-RPC message passes, on both sides (our client in
 * core/mcp, the embedded shop in mcp-server), whatever the SDK version above it. A request we send is a CLIENT span
 * `{mcp.method.name} {target}` whose context rides in `params._meta` (traceparent, tracestate, baggage: the W3C
 * names, unprefixed, as the MCP semantic conventions say); a request we receive is a SERVER span, the child of what
 * its `_meta` carries. Only @opentelemetry/api: without an SDK registered, nothing here does any work.
 */
import {
  context,
  metrics,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Histogram,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client';
import { errorText } from '../error-text';

/**
 * Switched on by the telemetry SDK when it starts (and off when it stops); off, a traced transport only passes through.
 * `restarted`: a new SDK was registered, so the metric instruments are taken again from it.
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

/** What the spans of one method and target share. */
interface Shape {
  version: string | undefined;
  name: string;
  metric: Attributes;
}

type Message = JSONRPCMessage & {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

/** Reads `_meta` defensively: a peer may send anything there. */
const metaGetter: TextMapGetter<unknown> = {
  get(carrier, key) {
    const value = carrier && typeof carrier === 'object' ? (carrier as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier) => (carrier && typeof carrier === 'object' ? Object.keys(carrier) : []),
};

/**
 * Traces `transport` in place (as captureProtocolVersion wraps setProtocolVersion): `send` and the `onmessage`
 * the protocol layer installs. Returns the same transport.
 */
export function traceTransport<T extends Transport>(transport: T, options: McpTraceOptions): T {
  const outgoing = new Map<string | number, { span: Span; started: number; metric: Attributes }>();
  const incoming = new Map<string | number, { span: Span; started: number; metric: Attributes }>();
  const sessionStarted = performance.now();
  let warnedBadContext = false;
  let cachedTracer: { generation: number; tracer: Tracer } | undefined;
  const tracer = (): Tracer => {
    if (cachedTracer?.generation !== tracing.generation)
      cachedTracer = { generation: tracing.generation, tracer: trace.getTracer('switchboard.mcp') };
    return cachedTracer.tracer;
  };
  const histograms = instrumentsFor(options.side);

  // What every span and metric of this transport shares, built once: the per-call work is only what differs.
  const fixed: Attributes = { 'network.transport': options.networkTransport };
  if (options.networkTransport === 'tcp') fixed['network.protocol.name'] = 'http';
  if (options.serverAddress) fixed['server.address'] = options.serverAddress;
  if (options.serverPort) fixed['server.port'] = options.serverPort;
  /**
   * Per method and target (a tool or prompt name): the span name and the metric attributes (the span's, without the
   * per-request ones), built once per protocol version; a call only copies them and adds its own.
   */
  const shapes = new Map<string, Map<string, Shape>>();
  let shapeCount = 0;
  const shapeOf = (method: string, params: Record<string, unknown> | undefined): Shape => {
    const version = options.protocolVersion?.() ?? undefined;
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
  const spanAttributes = (
    shape: Shape,
    params: Record<string, unknown> | undefined,
    id: string | number,
  ): Attributes => {
    const span: Attributes = { ...shape.metric, 'jsonrpc.request.id': String(id) };
    if (transport.sessionId) span['mcp.session.id'] = transport.sessionId;
    if (typeof params?.uri === 'string') span['mcp.resource.uri'] = params.uri;
    return span;
  };

  const finish = (
    entry: { span: Span; started: number; metric: Attributes },
    message: Message,
    histogram: Histogram | undefined,
  ) => {
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
  };

  const send = transport.send.bind(transport);
  transport.send = (raw, sendOptions) => {
    const message = raw as Message;
    if (!tracing.on) return send(raw, sendOptions);
    const { method, id } = message;
    if (method !== undefined && id !== undefined) {
      const shape = shapeOf(method, message.params);
      const span = tracer().startSpan(
        shape.name,
        { kind: SpanKind.CLIENT, attributes: spanAttributes(shape, message.params, id) },
        ourParent(message.params?._meta, options.parent),
      );
      const carrier: Record<string, string> = {};
      propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
      outgoing.set(id, { span, started: performance.now(), metric: shape.metric });
      const params = message.params ?? {};
      const meta = params._meta && typeof params._meta === 'object' ? params._meta : {};
      const sent = send(
        { ...message, params: { ...params, _meta: { ...meta, ...carrier } } } as JSONRPCMessage,
        sendOptions,
      );
      return sent.catch((error: unknown) => {
        const entry = outgoing.get(id);
        outgoing.delete(id);
        if (entry)
          finish(
            entry,
            {
              jsonrpc: '2.0',
              id,
              error: { code: -32000, message: errorText(error) },
            } as Message,
            histograms().sent,
          );
        throw error;
      });
    }
    if (method === undefined && id !== undefined) {
      const entry = incoming.get(id);
      if (entry) {
        incoming.delete(id);
        finish(entry, message, histograms().handled);
      }
    }
    return send(raw, sendOptions);
  };

  /** The message a wrapped handler is tracing (handlers run synchronously): a nested wrapped one lets it through. */
  let handling: object | undefined;
  wrapHandler(transport, 'onmessage', (handler) => (raw, extra) => {
    const message = raw as Message;
    if (!tracing.on || handling === raw) return handler(raw, extra);
    const outer = handling;
    handling = raw;
    try {
      return traced(message, () => handler(raw, extra));
    } finally {
      handling = outer;
    }
  });
  const traced = (message: Message, handle: () => void) => {
    const { method, id } = message;
    if (method === undefined && id !== undefined) {
      const entry = outgoing.get(id);
      if (entry) {
        outgoing.delete(id);
        finish(entry, message, histograms().sent);
      }
      return handle();
    }
    if (method === undefined || id === undefined) return handle();
    const parent = parentOf(message.params?._meta, (bad) => {
      if (warnedBadContext) return;
      warnedBadContext = true;
      options.onBadContext?.(bad);
    });
    const shape = shapeOf(method, message.params);
    const span = tracer().startSpan(
      shape.name,
      { kind: SpanKind.SERVER, attributes: spanAttributes(shape, message.params, id) },
      parent,
    );
    incoming.set(id, { span, started: performance.now(), metric: shape.metric });
    return context.with(trace.setSpan(parent, span), handle);
  };

  let closing = false;
  wrapHandler(transport, 'onclose', (handler) => () => {
    if (closing) return handler();
    closing = true;
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
    handler();
  });
  return transport;
}

/**
 * Spans our callers put into a request's `_meta` (handOverSpan), by their traceparent: the CLIENT span finds its parent
 * here instead of parsing the header back (a parse per call, and a context per propagator, on the hot path).
 */
const handedOver = new Map<string, Span>();

/** Registers `span` as the parent of the request whose `_meta` carries `carrier`; call the returned function when done. */
export function handOverSpan(carrier: Record<string, string>, span: Span): () => void {
  const key = carrier.traceparent;
  if (key === undefined) return () => undefined;
  handedOver.set(key, span);
  return () => {
    if (handedOver.get(key) === span) handedOver.delete(key);
  };
}

/** The parent of a request we send: the context our caller put in its `_meta`, else `fallback`, else none. */
function ourParent(meta: unknown, fallback: (() => Span | undefined) | undefined): Context {
  const mine = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).traceparent : undefined;
  const span = typeof mine === 'string' ? handedOver.get(mine) : undefined;
  if (span) return trace.setSpan(ROOT_CONTEXT, span);
  const handed = typeof mine === 'string' ? propagation.extract(ROOT_CONTEXT, meta, metaGetter) : ROOT_CONTEXT;
  if (trace.getSpanContext(handed)) return handed;
  const parent = fallback?.();
  return parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** The context a peer's `_meta` carries; a malformed traceparent is reported and ignored (the span is a root). */
function parentOf(meta: unknown, onBad: (value: string) => void): Context {
  const active = ROOT_CONTEXT;
  const raw = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).traceparent : undefined;
  if (raw === undefined) return active;
  // The W3C propagator hands back the context it was given when the header does not parse.
  const extracted = typeof raw === 'string' ? propagation.extract(active, meta, metaGetter) : active;
  if (extracted === active || !trace.getSpanContext(extracted)) {
    onBad(typeof raw === 'string' ? raw.slice(0, 80) : `(${typeof raw})`);
    return active;
  }
  return extracted;
}

/**
 * Wraps a handler the protocol layer assigns later (`transport.onmessage = …`), and the one already there. A transport
 * whose property is an accessor (the SDK's Node server transport forwards it to an inner one) gets the wrapped handler
 * through that accessor. A layer that chains the handler it found calls a wrapped one inside another: `wrap` lets
 * such a nested call through untouched (see the re-entrancy guards in traceTransport).
 */
function wrapHandler<K extends 'onmessage' | 'onclose', F extends NonNullable<Transport[K]>>(
  transport: Transport,
  key: K,
  wrap: (handler: F) => F,
): void {
  const accessor = descriptorOf(transport, key);
  let wrapped: F | undefined;
  const set = (handler: F | undefined) => {
    wrapped = handler && wrap(handler);
    accessor?.set?.call(transport, wrapped);
  };
  set(transport[key] as F | undefined);
  Object.defineProperty(transport, key, {
    configurable: true,
    enumerable: true,
    get: () => (accessor?.get ? (accessor.get.call(transport) as F | undefined) : wrapped),
    set,
  });
}

/** The property's accessor, if it is one, on the object or its prototypes. */
function descriptorOf(target: object, key: string): PropertyDescriptor | undefined {
  for (let o: object | null = target; o; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, key);
    if (descriptor) return descriptor.set ? descriptor : undefined;
  }
  return undefined;
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
