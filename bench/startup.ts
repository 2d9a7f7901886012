import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { parse } from 'yaml';
import {
  serverConfigSchema,
  configSchemaFor,
  type ServerConfig,
  type SwitchboardConfig,
} from '../src/shared/config/schema';
import { createToolPipeline } from '../src/main/core/catalog/tool-pipeline';
import { demoShopConfigText } from '../src/main/demo-shop/default-config';
import { EventBus } from '../src/main/core/events';
import { discoverAllTools } from '../src/main/core/mcp/discover-tools';
import { EraMemoryFile, PROTOCOL_ERAS_FILE_NAME, type EraMemory } from '../src/main/core/mcp/era-memory';
import { buildTransport } from '../src/main/core/mcp/transport-factory';
import { EVERYTHING_SERVER, refusedPort, startSilentSocket } from '../tests/support/mcp';
import { metric, sleep, type Metric, type Scenario } from './report';
import { startShopFleet } from './support/shop-fleet';

/**
 * Scenario 1: start-up discovery. Twelve servers: eight healthy shops (each answers initialize after
 * 150 ms), two that accept TCP and never answer, one refused port, one stdio server-everything.
 * Measured: from reconcile() until every healthy server's tools are in the catalog, against the
 * slowest healthy server connected alone, and against the seed's sequential strategy.
 */
const INIT_DELAY_MS = 150;
/**
 * Per-server budget for connect + initialize + first tools/list, the same for both strategies: the dead
 * entries have 3 s (what the seed's sequential start waits out for each), the healthy ones the 10 s
 * default, so a loaded machine (spawning Node took up to 2.6 s here) never fails one of them.
 */
const DEAD_TIMEOUT_MS = 3_000;

export const startupScenario: Scenario = async ({ quick, log }) => {
  const fleet = await startShopFleet(8, INIT_DELAY_MS);
  const silent = [await startSilentSocket(), await startSilentSocket()];
  const refused = await refusedPort();
  // The app's data dir: the warm-up run leaves the stdio server's era in protocol-eras.json, as an app's first run does.
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-eras-'));
  const eras = EraMemoryFile.open(join(dataDir, PROTOCOL_ERAS_FILE_NAME));
  const discover = (list: ServerConfig[], healthyOnes: ServerConfig[]) => discoverWith(list, healthyOnes, eras);
  try {
    const entry = (value: object): ServerConfig => serverConfigSchema.parse(value);
    const dead = (value: object): ServerConfig => serverConfigSchema.parse({ timeoutMs: DEAD_TIMEOUT_MS, ...value });
    const shop = (i: number) => entry({ name: `shop-${i + 1}`, url: fleet.urls[i] });
    const everything = entry({ name: 'everything', command: EVERYTHING_SERVER.command, args: EVERYTHING_SERVER.args });
    // Dead servers sit between healthy ones; the last entry is healthy, so "all healthy done" is also "all done" for the seed.
    const servers: ServerConfig[] = [
      shop(0),
      dead({ name: 'silent-1', url: silent[0].url }),
      shop(1),
      shop(2),
      dead({ name: 'refused', url: `http://127.0.0.1:${refused}/mcp` }),
      shop(3),
      everything,
      shop(4),
      dead({ name: 'silent-2', url: silent[1].url }),
      shop(5),
      shop(6),
      shop(7),
    ];
    const healthy = servers.filter((s) => !['silent-1', 'silent-2', 'refused'].includes(s.name));
    const reps = quick ? 3 : 9;
    const aloneSet = quick ? [healthy[0], everything] : healthy;

    log('  warm-up');
    await discover(servers, healthy);
    const concurrent: number[] = [];
    const healthyOnly: number[] = [];
    const alone = new Map<string, number[]>(aloneSet.map((s) => [s.name, []]));
    for (let rep = 0; rep < reps; rep++) {
      concurrent.push(await discover(servers, healthy));
      healthyOnly.push(await discover(healthy, healthy));
      for (const server of aloneSet) alone.get(server.name)!.push(await discover([server], [server]));
      log(
        `  rep ${rep + 1}/${reps}: 12 servers ${concurrent.at(-1)!.toFixed(0)} ms, healthy only ${healthyOnly.at(-1)!.toFixed(0)} ms`,
      );
    }
    const sequential: number[] = [];
    for (let rep = 0; rep < (quick ? 1 : 3); rep++) {
      sequential.push(await sequentialDiscover(servers, healthy));
      log(`  sequential rep ${rep + 1}: ${sequential.at(-1)!.toFixed(0)} ms`);
    }

    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const [slowestName, slowestTimes] = [...alone.entries()].sort((a, b) => medianOf(b[1]) - medianOf(a[1]))[0];
    const [fastestName, fastestTimes] = [...alone.entries()].sort((a, b) => medianOf(a[1]) - medianOf(b[1]))[0];
    const metrics: Metric[] = [
      metric({
        id: 'startup.concurrent',
        label: '12 servers (9 healthy): all healthy tools in the catalog',
        unit: 'ms',
        values: concurrent,
        baseline: { label: `slowest healthy alone (${slowestName})`, values: slowestTimes },
        target: { text: '≤ 1.3× slowest alone', on: 'ratio', op: '<=', value: 1.3 },
      }),
      metric({
        id: 'startup.dead-servers',
        label: '12 servers vs the 9 healthy ones only (dead servers must not delay)',
        unit: 'ms',
        values: concurrent,
        baseline: { label: '9 healthy only', values: healthyOnly },
        target: { text: '≤ 1.3× healthy only', on: 'ratio', op: '<=', value: 1.3 },
      }),
      metric({
        id: 'startup.sequential-speedup',
        label: `seed's sequential strategy (ratio = speed-up of concurrent)`,
        unit: 'ms',
        values: sequential,
        baseline: { label: 'concurrent (product)', values: concurrent },
      }),
      metric({
        id: 'startup.fastest-alone',
        label: `fastest healthy alone (${fastestName})`,
        unit: 'ms',
        values: fastestTimes,
        baseline: { label: `slowest alone (${slowestName})`, values: slowestTimes },
      }),
    ];
    return {
      metrics,
      notes: [
        `8 shop servers in one child process (initialize delayed ${INIT_DELAY_MS} ms), 2 silent TCP sockets, 1 refused port, server-everything over stdio.`,
        `The dead entries have timeoutMs ${DEAD_TIMEOUT_MS}, the healthy ones the 10 s default; the sequential baseline waits out the timeout of each silent server (with the default on them too it would take 14 s longer).`,
        `Config order: ${servers.map((s) => s.name).join(', ')}.`,
        "protocol: auto (the default) on every entry. The warm-up run probes each era (on stdio the SDK probes on a sibling process: two starts) and leaves the stdio server's in protocol-eras.json as an app's first run does; the measured runs start warm (server-everything starts once, straight to initialize; the HTTP servers probe with one server/discover each, as they do remembered or not).",
      ],
    };
  } finally {
    await Promise.all([fleet.close(), ...silent.map((s) => s.close())]);
    await eras.flush();
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** The product: createToolPipeline (ConnectionManager + CatalogService), timed until every healthy server's tools are in catalog.current(). */
async function discoverWith(servers: ServerConfig[], healthy: ServerConfig[], eras: EraMemory): Promise<number> {
  const config = configWith(servers);
  const started = performance.now();
  const pipeline = createToolPipeline({
    config: { current: () => config, onChange: () => () => undefined },
    events: new EventBus(),
    log: () => undefined,
    connections: { eras },
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`discovery did not finish: ${describe()}`)), 30_000);
      const describe = () =>
        pipeline.connections
          .snapshot()
          .servers.map((s) => `${s.name}:${s.status}${s.error ? ` (${s.error})` : ''}`)
          .join(', ');
      const check = () => {
        const states = pipeline.connections.snapshot().servers;
        const failed = states.find((s) => s.status === 'failed' && healthy.some((h) => h.name === s.name));
        if (failed) return reject(new Error(`healthy server ${failed.name} failed: ${failed.error}`));
        if (!healthy.every((h) => states.find((s) => s.name === h.name)?.status === 'connected')) return;
        const { catalog } = pipeline.catalog.current();
        if (!healthy.every((h) => (catalog.servers.find((s) => s.name === h.name)?.tools.length ?? 0) > 0)) return;
        clearTimeout(timer);
        resolve(performance.now() - started);
      };
      pipeline.connections.onChange(check);
      check();
    });
  } finally {
    await pipeline.close();
    await sleep(50); // let closed sockets and the stdio child go before the next repetition
  }
}

/** The seed's strategy, rebuilt from the same transport and discovery code: one server after another, each with its timeout. */
async function sequentialDiscover(servers: ServerConfig[], healthy: ServerConfig[]): Promise<number> {
  const started = performance.now();
  const remaining = new Set(healthy.map((s) => s.name));
  const clients: Client[] = [];
  let doneAt = NaN;
  try {
    for (const server of servers) {
      const client = new Client({ name: 'seed-sequential', version: '0.0.0' }, { capabilities: {} });
      clients.push(client);
      const deadline = AbortSignal.timeout(server.timeoutMs ?? 10_000);
      try {
        await raceDeadline(
          (async () => {
            const built = await buildTransport(server, { env: process.env });
            await client.connect(built.transport, { signal: deadline, timeout: server.timeoutMs });
            const tools = await discoverAllTools(client, { signal: deadline, timeout: server.timeoutMs });
            if (tools.length === 0) throw new Error('no tools');
          })(),
          deadline,
        );
        remaining.delete(server.name);
        if (remaining.size === 0) doneAt = performance.now() - started;
      } catch {
        await client.close().catch(() => undefined); // the seed logs it, closes the client, and moves on
      }
    }
    if (remaining.size > 0) throw new Error(`sequential discovery missed ${[...remaining].join(', ')}`);
    return doneAt;
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await sleep(50);
  }
}

function raceDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    work.then(resolve, reject);
  });
}

function configWith(servers: ServerConfig[]): SwitchboardConfig {
  const defaults = configSchemaFor().parse(parse(demoShopConfigText()));
  return { ...defaults, agent: { ...defaults.agent, mcp: { servers } } };
}
