/*
 * Where an MCP request's span finds its parent: the W3C trace context (traceparent, tracestate, baggage) that rides in
 * `params._meta`, unprefixed, as the MCP semantic conventions say.
 */
import { propagation, ROOT_CONTEXT, trace, type Context, type Span, type TextMapGetter } from '@opentelemetry/api';

/** Reads `_meta` defensively: a peer may send anything there. */
const metaGetter: TextMapGetter<unknown> = {
  get(carrier, key) {
    const value = carrier && typeof carrier === 'object' ? (carrier as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier) => (carrier && typeof carrier === 'object' ? Object.keys(carrier) : []),
};

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
export function ourParent(meta: unknown, fallback: (() => Span | undefined) | undefined): Context {
  const mine = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).traceparent : undefined;
  const span = typeof mine === 'string' ? handedOver.get(mine) : undefined;
  if (span) return trace.setSpan(ROOT_CONTEXT, span);
  const handed = typeof mine === 'string' ? propagation.extract(ROOT_CONTEXT, meta, metaGetter) : ROOT_CONTEXT;
  if (trace.getSpanContext(handed)) return handed;
  const parent = fallback?.();
  return parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** The context a peer's `_meta` carries; a malformed traceparent is reported and ignored (the span is a root). */
export function parentOf(meta: unknown, onBad: (value: string) => void): Context {
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

/** The trace context of `span`, as `_meta` carries it. */
export function contextCarrier(span: Span): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier;
}
