import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLikeMain } from './bundle-like-main';
import { BUNDLED_AND_SHIPPED, MAIN_BUNDLED_DEPS } from './main-bundled-deps';

const root = join(import.meta.dirname, '..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((cleanup) => cleanup())));

describe('@opentelemetry/api bundled into main, its SDK loaded from node_modules', () => {
  it('is inside the bundle (not required file by file at start-up), and spans started through it reach the SDK', async () => {
    expect(MAIN_BUNDLED_DEPS).toEqual(expect.arrayContaining(BUNDLED_AND_SHIPPED));
    const { text, url, cleanup } = await bundleLikeMain(`
      import { createRequire } from 'node:module';
      import { trace } from '@opentelemetry/api';
      import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
      export * from '${join(root, 'src/main/core/telemetry/telemetry.ts')}';
      export { trace, BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor };
      /** The copy the SDK packages require. */
      export const shipped = createRequire(import.meta.url)('@opentelemetry/api');
    `);
    cleanups.push(cleanup);
    expect(text).not.toMatch(/from\s*["']@opentelemetry\/api["']/);
    expect(text).toMatch(/from\s*["']@opentelemetry\/sdk-trace-base["']/);

    const bundled = await import(url);
    expect(bundled.shipped.trace).not.toBe(bundled.trace); // two copies in the process once the SDK loads
    const exporter = new bundled.InMemorySpanExporter();
    const provider = new bundled.BasicTracerProvider({ spanProcessors: [new bundled.SimpleSpanProcessor(exporter)] });
    // As telemetry-sdk.ts registers it: through the bundled copy.
    expect(bundled.trace.setGlobalTracerProvider(provider)).toBe(true);
    bundled.telemetryState.on = true;
    bundled.telemetryState.generation++;
    try {
      const parent = bundled.startSpan('parent', bundled.SpanKind.CLIENT, { a: 1 });
      const child = bundled.startSpan('child', bundled.SpanKind.INTERNAL, {}, parent);
      bundled.endSpan(child, 'boom');
      bundled.endSpan(parent);
      bundled.shipped.trace.getTracer('the-sdk-side').startSpan('through the shipped copy').end();
      const spans = exporter.getFinishedSpans() as {
        name: string;
        kind: number;
        status: { code: number };
        spanContext(): { spanId: string };
        parentSpanContext?: { spanId: string };
      }[];
      expect(spans.map((span) => span.name)).toEqual(['child', 'parent', 'through the shipped copy']);
      const [childSpan, parentSpan] = spans;
      expect(parentSpan.kind).toBe(bundled.SpanKind.CLIENT);
      expect(childSpan.parentSpanContext?.spanId).toBe(parentSpan.spanContext().spanId);
      expect(childSpan.status.code).toBe(2); // ERROR
    } finally {
      bundled.telemetryState.on = false;
      bundled.trace.disable();
      await provider.shutdown();
    }
  }, 60_000);
});
