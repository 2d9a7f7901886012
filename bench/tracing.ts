import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setMcpTracing } from '../src/shared/mcp/transport-spans';
import { telemetryState } from '../src/main/core/telemetry/telemetry';
import { TelemetryService } from '../src/main/core/telemetry/telemetry-service';
import { gc, metric, type Scenario } from './report';
import { startShopFleet } from './support/shop-fleet';
import { QUERY_ORDER_ARGS, createProxyRig, fixedConfig, shopServer, trustedShopConfig } from './support/proxy-rig';

/**
 * Scenario 2c: what tracing costs a tool call. The same full ToolProxy path as scenario 2 (records, conversation log,
 * the real ConnectionManager over Streamable HTTP to a shop in its own process), with OpenTelemetry on (the SDK, an
 * execute_tool span, the MCP CLIENT span with trace context in _meta, the duration metrics, exported over OTLP/HTTP
 * protobuf to a collector in this process) against off (the same process, the instrumentation switched off: what an
 * unconfigured run does). The two alternate in blocks (ABBA) within each repetition.
 */
export const tracingScenario: Scenario = async ({ quick, log }) => {
  // Quick still judges the target (CI): five repetitions, so the median is not one noisy pair of sides.
  const calls = quick ? 200 : 1_000;
  const reps = 5;
  const BLOCK = 20;
  const WARM_EXPORTS = 3;
  const collector = await startSink();
  const fleet = await startShopFleet(1, 0);
  const telemetry = new TelemetryService({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRIC_EXPORT_INTERVAL: '5000' },
    settings: () => undefined,
    storedHeaders: () => undefined,
    log: (line) => log(`  ${line}`),
  });
  // Started before the connection, as the app does: its transport is traced from the first message.
  await telemetry.apply();
  const rig = await createProxyRig(fixedConfig(trustedShopConfig(shopServer(fleet.urls[0]))), 'sb-bench-tracing-');
  // Off is an unconfigured run: no spans, no _meta, no metrics. The SDK stays registered (it holds no process-wide
  // hooks: no context manager); what its exporters send in the background counts for either side.
  const tracing = (on: boolean) => {
    telemetryState.on = on;
    setMcpTracing(on);
  };
  try {
    await rig.open();
    const proxy = rig.proxy();
    let callNo = 0;
    const openTurn = (rep: number) => rig.openTurn(`t_trace_${rep}`);
    const run = async (n: number, ctx: Awaited<ReturnType<typeof openTurn>>) => {
      for (let i = 0; i < n; i++) {
        const message = await proxy.execute(
          { id: `call_${++callNo}`, name: 'query_order', arguments: QUERY_ORDER_ARGS },
          ctx,
        );
        if (message.role !== 'tool' || message.isError)
          throw new Error(`traced call failed: ${JSON.stringify(message)}`);
      }
      await ctx.conversation.resultsWritten();
    };

    // Both sides' code runs hot before the first measured block, the exporter's included: WARM_EXPORTS full batches
    // are serialized and sent (the SDK's BatchSpanProcessor, 512 spans each, two spans a call), then the rest is
    // flushed. Without it the first exports of a measured repetition ran the OTLP serializer cold (~35 µs a span against
    // ~5 warm): a one-time start-up cost, not a per-call one, that fell on the "on" side alone.
    log('  warm-up');
    const warm = await openTurn(-1);
    tracing(true);
    await run(WARM_EXPORTS * 256, warm);
    await telemetry.flush();
    tracing(false);
    await run(200, warm);

    const onMs: number[] = [];
    const offMs: number[] = [];
    const onCpu: number[] = [];
    const offCpu: number[] = [];
    const onMain: number[] = [];
    const offMain: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      gc();
      const ctx = await openTurn(rep);
      let on = 0;
      let off = 0;
      let onUs = 0;
      let offUs = 0;
      let onMainMs = 0;
      let offMainMs = 0;
      for (let block = 0; block < calls / BLOCK; block++) {
        for (const side of block % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          tracing(side === 'on');
          const started = performance.now();
          const cpu = process.cpuUsage();
          const main = mainThreadCpuMs();
          await run(BLOCK, ctx);
          const used = process.cpuUsage(cpu);
          const mainUsed = (mainThreadCpuMs() ?? 0) - (main ?? 0);
          const ms = performance.now() - started;
          if (side === 'on') {
            on += ms;
            onUs += used.user + used.system;
            onMainMs += mainUsed;
          } else {
            off += ms;
            offUs += used.user + used.system;
            offMainMs += mainUsed;
          }
        }
      }
      onMs.push(on);
      offMs.push(off);
      onCpu.push(onUs / 1000);
      offCpu.push(offUs / 1000);
      onMain.push(onMainMs);
      offMain.push(offMainMs);
      log(
        `  rep ${rep + 1}/${reps}: off ${off.toFixed(0)} ms, on ${on.toFixed(0)} ms (${(on / off).toFixed(3)}×); CPU off ${(offUs / 1000).toFixed(0)} ms, on ${(onUs / 1000).toFixed(0)} ms (${(onUs / offUs).toFixed(3)}×)${mainThreadCpuMs() === undefined ? '' : `; main thread off ${offMainMs} ms, on ${onMainMs} ms (${(onMainMs / offMainMs).toFixed(3)}×)`}`,
      );
    }
    tracing(true);
    await telemetry.flush();
    const exported = collector.bytes;
    return {
      metrics: [
        metric({
          id: 'tracing.tool-call',
          label: `${calls} sequential query_order calls through the proxy, tracing on`,
          unit: 'ms',
          values: onMs,
          baseline: { label: 'tracing off', values: offMs },
          paired: true,
          target: { text: '≤ 1.10× tracing off', on: 'ratio', op: '<=', value: 1.1 },
        }),
        metric({
          id: 'tracing.tool-call-cpu',
          label:
            'the same calls: CPU time of this process, every thread (the proxy, the MCP client, the SDK, the span export worker)',
          unit: 'ms',
          values: onCpu,
          baseline: { label: 'tracing off', values: offCpu },
          paired: true,
        }),
        ...(mainThreadCpuMs() === undefined
          ? []
          : [
              metric({
                id: 'tracing.tool-call-main-thread',
                label:
                  'the same calls: CPU time of the main thread alone (the one that runs the calls; Linux scheduler ticks, 10 ms each, summed over the blocks)',
                unit: 'ms',
                values: onMain,
                baseline: { label: 'tracing off', values: offMain },
                paired: true,
              }),
            ]),
      ],
      notes: [
        `OTLP/HTTP protobuf to a collector on 127.0.0.1 (batched, as configured by default; it takes the bytes and answers 200: decoding is the collector's work, not ours): ${collector.requests} requests, ${(exported / 1024).toFixed(0)} KB. ${reps} repetitions of ${calls} calls per side, alternating in blocks of ${BLOCK} (ABBA); the ratio is the median of the repetitions' own ratios. Before the first block, ${WARM_EXPORTS} full span batches were exported and flushed (warm encoder on both sides' terms). Spans are encoded and sent by the span export worker: its CPU is in the process row, not the main-thread one.`,
        'Off is what a run without OTEL_* configuration does: no span, no _meta injection, no metric (the SDK was never loaded there; start-up is checked by tests/telemetry/cli-traces.test.ts, which proves no SDK module is imported).',
      ],
    };
  } finally {
    tracing(false);
    await rig.close();
    await telemetry.close();
    await fleet.close();
    await collector.close();
  }
};

/**
 * The main thread's CPU time in ms (Linux: its utime + stime in /proc, 100 ticks a second), or undefined elsewhere.
 * process.cpuUsage counts every thread: the span export worker's and V8's helpers too.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** An OTLP/HTTP endpoint that takes every export and answers 200, counting requests and bytes. */
async function startSink(): Promise<{ url: string; requests: number; bytes: number; close(): Promise<void> }> {
  const sink = { url: '', requests: 0, bytes: 0, close: async (): Promise<void> => undefined };
  const server = createServer((req, res) => {
    sink.requests += 1;
    req.on('data', (chunk: Buffer) => (sink.bytes += chunk.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sink.close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return sink;
}
