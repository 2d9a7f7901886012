import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import { MODEL_TEXT_CAP, RECORD_RESULT_CAP } from '../../src/main/core/agent/tool-result';
import { openAiStream } from '../support/providers';
import { startCoreRig } from './helpers/core-rig';
import { startFaultServer } from './helpers/fault-server';

/**
 * Fault 5: a real MCP server returns results that are malformed (unknown content types, content that
 * is not an array, no result at all), huge (10 MB of text, 20,000 content items) or absurdly deep
 * (structuredContent nested 100,000 levels, which JSON.stringify cannot even serialise). Each call
 * ends as a refused or truncated result with a note the model can read; the turn completes; the app
 * keeps answering other requests promptly while it happens.
 */
const TEN_MB = 10 * 1024 * 1024;
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const RESULTS: Record<string, string> = {
  bad_type: '{"content":[{"type":"video","url":"x"}]}',
  not_array: '{"content":"just a string"}',
  null_result: 'null',
  huge_text: JSON.stringify({ content: [{ type: 'text', text: 'x'.repeat(TEN_MB) }] }),
  many_items: JSON.stringify({
    content: Array.from({ length: 20_000 }, (_, i) => ({ type: 'text', text: `item ${i}` })),
  }),
  deep_json: `{"content":[],"structuredContent":{"a":${deep(100_000)}}}`,
};

const closing = closeAfterEachTest();

type Body = { messages: { role: string; content: string | null; tool_call_id?: string }[] };

describe('malformed and oversized tool results from a real server', () => {
  it('are refused or truncated with a note, the turn completes, and the app stays responsive', async () => {
    const server = closing(
      await startFaultServer({
        tools: Object.entries(RESULTS).map(([name, raw]) => ({ name, readOnly: true, rawResult: () => raw })),
      }),
    );
    const names = Object.keys(RESULTS);
    const rig = closing(
      await startCoreRig({
        servers: [{ name: 'bad', url: server.url, timeoutMs: 20_000 }],
        tools: names.map((toolId) => ({ toolId })),
        script: [
          ...names.map((name) => openAiStream({ toolCalls: [{ id: `call_${name}`, name, arguments: {} }] })),
          openAiStream({ text: 'survived' }),
        ],
      }),
    );
    await rig.waitForServer('bad', (s) => s.status === 'connected');
    const id = await rig.conversation();

    // Responsiveness probe: RPC round trips and event-loop lag while the turn chews on the results.
    const lags: number[] = [];
    let last = performance.now();
    const lagTimer = setInterval(() => {
      const now = performance.now();
      lags.push(now - last - 20);
      last = now;
    }, 20);
    const rpcTimes: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await rig.rpc('config.get');
        rpcTimes.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const result = await rig.send(id, 'call them all');
    probing = false;
    await probe;
    clearInterval(lagTimer);
    expect(result.status).toBe('completed');

    const records = Object.fromEntries((await rig.records(id)).map((r) => [r.tool, r]));
    expect(Object.keys(records).sort()).toEqual([...names].sort());
    // Refused by validation: an error the model can read, nothing thrown past the proxy.
    for (const name of ['bad_type', 'not_array', 'null_result']) expect(records[name].status, name).toBe('error');
    // Too big: the model saw the cap plus a note; the record keeps a capped prefix and says so.
    expect(records.huge_text.status).toBe('success');
    const huge = records.huge_text.result as { truncated: boolean; originalLength: number; prefix: string };
    expect(huge).toMatchObject({ truncated: true });
    expect(huge.originalLength).toBeGreaterThan(TEN_MB);
    expect(huge.prefix.length).toBe(RECORD_RESULT_CAP);
    expect(records.many_items.status).toBe('success');
    // Too deep to serialise: kept as a note, never a crash or a lost record.
    expect(records.deep_json.status).toBe('success');
    expect(records.deep_json.result).toMatchObject({ unserialisable: true });

    const finalRequest = rig.model.requests.at(-1)!.body as Body;
    const told = Object.fromEntries(
      finalRequest.messages
        .filter((m) => m.role === 'tool')
        .map((m) => [m.tool_call_id!.replace('call_', ''), m.content ?? '']),
    );
    expect(told.huge_text.length).toBeLessThan(MODEL_TEXT_CAP + 500);
    expect(told.huge_text).toMatch(
      /\[Switchboard: truncated: the result had \d+ characters; the model saw the first 16384\]/,
    );
    expect(told.many_items).toMatch(/truncated/);
    expect(told.deep_json).toMatch(/refused: structuredContent could not be serialised/);
    for (const name of ['bad_type', 'not_array', 'null_result']) expect(told[name], name).toMatch(/^\[tool error\]/);
    // The whole request the model got stayed small.
    expect(JSON.stringify(finalRequest).length).toBeLessThan(200_000);

    // Responsive throughout (2 shared cores: generous bounds, far below a hang).
    console.info(
      '[responsive]',
      JSON.stringify({ rpcMax: Math.max(...rpcTimes), lagMax: Math.max(...lags), rpcs: rpcTimes.length }),
    );
    expect(rpcTimes.length).toBeGreaterThan(2);
    expect(Math.max(...rpcTimes)).toBeLessThan(2_000);
    expect(Math.max(...lags)).toBeLessThan(2_000);
    // One record per call, however bad the result.
    expect(rig.core.runtime.records.count()).toBe(names.length);
  });
});
