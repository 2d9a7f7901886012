import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelToolDefinition } from '../src/shared/catalog';
import { estimateToolTokens } from '../src/main/core/tokens';
import { metric, sleep, summarize, type Scenario } from './report';
import { startBenchHost, type BenchHost, type HostMemory } from './support/host';
import { connectRpc, type BenchRpc } from './support/rpc';

/**
 * Scenario 6: the headless host's memory. Idle with the default config (embedded shop connected), then
 * after tool calls driven through the real routes: 20 conversations, each sending turns that make two
 * calls (query_order, then query_logistics with the order's tracking number), answered by the default
 * offline demo model. Memory is read inside the host after two full GCs. Leak check: the heap a call
 * leaves behind, against the bytes the host keeps for it by design (what it appends to records.jsonl
 * and the conversation log); and what remains once the 20 conversations are deleted.
 */
const CONVERSATIONS = 20;
const CALLS_PER_TURN = 2;
const PROMPT = '充电器到哪了';

export const memoryScenario: Scenario = async ({ quick, log }) => {
  const calls = quick ? 400 : 1_000;
  const warmCalls = quick ? 800 : 1_000; // fewer left JIT code and feedback growing through the measured window
  const bare = await bareNodeRss();
  const host = await startBenchHost();
  const rpc = await connectRpc(host.port, host.token);
  try {
    await waitConnected(rpc);
    await sleep(1_000); // start-up garbage and lazy work settle
    const idle = await samples(host, 3);
    log(
      `  idle: rss ${mb(summarize(idle.map((m) => m.rss)).median)} MB, heap ${mb(summarize(idle.map((m) => m.heapUsed)).median)} MB`,
    );

    // Warm-up at the same concurrency, in throwaway conversations: the first turns build the o200k tokenizer
    // (the per-step token record), the JIT optimises the hot paths (its code and feedback live on the heap
    // too), the HTTP pool to the shop grows to 20 connections. Deleting them leaves only their records.
    const warmIds = await createConversations(rpc, CONVERSATIONS, 'warm-up');
    await runCalls(rpc, warmIds, warmCalls);
    for (const id of warmIds) await rpc.request('chat.delete', { conversationId: id });
    const warm = await samples(host, 3);
    const snapshots = process.env.BENCH_HEAP_SNAPSHOT ? [await host.heapSnapshot()] : [];
    log(
      `  warm: rss ${mb(summarize(warm.map((m) => m.rss)).median)} MB, heap ${mb(summarize(warm.map((m) => m.heapUsed)).median)} MB`,
    );

    const ids = await createConversations(rpc, CONVERSATIONS, 'bench');
    const diskWarm = await dataBytes(host.dataDir);
    const started = performance.now();
    const made = await runCalls(rpc, ids, calls);
    const elapsed = performance.now() - started;
    const after = await samples(host, 3);
    const diskAfter = await dataBytes(host.dataDir);
    log(
      `  after ${made} calls in ${(elapsed / 1000).toFixed(1)} s: rss ${mb(summarize(after.map((m) => m.rss)).median)} MB, heap ${mb(summarize(after.map((m) => m.heapUsed)).median)} MB`,
    );
    const countedTools = await checkRecordedTokens(rpc, ids[0]);
    for (const id of ids) await rpc.request('chat.delete', { conversationId: id });
    const deleted = await samples(host, 3);
    if (snapshots.length)
      log(`  heap snapshots (warm, conversations deleted): ${[...snapshots, await host.heapSnapshot()].join(' ')}`);
    const recordBytes = await parsedRecordSize(join(host.dataDir, 'records.jsonl'));

    const warmHeap = summarize(warm.map((m) => m.heapData)).median;
    const warmRss = summarize(warm.map((m) => m.rss)).median;
    const heapPerCall = after.map((m) => (m.heapData - warmHeap) / made);
    const rssPerCall = after.map((m) => (m.rss - warmRss) / made);
    const keptPerCall = (diskAfter - diskWarm) / made;
    const recordsPerCall = deleted.map((m) => (m.heapData - warmHeap) / made);
    return {
      metrics: [
        metric({
          id: 'memory.idle-rss',
          label: 'host RSS, idle, default config',
          unit: 'MB',
          values: idle.map((m) => m.rss / 2 ** 20),
          baseline: { label: 'bare node process', values: bare.map((b) => b / 2 ** 20) },
        }),
        metric({
          id: 'memory.warm-rss',
          label: 'host RSS after the first turns (tool tokens counted), conversations deleted',
          unit: 'MB',
          values: warm.map((m) => m.rss / 2 ** 20),
          baseline: { label: 'idle', values: idle.map((m) => m.rss / 2 ** 20) },
          target: { text: '≤ 150 MB', on: 'median', op: '<=', value: 150 },
        }),
        metric({
          id: 'memory.after-rss',
          label: `host RSS after ${made} tool calls in ${CONVERSATIONS} conversations`,
          unit: 'MB',
          values: after.map((m) => m.rss / 2 ** 20),
          baseline: { label: 'warm', values: warm.map((m) => m.rss / 2 ** 20) },
        }),
        metric({
          id: 'memory.heap-per-call',
          label: 'heap retained per call (after GC, conversations open)',
          unit: 'B/call',
          values: heapPerCall,
          baseline: { label: 'bytes kept per call on disk (records + conversation log)', values: [keptPerCall] },
          target: { text: '≤ 1.0× the data kept per call', on: 'ratio', op: '<=', value: 1 },
        }),
        metric({
          id: 'memory.rss-per-call',
          label: 'RSS growth per call',
          unit: 'B/call',
          values: rssPerCall,
          baseline: { label: 'heap retained per call', values: heapPerCall },
        }),
        metric({
          id: 'memory.after-delete',
          label: `heap left per call once the ${CONVERSATIONS} conversations are deleted (record summaries stay in memory)`,
          unit: 'B/call',
          values: recordsPerCall,
          baseline: {
            label: 'its record summary and line location, parsed into a fresh process',
            values: [recordBytes],
          },
          target: { text: '≤ 1.1× one record (nothing else left)', on: 'ratio', op: '<=', value: 1.1 },
        }),
      ],
      notes: [
        `Host: the bundled headless entry (startHeadless) in its own Node process with --expose-gc; memory read in the host after two full GCs (median of ${after.length} samples). Per-call heap figures exclude V8's code spaces (JIT code keeps growing while the host warms up). Bare node baseline: an empty node process's RSS.`,
        `Calls: ${CONVERSATIONS} conversations sending turns concurrently over the WebSocket routes (chat.send), the default offline demo model, "${PROMPT}" → query_order + query_logistics; ${(made / (elapsed / 1000)).toFixed(0)} calls/s.`,
        `Token counts: packed o200k tables (~5 MB) built on first use; the host's recorded counts of a step's ${countedTools} tools equal o200k counts made here.`,
        `By design the host keeps every execution record's summary (results are read back from records.jsonl) and every open conversation in memory; on disk each call added ${(keptPerCall / 1024).toFixed(1)} KiB.`,
      ],
    };
  } finally {
    rpc.close();
    await host.close();
  }
};

/**
 * The memory figures mean something only if the host really counted: its recorded counts for a step's
 * tools must equal o200k counts made in this process (a failed counter would record rough figures).
 */
async function checkRecordedTokens(rpc: BenchRpc, conversationId: string): Promise<number> {
  const conversation = await rpc.request<{
    turns: { steps: { tools: (ModelToolDefinition & { tokens: number })[] }[] }[];
  }>('chat.get', { conversationId });
  const tools = conversation.turns[0].steps[0].tools;
  const expected = await estimateToolTokens(
    tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  );
  const wrong = tools.filter((tool, i) => tool.tokens !== expected[i]);
  if (wrong.length)
    throw new Error(`the host recorded token counts that are not o200k's: ${wrong.map((t) => t.name).join(', ')}`);
  return tools.length;
}

/** Sends turns round-robin over the conversations (each conversation one turn at a time) until `calls` tool calls have finished. */
async function runCalls(rpc: BenchRpc, ids: string[], calls: number): Promise<number> {
  const turns = Math.ceil(calls / CALLS_PER_TURN);
  let made = 0;
  let next = 0;
  const finished = new Map<string, (status: string) => void>();
  const early = new Map<string, string>(); // turn.finished can arrive before chat.send's answer
  const off = rpc.onEvent((event, payload) => {
    if (event === 'tool.progressed') {
      const { item } = payload as { item: { status: string } };
      if (item.status !== 'running' && item.status !== 'awaiting_approval') made++;
    } else if (event === 'turn.finished') {
      const { turnId, status, error } = payload as { turnId: string; status: string; error?: string };
      const text = status === 'completed' ? status : `${status}: ${error}`;
      const resolve = finished.get(turnId);
      if (resolve) resolve(text);
      else early.set(turnId, text);
    }
  });
  try {
    await Promise.all(
      ids.map(async (conversationId) => {
        while (next < turns) {
          next++;
          const { turnId } = await rpc.request<{ turnId: string }>('chat.send', { conversationId, text: PROMPT });
          const status = early.get(turnId) ?? (await new Promise<string>((resolve) => finished.set(turnId, resolve)));
          if (status !== 'completed') throw new Error(`a turn ended ${status}`);
        }
      }),
    );
    await sleep(100);
    return made;
  } finally {
    off();
  }
}

async function createConversations(rpc: BenchRpc, n: number, title: string): Promise<string[]> {
  const ids: string[] = [];
  for (let c = 0; c < n; c++)
    ids.push(
      (await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001', title: `${title} ${c}` })).id,
    );
  return ids;
}

async function waitConnected(rpc: BenchRpc): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { servers } = await rpc.request<{ servers: { name: string; status: string }[] }>('servers.list', {});
    if (servers.length > 0 && servers.every((s) => s.status === 'connected')) return;
    await sleep(100);
  }
  throw new Error('the default config did not connect');
}

/** Heap of the record summaries once parsed into objects, per record, in a fresh Node process: what the host keeps for a call by design. */
async function parsedRecordSize(path: string): Promise<number> {
  // One measurement in a fresh process: parsing the same lines again in the same process reported ~0.
  const script = `
    const lines = require('node:fs').readFileSync(${JSON.stringify(path)}, 'utf8').split('\\n').filter(Boolean);
    gc(); gc();
    const before = process.memoryUsage().heapUsed;
    // What RecordsStore keeps per record: its summary and where its line is (the result is read back on get).
    globalThis.kept = lines.map((line) => { const { result, ...summary } = JSON.parse(line); return { summary, at: { offset: 0, length: line.length } }; }); // global, so no optimiser can drop it before gc()
    gc(); gc();
    process.stdout.write(String((process.memoryUsage().heapUsed - before) / globalThis.kept.length));`;
  const child = spawn(process.execPath, ['--expose-gc', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => child.once('exit', resolve));
  return Number(out);
}

async function samples(host: BenchHost, n: number): Promise<HostMemory[]> {
  const out: HostMemory[] = [];
  for (let i = 0; i < n; i++) {
    out.push(await host.memory());
    await sleep(200);
  }
  return out;
}

async function dataBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** RSS of an empty Node process (same binary), the floor any host sits on. */
async function bareNodeRss(): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 3; i++) {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => process.send(process.memoryUsage().rss), 300)'], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    out.push(await new Promise<number>((resolve) => child.once('message', (rss) => resolve(rss as number))));
    child.kill();
  }
  return out;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
