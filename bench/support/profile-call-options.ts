// Profiling aid for bench scenario 2 (tool-call), issue 29. Not part of `npm run bench`.
//   node --expose-gc --import tsx bench/support/profile-call-options.ts
// The bare SDK client calling the shop with each of the per-call options the app's connection path passes (a progress
// handler, a signal and timeout, the tool's definition for output validation, all of them) against none: wall and CPU
// µs per call, medians of 300 blocks of 10 per variant, the variants' order reversed every other block.
import { performance } from 'node:perf_hooks';
import { ACTING_META, QUERY_ORDER_ARGS, openShopProxyRig } from './proxy-rig';
const { rig, bare, close } = await openShopProxyRig('sb-prof-opt-');
const params = { name: 'query_order', arguments: QUERY_ORDER_ARGS, _meta: ACTING_META };
const tool = rig.pipeline.connections.state('shop')!.tools.find((t) => t.name === 'query_order');
const variants: Record<string, () => Promise<unknown>> = {
  plain: () => bare.callTool(params),
  progress: () => bare.callTool(params, { onprogress: () => undefined }),
  signal: () => bare.callTool(params, { signal: new AbortController().signal, timeout: 61_000 }),
  tooldef: () => bare.callTool(params, { toolDefinition: tool } as never),
  all: () =>
    bare.callTool(params, {
      signal: new AbortController().signal,
      timeout: 61_000,
      toolDefinition: tool,
      onprogress: () => undefined,
    } as never),
};
const names = Object.keys(variants);
for (const n of names) for (let i = 0; i < 200; i++) await variants[n]();
const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
for (let rep = 0; rep < 300; rep++)
  for (const n of rep % 2 ? [...names].reverse() : names) {
    const c = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < 10; i++) await variants[n]();
    (wall[n] ??= []).push((performance.now() - t) * 100);
    const u = process.cpuUsage(c);
    (cpu[n] ??= []).push((u.user + u.system) / 10);
  }
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(
  JSON.stringify(
    Object.fromEntries(names.map((n) => [n, { wall: +med(wall[n]).toFixed(0), cpu: +med(cpu[n]).toFixed(0) }])),
  ),
);
await close();
process.exit(0);
