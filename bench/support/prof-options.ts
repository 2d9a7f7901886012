// scratch: bare client with/without the manager's per-call options; wall and CPU per call, ABBA blocks of 10
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
  all: () => bare.callTool(params, { signal: new AbortController().signal, timeout: 61_000, toolDefinition: tool, onprogress: () => undefined } as never),
};
const names = Object.keys(variants);
for (const n of names) for (let i = 0; i < 200; i++) await variants[n]();
const wall: Record<string, number[]> = {}, cpu: Record<string, number[]> = {};
for (let rep = 0; rep < 300; rep++)
  for (const n of rep % 2 ? [...names].reverse() : names) {
    const c = process.cpuUsage(); const t = performance.now();
    for (let i = 0; i < 10; i++) await variants[n]();
    (wall[n] ??= []).push((performance.now() - t) * 100);
    const u = process.cpuUsage(c); (cpu[n] ??= []).push((u.user + u.system) / 10);
  }
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(JSON.stringify(Object.fromEntries(names.map((n) => [n, { wall: +med(wall[n]).toFixed(0), cpu: +med(cpu[n]).toFixed(0) }]))));
await close(); process.exit(0);
