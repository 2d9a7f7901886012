/*
 * MCP over OpenTelemetry, at the transport: the one place every JSON-RPC message passes, on both sides (our client in
 * core/mcp, the embedded shop in mcp-server), whatever the SDK version above it. A request we send is a CLIENT span
 * `{mcp.method.name} {target}` whose context rides in `params._meta` (traceparent, tracestate, baggage: the W3C
 * names, unprefixed, as the MCP semantic conventions say); a request we receive is a SERVER span, the child of what
 * its `_meta` carries. The spans themselves are transport-spans.ts'; this file hooks them into the transport.
 */
import { context, trace } from '@opentelemetry/api';
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client';
import { errorText } from '../error-text';
import { contextCarrier, parentOf } from './trace-context';
import {
  createTransportSpans,
  mcpTracingOn,
  type McpTraceOptions,
  type Message,
  type TransportSpans,
} from './transport-spans';

/**
 * Traces `transport` in place (as captureProtocolVersion wraps setProtocolVersion): `send` and the `onmessage`
 * the protocol layer installs. Returns the same transport.
 */
export function traceTransport<T extends Transport>(transport: T, options: McpTraceOptions): T {
  const spans = createTransportSpans(transport, options);
  traceSend(transport, spans);
  traceReceive(transport, spans, options.onBadContext);
  traceClose(transport, spans);
  return transport;
}

/** A request we send opens its span and carries its context in `_meta`; a response we send ends the peer's request. */
function traceSend(transport: Transport, spans: TransportSpans): void {
  const send = transport.send.bind(transport);
  transport.send = (raw, sendOptions) => {
    const message = raw as Message;
    if (!mcpTracingOn()) return send(raw, sendOptions);
    const { method, id } = message;
    if (method !== undefined && id !== undefined) {
      const span = spans.startSent(message, id, method);
      const params = message.params ?? {};
      const meta = params._meta && typeof params._meta === 'object' ? params._meta : {};
      const sent = send(
        { ...message, params: { ...params, _meta: { ...meta, ...contextCarrier(span) } } } as JSONRPCMessage,
        sendOptions,
      );
      return sent.catch((error: unknown) => {
        spans.endSent(id, { jsonrpc: '2.0', id, error: { code: -32000, message: errorText(error) } } as Message);
        throw error;
      });
    }
    if (method === undefined && id !== undefined) spans.endHandled(id, message);
    return send(raw, sendOptions);
  };
}

/**
 * A response we receive ends our request's span; a request we receive opens a SERVER span, active while its handler
 * runs. A peer's malformed trace context is told once per transport.
 */
function traceReceive(transport: Transport, spans: TransportSpans, onBadContext?: (value: string) => void): void {
  let warnedBadContext = false;
  const badContext = (bad: string) => {
    if (warnedBadContext) return;
    warnedBadContext = true;
    onBadContext?.(bad);
  };
  const traced = (message: Message, handle: () => void) => {
    const { method, id } = message;
    if (method === undefined && id !== undefined) {
      spans.endSent(id, message);
      return handle();
    }
    if (method === undefined || id === undefined) return handle();
    const parent = parentOf(message.params?._meta, badContext);
    const span = spans.startHandled(message, id, method, parent);
    return context.with(trace.setSpan(parent, span), handle);
  };
  /** The message a wrapped handler is tracing (handlers run synchronously): a nested wrapped one lets it through. */
  let handling: object | undefined;
  wrapHandler(transport, 'onmessage', (handler) => (raw, extra) => {
    if (!mcpTracingOn() || handling === raw) return handler(raw, extra);
    const outer = handling;
    handling = raw;
    try {
      return traced(raw as Message, () => handler(raw, extra));
    } finally {
      handling = outer;
    }
  });
}

/** Closing ends every open span; the guard lets a nested wrapped close handler through. */
function traceClose(transport: Transport, spans: TransportSpans): void {
  let closing = false;
  wrapHandler(transport, 'onclose', (handler) => () => {
    if (closing) return handler();
    closing = true;
    spans.closeAll();
    handler();
  });
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
