import { cp, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse, stringify } from 'yaml';
import { demoShopConfigText } from '../src/main/demo-shop/default-config';
import { openAiStream, startOpenAiCompatibleServer } from '../tests/support/providers';
import { startFixtureServer, type FixtureServer } from '../tests/support/mcp';
import { WIDE_TOOL_COUNT as WIDE_TOOLS, wideIntents, wideServerConfig, wideTools } from './support/wide-server';
import { metric, sleep, type Metric, type Scenario } from './report';
import { startBenchHost, type BenchHost, type EventLoopDelay } from './support/host';
import { connectRpc, type BenchRpc } from './support/rpc';

/**
 * Scenario 7: the event-loop delay of the headless host's main thread, the benchmark's stand-in for Electron's main
 * process (the same relay to the same core on its own thread; a held loop there freezes IPC, so the window).
 * `perf_hooks.monitorEventLoopDelay` runs in the host from before its code is loaded, on the main thread and on the
 * core's thread (reported beside it: how long the core keeps a request waiting). Four moments, each against the host
 * idling for a second (the machine's own noise):
 * 1. start-up with 100,000 execution records on disk (and the conversations that made some of them): from the
 *    process's start until the console is served and the embedded shop is connected;
 * 2. the first chat.create;
 * 3. a turn in which the model asks for 20 tool calls (a scripted OpenAI-compatible model, query_order);
 * 4. a rediscovery of a 10,000-tool server whose every description changed (tools/list_changed).
 * Target (issue 14): the longest block under 50 ms and p99 under 10 ms, in each.
 */
const RECORDS = 100_000;
const CALLS = 20;

interface Phase {
  id: string;
  label: string;
}
const PHASES: Phase[] = [
  { id: 'startup', label: `start-up with ${RECORDS.toLocaleString('en')} records on disk` },
  { id: 'chat-create', label: 'the first chat.create' },
  { id: 'turn', label: `a turn with ${CALLS} tool calls` },
  { id: 'rediscovery', label: `a ${WIDE_TOOLS.toLocaleString('en')}-tool rediscovery` },
];

export const eventLoopScenario: Scenario = async ({ quick, log }) => {
  const reps = quick ? 1 : 3;
  const template = await mkdtemp(join(tmpdir(), 'sb-bench-loop-data-'));
  const wide = await startFixtureServer({ tools: wideTools('v0') });
  const model = await startOpenAiCompatibleServer((request) => {
    const body = request.body as { messages?: { role: string }[] };
    // First call of a turn: 20 tool calls; once their results are in: the answer.
    if (body.messages?.at(-1)?.role === 'tool') return openAiStream({ text: ['已查到。'] });
    return openAiStream({
      toolCalls: Array.from({ length: CALLS }, (_, i) => ({
        id: `call_${Date.now()}_${i}`,
        name: 'query_order',
        arguments: { keyword: '耳机' },
      })),
    });
  });
  const results = new Map<string, EventLoopDelay[]>(PHASES.map((p) => [p.id, []]));
  const idle: EventLoopDelay[] = [];
  const notes: string[] = [];
  try {
    const made = await makeHistory(template, model.baseUrl, quick ? 40 : 150);
    log(
      `  data: ${RECORDS.toLocaleString('en')} records (${(made.bytes / 2 ** 20).toFixed(0)} MB), ${made.conversations} conversations`,
    );
    notes.push(
      `Start-up data: records.jsonl with ${RECORDS.toLocaleString('en')} records (${(made.bytes / 2 ** 20).toFixed(0)} MB) and ${made.conversations} conversation logs made by real turns.`,
    );
    for (let rep = 0; rep < reps; rep++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-loop-'));
      await cp(template, dataDir, { recursive: true });
      const host = await startBenchHost({ dataDir, eventLoop: true, env: { BENCH_OPENAI_KEY: 'bench-key' } });
      const rpc = await connectRpc(host.port, host.token);
      if (rep === 0 && host.nodeVersion !== process.version)
        notes.push(`The hosts ran on Node ${host.nodeVersion} (BENCH_HOST_NODE), not the bench's ${process.version}.`);
      try {
        await waitFor(rpc, (servers) => servers.some((s) => s.name === 'shop' && s.status === 'connected'));
        const startupMs = performance.now() - host.startedAt;
        results.get('startup')!.push(await host.eventLoop());

        await sleep(1_000);
        idle.push(await host.eventLoop());

        const { id } = await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' });
        await sleep(300); // whatever chat.create set going in the background counts too
        results.get('chat-create')!.push(await host.eventLoop());

        await host.eventLoop();
        const turnMs = await timedTurn(rpc, id);
        await sleep(200);
        results.get('turn')!.push(await host.eventLoop());

        // The 10,000-tool server joins (first discovery, reported), then every description changes.
        const config = parse(await readFile(join(dataDir, 'switchboard.yaml'), 'utf8')) as WithServers;
        const revision = (await rpc.request<{ revision: number }>('config.get', {})).revision;
        await rpc.request('config.save', { raw: stringify(withWide(config, wide.url)), baseRevision: revision });
        await waitFor(
          rpc,
          (servers) => servers.some((s) => s.name === 'wide' && s.status === 'connected' && s.toolCount === WIDE_TOOLS),
          60_000,
        );
        await sleep(1_000);
        const firstDiscovery = await host.eventLoop();
        const rediscoveryMs = await timedRediscovery(rpc, wide, `v${rep + 1}`);
        await sleep(1_000); // deferred work (token counts of the changed definitions) counts too
        results.get('rediscovery')!.push(await host.eventLoop());
        log(
          `  rep ${rep + 1}/${reps}: start-up ${startupMs.toFixed(0)} ms (longest block ${results.get('startup')!.at(-1)!.max.toFixed(1)} ms), ` +
            `turn ${turnMs.toFixed(0)} ms (${results.get('turn')!.at(-1)!.max.toFixed(1)}), rediscovery ${rediscoveryMs.toFixed(0)} ms ` +
            `(${results.get('rediscovery')!.at(-1)!.max.toFixed(1)}), first discovery of the wide server: longest block ${firstDiscovery.max.toFixed(1)} ms`,
        );
        if (rep === 0)
          notes.push(
            `First discovery of the ${WIDE_TOOLS.toLocaleString('en')}-tool server (rep 1, reported only): longest block ${firstDiscovery.max.toFixed(1)} ms, p99 ${firstDiscovery.p99.toFixed(1)} ms.`,
          );
      } finally {
        if (process.env.BENCH_CPU_PROF || process.env.BENCH_GAPS) {
          await sleep(200); // the last reading's gaps are written to stderr after its answer
          for (const line of host.stderr().split('\n')) if (line.startsWith('[event-loop]')) log(`  ${line}`);
        }
        rpc.close();
        await host.close();
      }
    }
  } finally {
    await wide.close();
    await model.close();
    await rm(template, { recursive: true, force: true });
  }

  const metrics: Metric[] = [];
  const idleMax = { label: 'the host idling for 1 s (longest block)', values: idle.map((d) => d.max) };
  const idleP99 = { label: 'the host idling for 1 s (p99)', values: idle.map((d) => d.p99) };
  for (const phase of PHASES) {
    const values = results.get(phase.id)!;
    metrics.push(
      metric({
        id: `event-loop.${phase.id}.max`,
        label: `event-loop delay: ${phase.label}, longest block`,
        unit: 'ms',
        values: values.map((d) => d.max),
        baseline: idleMax,
        target: { text: '< 50 ms', on: 'median', op: '<', value: 50 },
      }),
      metric({
        id: `event-loop.${phase.id}.p99`,
        label: `event-loop delay: ${phase.label}, p99`,
        unit: 'ms',
        values: values.map((d) => d.p99),
        baseline: idleP99,
        target: { text: '< 10 ms', on: 'median', op: '<', value: 10 },
      }),
    );
  }
  // The core's thread: reported, no target (issue 14's is the main process's); a block there delays the answers of
  // the requests that wait behind it, not the window.
  const coreIdle = idle.map((d) => d.core).filter((d) => d !== undefined);
  for (const phase of PHASES) {
    const values = results
      .get(phase.id)!
      .map((d) => d.core)
      .filter((d) => d !== undefined);
    if (values.length === 0) continue;
    metrics.push(
      metric({
        id: `event-loop.core.${phase.id}.max`,
        label: `event-loop delay of the core's thread: ${phase.label}, longest block`,
        unit: 'ms',
        values: values.map((d) => d.max),
        baseline: { label: "the core's thread idling for 1 s (longest block)", values: coreIdle.map((d) => d.max) },
      }),
      metric({
        id: `event-loop.core.${phase.id}.p99`,
        label: `event-loop delay of the core's thread: ${phase.label}, p99`,
        unit: 'ms',
        values: values.map((d) => d.p99),
        baseline: { label: "the core's thread idling for 1 s (p99)", values: coreIdle.map((d) => d.p99) },
      }),
    );
  }
  return { metrics, notes };
};

type WithServers = { agent: { mcp?: { servers?: unknown[] } }; intents?: unknown[] };
type ServerRow = { name: string; status: string; toolCount: number; error: string | null };

/** A data directory with history: real turns (demo model) for the conversation logs, then records up to RECORDS. */
async function makeHistory(
  dir: string,
  modelUrl: string,
  conversations: number,
): Promise<{ bytes: number; conversations: number }> {
  const host = await startBenchHost({ dataDir: dir, configYaml: demoShopConfigText() });
  const rpc = await connectRpc(host.port, host.token);
  try {
    await waitFor(rpc, (servers) => servers.every((s) => s.status === 'connected'));
    const finished = new Set<string>();
    const off = rpc.onEvent(
      (event, payload) => event === 'turn.finished' && finished.add((payload as { turnId: string }).turnId),
    );
    const turns: string[] = [];
    for (let c = 0; c < conversations; c++) {
      const { id } = await rpc.request<{ id: string }>('chat.create', {
        actingIdentity: 'u1001',
        title: `history ${c}`,
      });
      turns.push(
        (await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: '充电器到哪了' })).turnId,
      );
    }
    for (let i = 0; i < 600 && turns.some((t) => !finished.has(t)); i++) await sleep(100);
    off();
  } finally {
    rpc.close();
    await closeKeeping(host);
  }
  // Pad records.jsonl with copies of the real records (new ids) up to RECORDS.
  const path = join(dir, 'records.jsonl');
  const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
  const file = await open(path, 'a');
  try {
    let batch: string[] = [];
    for (let n = lines.length; n < RECORDS; n++) {
      const record = JSON.parse(lines[n % lines.length]) as { id: string };
      batch.push(JSON.stringify({ ...record, id: `r_pad_${n}` }));
      if (batch.length === 5_000) {
        await file.write(`${batch.join('\n')}\n`);
        batch = [];
      }
    }
    if (batch.length) await file.write(`${batch.join('\n')}\n`);
  } finally {
    await file.close();
  }
  const config = parse(demoShopConfigText()) as { agent: Record<string, unknown> };
  config.agent.model = {
    provider: 'openai-compatible',
    baseUrl: modelUrl,
    model: 'bench-model',
    apiKeyEnv: 'BENCH_OPENAI_KEY',
  };
  await writeFile(join(dir, 'switchboard.yaml'), stringify(config));
  return { bytes: (await readFile(path)).length, conversations };
}

/** BenchHost.close removes its data directory; the template must stay. */
async function closeKeeping(host: BenchHost): Promise<void> {
  const keep = await mkdtemp(join(tmpdir(), 'sb-bench-keep-'));
  await cp(host.dataDir, keep, { recursive: true });
  await host.close();
  await cp(keep, host.dataDir, { recursive: true });
  await rm(keep, { recursive: true, force: true });
}

async function timedTurn(rpc: BenchRpc, conversationId: string): Promise<number> {
  const started = performance.now();
  // The only turn running: its turn.finished may arrive before chat.send's answer.
  const done = new Promise<void>((resolve, reject) => {
    const off = rpc.onEvent((event, payload) => {
      const p = payload as { status: string; error?: string };
      if (event !== 'turn.finished') return;
      off();
      if (p.status === 'completed') resolve();
      else reject(new Error(`the turn ended ${p.status}: ${p.error}`));
    });
  });
  await rpc.request('chat.send', { conversationId, text: '查一下我的耳机订单' });
  await done;
  return performance.now() - started;
}

/** Changes every tool's description; the server announces it (tools/list_changed) and the host rediscovers. */
async function timedRediscovery(rpc: BenchRpc, wide: FixtureServer, version: string): Promise<number> {
  const started = performance.now();
  const changed = new Promise<void>((resolve) => {
    const off = rpc.onEvent(async (event) => {
      if (event !== 'catalog.changed') return;
      const detail = await rpc
        .request<{ entry: { descriptions?: { remote?: string } } }>('catalog.tool', {
          toolId: 'wide_tool_00000',
          server: 'wide',
        })
        .catch(() => undefined);
      if (JSON.stringify(detail ?? {}).includes(`(${version})`)) {
        off();
        resolve();
      }
    });
  });
  await wide.setTools(wideTools(version));
  await changed;
  return performance.now() - started;
}

async function waitFor(rpc: BenchRpc, ready: (servers: ServerRow[]) => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { servers } = await rpc.request<{ servers: ServerRow[] }>('servers.list', {});
    if (ready(servers)) return;
    const failed = servers.find((s) => s.status === 'failed');
    if (failed) throw new Error(`${failed.name} failed: ${failed.error}`);
    await sleep(50);
  }
  throw new Error('the servers did not connect in time');
}

/** The config plus the 10,000-tool server, every other tool mounted (50 categories × 100 nodes). */
function withWide(config: WithServers, url: string): WithServers {
  return {
    ...config,
    agent: {
      ...config.agent,
      mcp: {
        ...config.agent.mcp,
        servers: [...(config.agent.mcp?.servers ?? []), wideServerConfig(url)],
      },
    },
    intents: [...(config.intents ?? []), ...wideIntents()],
  };
}
