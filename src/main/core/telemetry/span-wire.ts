/*
 * An ended span as plain data, to cross into the span export worker (structured clone): everything an OTLP exporter
 * reads of a ReadableSpan except the resource, which the worker holds once. Trace state crosses as its header text.
 */
import type { Attributes, HrTime, Link, SpanContext, SpanKind, SpanStatus } from '@opentelemetry/api';
import { TraceState, type InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';

type WireContext = Omit<SpanContext, 'traceState'> & { traceState?: string };

export interface WireSpan {
  name: string;
  kind: SpanKind;
  context: WireContext;
  parent?: WireContext;
  startTime: HrTime;
  endTime: HrTime;
  duration: HrTime;
  status: SpanStatus;
  attributes: Attributes;
  links?: { context: WireContext; attributes?: Attributes; droppedAttributesCount?: number }[];
  events?: TimedEvent[];
  dropped?: [attributes: number, events: number, links: number];
  scope: InstrumentationScope;
}

const toWireContext = ({ traceState, ...rest }: SpanContext): WireContext =>
  traceState ? { ...rest, traceState: traceState.serialize() } : rest;
const fromWireContext = ({ traceState, ...rest }: WireContext): SpanContext =>
  traceState ? { ...rest, traceState: new TraceState(traceState) } : rest;

/** The span's data by reference (its attributes, times and events are not copied here: postMessage copies them once). */
export function toWire(span: ReadableSpan): WireSpan {
  const wire: WireSpan = {
    name: span.name,
    kind: span.kind,
    context: toWireContext(span.spanContext()),
    startTime: span.startTime,
    endTime: span.endTime,
    duration: span.duration,
    status: span.status,
    attributes: span.attributes,
    scope: span.instrumentationScope,
  };
  if (span.parentSpanContext) wire.parent = toWireContext(span.parentSpanContext);
  if (span.links.length) wire.links = span.links.map((link) => ({ ...link, context: toWireContext(link.context) }));
  if (span.events.length) wire.events = span.events;
  if (span.droppedAttributesCount || span.droppedEventsCount || span.droppedLinksCount)
    wire.dropped = [span.droppedAttributesCount, span.droppedEventsCount, span.droppedLinksCount];
  return wire;
}

/** The span again, as the exporter reads it, with the worker's `resource`. */
export function fromWire(wire: WireSpan, resource: Resource): ReadableSpan {
  const context = fromWireContext(wire.context);
  return {
    name: wire.name,
    kind: wire.kind,
    spanContext: () => context,
    ...(wire.parent && { parentSpanContext: fromWireContext(wire.parent) }),
    startTime: wire.startTime,
    endTime: wire.endTime,
    duration: wire.duration,
    ended: true,
    status: wire.status,
    attributes: wire.attributes,
    links: (wire.links ?? []).map((link) => ({ ...link, context: fromWireContext(link.context) }) as Link),
    events: wire.events ?? [],
    resource,
    instrumentationScope: wire.scope,
    droppedAttributesCount: wire.dropped?.[0] ?? 0,
    droppedEventsCount: wire.dropped?.[1] ?? 0,
    droppedLinksCount: wire.dropped?.[2] ?? 0,
  };
}
