// Profiling aid for bench scenario 2 (tool-call), issue 29: does a long turn's retained memory make the proxy dearer?
//   node --expose-gc --import tsx bench/support/profile-turn-size.ts [rounds] [calls]
// Each round runs `calls` proxied calls interleaved with as many bare ones (blocks of 10, ABBA, as the bench does), in
// one of two shapes, alternated ABAB: `long`, all calls in one conversation (the bench's repetition), and `short`,
// turns of 20 calls, each in a new conversation deleted when it ends (nothing of it stays). Per round: CPU µs per call
// of each side, GC time µs per proxied call (GC of the whole round over the proxied calls; the bare half is the same in
// both shapes), and the heap used after the round and a full GC.
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { ACTING_META, QUERY_ORDER_ARGS, openShopProxyRig } from './proxy-rig';
import { gc } from '../report';

const rounds = Number(process.argv[2] ?? 8);
const calls = Number(process.argv[3] ?? 400);
const TURN = 20;
const BLOCK = 10;

const { rig, bare, proxy, close } = await openShopProxyRig('sb-prof-turns-');
let callNo = 0;
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

const cpuUs = (at: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(at);
  return used.user + used.system;
};

// A full GC, and its entry delivered to the observer (entries arrive later), so it is counted in no round.
const settledGc = async () => {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
};
// BALLAST_MB=n: that much more retained heap (small objects in the old space) for the whole run: does a bigger heap by
// itself make the proxied calls dearer?
const ballast = Array.from({ length: (Number(process.env.BALLAST_MB ?? 0) * 2 ** 20) / 64 }, (_, i) => ({
  i,
  s: `b${i}`,
}));

const round = async (shape: 'long' | 'short') => {
  let ctx = await rig.openTurn(`t_${shape}`);
  let bareCpu = 0;
  let proxyCpu = 0;
  await settledGc();
  const gcBefore = gcMs;
  for (let block = 0; block < calls / BLOCK; block++) {
    if (shape === 'short' && block > 0 && (block * BLOCK) % TURN === 0) {
      await rig.store.delete(ctx.conversation.summary.id);
      ctx = await rig.openTurn(`t_${shape}`);
    }
    for (const side of block % 2 ? (['proxy', 'bare'] as const) : (['bare', 'proxy'] as const)) {
      const at = process.cpuUsage();
      if (side === 'bare')
        for (let i = 0; i < BLOCK; i++)
          await bare.callTool({ name: 'query_order', arguments: QUERY_ORDER_ARGS, _meta: ACTING_META });
      else {
        for (let i = 0; i < BLOCK; i++)
          await proxy.execute({ id: `call_${++callNo}`, name: 'query_order', arguments: QUERY_ORDER_ARGS }, ctx);
        await ctx.conversation.resultsWritten();
      }
      if (side === 'bare') bareCpu += cpuUs(at);
      else proxyCpu += cpuUs(at);
    }
  }
  const roundGcMs = gcMs - gcBefore;
  const heapInRoundMb = process.memoryUsage().heapUsed / 2 ** 20;
  await ctx.conversation.sync();
  if (shape === 'short') await rig.store.delete(ctx.conversation.summary.id);
  await settledGc();
  return {
    shape,
    bareUs: +(bareCpu / calls).toFixed(0),
    proxyUs: +(proxyCpu / calls).toFixed(0),
    ratio: +(proxyCpu / bareCpu).toFixed(3),
    gcUsPerProxyCall: +((roundGcMs * 1000) / calls).toFixed(0),
    heapAtEndMb: +heapInRoundMb.toFixed(1),
    heapAfterGcMb: +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1),
    load: +loadavg()[0].toFixed(1),
  };
};

await round('long'); // warm-up: both paths compiled, stores past their first allocations
await round('short');
for (let r = 0; r < rounds; r++) console.log(JSON.stringify(await round(r % 2 ? 'short' : 'long')));
if (ballast.length) console.log(JSON.stringify({ ballastObjects: ballast.length }));
await close();
