// Profiling aid for bench scenario 2 (tool-call), issue 29. Not part of `npm run bench`.
//   node --import tsx bench/support/profile-tool-call.ts MODE [calls]
// proxy | bare | manager: one side alone in a loop (the app's ToolProxy; the bare SDK client; the app's McpCaller and
//   ConnectionManager without the proxy), printing CPU µs/call, GC count and time, heap growth. PROFILE=x.cpuprofile
//   profiles the measured loop only; HEAPPROFILE=x.heapprofile samples its allocations (HEAPLIVE=1: what it retains).
// split: the three sides interleaved in blocks of 10 (ABBA), CPU per side; with PROFILE each block's side and span
//   are saved with the profile, so samples can be split by side under the same machine load.
// fake: network-free, the proxy over a caller answering with a copy of a recorded result, minus that caller alone:
//   the proxy's own CPU per call (median of 9), steady where the HTTP round trip's noise swamps it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { serverConfigSchema, configSchemaFor, type IntentNode } from '../../src/shared/config/schema';
import { ApprovalService } from '../../src/main/core/agent/approvals';
import { createMcpCaller } from '../../src/main/core/agent/mcp-caller';
import { ConversationStore } from '../../src/main/core/stores/conversation-store';
import { createLocalToolRunner } from '../../src/main/core/agent/local-tools';
import { RecordsStore } from '../../src/main/core/stores/records-store';
import { ACTING_IDENTITY_META_KEY, ToolProxy } from '../../src/main/core/agent/tool-proxy';
import { buildModelStep } from '../../src/main/core/agent/visible-set';
import { createToolPipeline } from '../../src/main/core/catalog/tool-pipeline';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { EventBus } from '../../src/main/core/events';
import { createKnowledgeBase } from '../../src/main/core/knowledge/knowledge-base';
import { buildTransport } from '../../src/main/core/mcp/transport-factory';
import { bareClientLike } from './bare-client';
import { startShopFleet } from './shop-fleet';
import { gc } from '../report';

const side = (['bare', 'manager', 'split', 'fake'] as const).find((s) => s === process.argv[2]) ?? 'proxy';
const calls = Number(process.argv[3] ?? 3000);
const ARGS = { keyword: '耳机' };
const META = { [ACTING_IDENTITY_META_KEY]: 'u1001' };

const trustAll = (nodes: IntentNode[]): IntentNode[] =>
  nodes.map((n) =>
    n.kind === 'mcp'
      ? { ...n, confirm: 'never' as const }
      : n.kind === 'category'
        ? { ...n, children: trustAll(n.children) }
        : n,
  );

const fleet = await startShopFleet(1, 0);
const dataDir = await mkdtemp(join(tmpdir(), 'sb-prof-'));
const server = serverConfigSchema.parse({ name: 'shop', url: fleet.urls[0] });
const defaults = configSchemaFor().parse(parse(demoShopConfigText()));
const config = {
  ...defaults,
  intents: trustAll(defaults.intents),
  agent: { ...defaults.agent, mcp: { servers: [server] } },
};
const events = new EventBus();
const pipeline = createToolPipeline({
  config: { current: () => config, onChange: () => () => undefined },
  events,
  log: () => undefined,
});
const records = new RecordsStore(dataDir, events);
const store = new ConversationStore(join(dataDir, 'conversations'));
await pipeline.connections.whenSettled();
const bare = bareClientLike(pipeline.connections.state('shop'));
await bare.connect((await buildTransport(server, { env: process.env })).transport);
await bare.listTools();
await records.open();
await store.open();
const proxy = new ToolProxy({
  mcp: createMcpCaller(
    pipeline.connections,
    (name) => config.agent.mcp.servers.find((s) => s.name === name)?.timeoutMs,
  ),
  local: createLocalToolRunner({ skills: () => config.skills, knowledge: async () => createKnowledgeBase([]) }),
  approvals: new ApprovalService(events, () => 60_000),
  records,
  events,
});
const conversation = await store.create('u1001', 'bench');
const { catalog, revision } = pipeline.catalog.current();
const { tools } = await buildModelStep(catalog, revision, conversation.loadedSkills, 1);
const ctx = {
  conversation,
  turnId: 't_prof',
  step: 1,
  catalog,
  visible: new Set(tools.map((t) => t.name)),
  signal: new AbortController().signal,
};
let callNo = 0;
// `fake`: network-free, the proxy over a caller that answers with a copy of a recorded result on the next turn of the
// loop, against that caller alone: the proxy's own CPU per call, without the noise of the HTTP round trip.
const recorded = await bare.callTool({ name: 'query_order', arguments: ARGS, _meta: META });
const fakeCaller = {
  callTool: () => new Promise<unknown>((resolve) => setImmediate(() => resolve(structuredClone(recorded)))),
};
const fakeProxy = new ToolProxy({
  mcp: fakeCaller,
  local: createLocalToolRunner({ skills: () => config.skills, knowledge: async () => createKnowledgeBase([]) }),
  approvals: new ApprovalService(events, () => 60_000),
  records,
  events,
});
const caller = createMcpCaller(pipeline.connections, () => undefined);
const managerOptions = { signal: ctx.signal, meta: META, idempotent: true, onProgress: () => undefined };

const run = async (n: number, side: 'bare' | 'manager' | 'proxy' | 'fake') => {
  for (let i = 0; i < n; i += 10) {
    for (let j = 0; j < 10; j++) {
      if (side === 'bare') await bare.callTool({ name: 'query_order', arguments: ARGS, _meta: META });
      else if (side === 'manager') await caller.callTool('shop', 'query_order', ARGS, managerOptions);
      else await proxy.execute({ id: `call_${++callNo}`, name: 'query_order', arguments: ARGS }, ctx);
    }
    if (side === 'proxy') await conversation.resultsWritten();
  }
};
if (side === 'fake') {
  const runFake = async (n: number, through: boolean) => {
    for (let i = 0; i < n; i += 10) {
      for (let j = 0; j < 10; j++) {
        if (through) await fakeProxy.execute({ id: `call_${++callNo}`, name: 'query_order', arguments: ARGS }, ctx);
        else await fakeCaller.callTool();
      }
      if (through) await conversation.resultsWritten();
    }
  };
  await runFake(2000, true);
  await runFake(2000, false);
  const diffs: number[] = [];
  if (process.env.PROFILE) {
    const fakeSession = new Session();
    fakeSession.connect();
    await fakeSession.post('Profiler.enable');
    await fakeSession.post('Profiler.setSamplingInterval', { interval: 50 });
    await fakeSession.post('Profiler.start');
    await runFake(calls, true);
    const { profile } = await fakeSession.post('Profiler.stop');
    await writeFile(process.env.PROFILE, JSON.stringify(profile));
    process.exit(0);
  }
  for (let rep = 0; rep < 9; rep++) {
    let withCpu = 0;
    let withoutCpu = 0;
    for (let block = 0; block < calls / 100; block++)
      for (const through of block % 2 ? [false, true] : [true, false]) {
        const at = process.cpuUsage();
        await runFake(100, through);
        const used = process.cpuUsage(at);
        if (through) withCpu += used.user + used.system;
        else withoutCpu += used.user + used.system;
      }
    diffs.push((withCpu - withoutCpu) / calls);
  }
  diffs.sort((a, b) => a - b);
  console.log(JSON.stringify({ fakeProxyUsPerCall: +diffs[4].toFixed(1), all: diffs.map((d) => +d.toFixed(1)) }));
  process.exit(0);
}
if (side === 'split') {
  const sides = ['bare', 'manager', 'proxy'] as const;
  for (const s of sides) await run(300, s);
  const cpu = { bare: [] as number[], manager: [] as number[], proxy: [] as number[] };
  // With PROFILE, each block's side and span (µs, the profiler's monotonic clock) go along: samples are split by side.
  const blocks: [string, number, number][] = [];
  const sys = { bare: [] as number[], manager: [] as number[], proxy: [] as number[] };
  const splitSession = process.env.PROFILE ? new Session() : undefined;
  splitSession?.connect();
  await splitSession?.post('Profiler.enable');
  await splitSession?.post('Profiler.setSamplingInterval', { interval: 100 });
  await splitSession?.post('Profiler.start');
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  for (let rep = 0; rep < calls / 10; rep++)
    for (const s of rep % 2 ? [...sides].reverse() : sides) {
      const at = process.cpuUsage();
      const t0 = micros();
      await run(10, s);
      blocks.push([s, t0, micros()]);
      const used = process.cpuUsage(at);
      cpu[s].push((used.user + used.system) / 10);
      sys[s].push(used.system / 10);
    }
  if (splitSession) {
    const { profile } = await splitSession.post('Profiler.stop');
    await writeFile(process.env.PROFILE as string, JSON.stringify({ ...profile, blocks }));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    JSON.stringify(
      Object.fromEntries(
        sides.map((s) => [
          s,
          { median: +med(cpu[s]).toFixed(1), mean: +mean(cpu[s]).toFixed(1), sys: +mean(sys[s]).toFixed(1) },
        ]),
      ),
    ),
  );
  process.exit(0);
}
await run(500, side);
let gcCount = 0;
let gcMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcCount++;
    gcMs += entry.duration;
  }
});
observer.observe({ entryTypes: ['gc'] });
// PROFILE=path.cpuprofile: the measured loop only (not start-up or warm-up), through the inspector.
const session = process.env.PROFILE ? new Session() : undefined;
session?.connect();
await session?.post('Profiler.enable');
await session?.post('Profiler.setSamplingInterval', { interval: 100 });
await session?.post('Profiler.start');
// HEAPPROFILE=path.heapprofile: allocations of the measured loop (collected or not), sampled every 1 KiB.
const heapSession = process.env.HEAPPROFILE ? new Session() : undefined;
heapSession?.connect();
await heapSession?.post('HeapProfiler.startSampling', {
  samplingInterval: 1024,
  // HEAPLIVE=1: only what is still alive when sampling stops (after a GC): what the loop retains.
  includeObjectsCollectedByMajorGC: !process.env.HEAPLIVE,
  includeObjectsCollectedByMinorGC: !process.env.HEAPLIVE,
} as never);
const heapBefore = process.memoryUsage().heapUsed;
const cpu = process.cpuUsage();
const started = performance.now();
await run(calls, side);
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
if (heapSession) {
  await new Promise((resolve) => setTimeout(resolve, 300)); // the records batch written
  await conversation.resultsWritten();
  gc();
  const { profile } = await heapSession.post('HeapProfiler.stopSampling');
  await writeFile(process.env.HEAPPROFILE as string, JSON.stringify(profile));
  heapSession.disconnect();
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(process.env.PROFILE as string, JSON.stringify(profile));
  session.disconnect();
}
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
console.log(
  JSON.stringify({
    side,
    calls,
    wallUsPerCall: +((wallMs * 1000) / calls).toFixed(1),
    cpuUsPerCall: +((used.user + used.system) / calls).toFixed(1),
    userUsPerCall: +(used.user / calls).toFixed(1),
    sysUsPerCall: +(used.system / calls).toFixed(1),
    gcCount,
    gcUsPerCall: +((gcMs * 1000) / calls).toFixed(1),
    heapGrowthKb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024),
  }),
);
await bare.close();
await pipeline.close();
await records.close();
await store.close();
await fleet.close();
await rm(dataDir, { recursive: true, force: true });
