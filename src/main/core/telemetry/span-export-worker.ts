/*
 * The span export worker: the SDK's BatchSpanProcessor and the OTLP trace exporter, off the main thread. The main
 * thread's SpanExportThread hands it ended spans as plain data (span-wire.ts); batching (OTEL_BSP_*), the
 * OTLP encoding and the HTTP requests happen here, and each export's outcome goes back to be reported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { reporting, spanExporter } from './otlp-export';
import type { SpanWorkerData, ToSpanWorker } from './span-export-thread';
import { fromWire } from './span-wire';

const port = parentPort;
if (!port) throw new Error('span-export-worker runs as a worker thread');
const data = workerData as SpanWorkerData;
const resource = resourceFromAttributes(
  data.resource.attributes,
  data.resource.schemaUrl ? { schemaUrl: data.resource.schemaUrl } : undefined,
);
const exporter = reporting(await spanExporter(data.exporter), 'traces', data.exporter.tracesUrl as string, (outcome) =>
  port.postMessage({ type: 'outcome', outcome }),
);
const processor = new BatchSpanProcessor(exporter, { exportTimeoutMillis: data.exportTimeoutMillis });

port.on('message', (message: ToSpanWorker) => {
  if (message.type === 'spans') {
    for (const span of message.spans) processor.onEnd(fromWire(span, resource));
    return;
  }
  const work = message.type === 'flush' ? processor.forceFlush() : processor.shutdown();
  void work.catch(() => undefined).then(() => port.postMessage({ type: 'done', id: message.id }));
});
