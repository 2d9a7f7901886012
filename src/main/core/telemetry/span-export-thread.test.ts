import { Worker } from 'node:worker_threads';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { OtlpReceiver } from '../../../../tests/support/otlp/otlp-receiver';
import type { ExportOutcome } from './otlp-export';
import { SpanExportThread, type SpanWorkerData } from './span-export-thread';
import { fromWire, toWire } from './span-wire';

const resource = resourceFromAttributes({ 'service.name': 'switchboard-test', 'service.version': '9.9.9' });

/** Ends a few spans through `processor`: a root, a CLIENT child with an error, an event and a link, under a remote parent with trace state. */
function makeSpans(processor: SpanProcessor): void {
  const provider = new BasicTracerProvider({ resource, spanProcessors: [processor] });
  const tracer = provider.getTracer('switchboard.test', '1.0.0');
  const remote = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
    traceState: new TraceState('vendor=abc,other=1'),
  });
  const root = tracer.startSpan(
    'execute_tool query_order',
    { attributes: { 'gen_ai.tool.name': 'query_order', 'switchboard.tool.read_only': true, 'switchboard.count': 3 } },
    remote,
  );
  const child = tracer.startSpan(
    'tools/call query_order',
    {
      kind: SpanKind.CLIENT,
      attributes: { 'mcp.method.name': 'tools/call', 'jsonrpc.request.id': '7' },
      links: [{ context: root.spanContext(), attributes: { why: 'test' } }],
    },
    trace.setSpan(ROOT_CONTEXT, root),
  );
  child.addEvent('retry', { attempt: 2 });
  child.setAttribute('error.type', 'tool_error');
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'the tool said no' });
  child.end();
  root.end();
}

const request = (spans: ReadableSpan[]) =>
  JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans))) as unknown;

describe('span export off the main thread', () => {
  let receiver: OtlpReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('a span crosses to the worker as plain data and comes out the same: the OTLP request made from it equals the one made from the span itself', () => {
    const memory = new InMemorySpanExporter();
    makeSpans(new SimpleSpanProcessor(memory));
    const spans = memory.getFinishedSpans();
    expect(spans).toHaveLength(2);
    const crossed = spans.map((span) => fromWire(structuredClone(toWire(span)), resource));
    expect(request(crossed)).toEqual(request(spans));
    expect(crossed[0].spanContext().traceState?.serialize()).toBe('vendor=abc,other=1');
  });

  it('the worker batches, encodes and sends the spans to the collector; a flush waits until they are there', async () => {
    receiver = await OtlpReceiver.start();
    const outcomes: ExportOutcome[] = [];
    const data: SpanWorkerData = {
      exporter: {
        tracesUrl: `${receiver.url}/v1/traces`,
        metricsUrl: null,
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 5_000,
      },
      resource: { attributes: resource.attributes },
      exportTimeoutMillis: 6_000,
    };
    const thread = new SpanExportThread({
      data,
      onExport: (o) => outcomes.push(o),
      fallback: () => Promise.reject(new Error('no fallback expected')),
    });
    makeSpans(thread);
    await thread.forceFlush();
    const names = receiver.spans.map((s) => s.name).sort();
    expect(names).toEqual(['execute_tool query_order', 'tools/call query_order']);
    const [root, child] = ['execute_tool query_order', 'tools/call query_order'].map((name) =>
      receiver!.spans.find((s) => s.name === name)!,
    );
    expect(root).toMatchObject({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: 'b7ad6b7169203331',
      service: 'switchboard-test',
      kind: 1,
    });
    expect(child).toMatchObject({
      parentSpanId: root.spanId,
      kind: 3,
      statusCode: 2,
      attributes: { 'mcp.method.name': 'tools/call', 'jsonrpc.request.id': '7', 'error.type': 'tool_error' },
    });
    expect(outcomes).toEqual([expect.objectContaining({ signal: 'traces', ok: true })]);
    await thread.shutdown();
  });

  it('a worker that stops unasked is told once, with the cause; the next spans are exported on this thread', async () => {
    const outcomes: ExportOutcome[] = [];
    const memory = new InMemorySpanExporter();
    const data: SpanWorkerData = {
      exporter: {
        tracesUrl: 'http://127.0.0.1:9/v1/traces',
        metricsUrl: null,
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 1_000,
      },
      resource: { attributes: {} },
      exportTimeoutMillis: 2_000,
    };
    const thread = new SpanExportThread({
      data,
      onExport: (o) => outcomes.push(o),
      fallback: async () => new SimpleSpanProcessor(memory),
      startWorker: () => new Worker('throw new Error("the span worker broke")', { eval: true }),
    });
    await expect.poll(() => outcomes.length).toBe(1);
    expect(outcomes[0]).toMatchObject({ signal: 'traces', ok: false });
    expect(outcomes[0].detail).toContain('the span worker broke');
    makeSpans(thread);
    await thread.forceFlush();
    expect(
      memory
        .getFinishedSpans()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['execute_tool query_order', 'tools/call query_order']);
    expect(outcomes).toHaveLength(1); // the exit after the error is not told again
    await thread.shutdown();
  });
});
