import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatItem, EventName, ExecutionRecord } from '../../src/shared/contract';
import { createQuietTestCore, type TestCore } from '../support/core';
import { startFixtureServer, waitFor, type FixtureServer } from '../support/mcp';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

let server: FixtureServer | undefined;
let core: TestCore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  core = server = dataDir = undefined;
});

/**
 * A tool that reports progress every 100 ms and never finishes on its own: only notifications/cancelled
 * (its signal) ends it, and the fixture keeps why.
 */
function progressingTool(seen: { cancelledWith?: unknown; reports: number }) {
  return {
    name: 'reindex',
    handler: (
      _args: unknown,
      extra: { signal: AbortSignal; progress: (p: number, total?: number, message?: string) => Promise<void> },
    ) =>
      new Promise<never>((_resolve, reject) => {
        const timer = setInterval(() => {
          seen.reports += 1;
          void extra.progress(seen.reports, 1_000, `batch ${seen.reports}`);
        }, 100);
        extra.signal.addEventListener('abort', () => {
          clearInterval(timer);
          seen.cancelledWith = extra.signal.reason;
          reject(new Error('cancelled'));
        });
      }),
  };
}

describe('Stop on a call that is reporting progress (whole core, MCP over Streamable HTTP)', () => {
  it('cancels it on the server, ends the turn as stopped, and keeps the progress with the stopped record', async () => {
    const seen: { cancelledWith?: unknown; reports: number } = { reports: 0 };
    server = await startFixtureServer({ tools: [progressingTool(seen)] });
    dataDir = await mkdtemp(join(tmpdir(), 'sb-progress-stop-'));
    // A short silence limit: only progress keeps the call alive past it, so Stop is what ends it.
    const config = {
      agent: {
        model: { provider: 'demo' },
        mcp: { servers: [{ name: 'fixture', url: server.url, timeoutMs: 1_000 }] },
      },
      intents: [
        {
          id: 'ops',
          name: 'ops',
          children: [{ id: 'n-reindex', name: 'reindex', kind: 'mcp', toolId: 'reindex', confirm: 'never' }],
        },
      ],
      skills: [],
    };
    await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
    core = await createQuietTestCore(dataDir);
    const events: { name: EventName; payload: unknown }[] = [];
    core.events.subscribe((name, payload) => events.push({ name, payload }));
    await core.whenServersSettled();
    const { id } = await core.runtime.agent.create('u1001');
    const started = Date.now();
    const turn = core.runtime.agent.send(id, '/call reindex {}');

    const progressed = () =>
      events.filter((e) => e.name === 'tool.progressed').map((e) => (e.payload as { item: ToolItem }).item);
    // Running past its 1 s silence limit on progress alone, then stopped.
    await waitFor(
      () => (progressed().at(-1)?.progress?.count ?? 0) >= 3 && Date.now() - started > 1_500,
      10_000,
      'progress past the silence limit',
    );
    expect(core.runtime.agent.stop(id)).toBe(true);

    expect((await turn.done).status).toBe('stopped');
    await waitFor(() => seen.cancelledWith !== undefined, 5_000, 'the server to see notifications/cancelled');
    expect(String(seen.cancelledWith)).toBe('Error: stopped by the operator'); // the reason notifications/cancelled carried
    const reportsAtStop = seen.reports;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.reports).toBe(reportsAtStop); // the server stopped working on it

    const item = (await core.runtime.agent.get(id)).items.findLast((i): i is ToolItem => i.kind === 'tool')!;
    expect(item).toMatchObject({ status: 'stopped', toolName: 'reindex' });
    expect(item.progress).toMatchObject({ total: 1_000, message: expect.stringMatching(/^batch \d+$/) });
    const result = await core.dispatch('records.get', { id: item.recordId! }, { transport: 'internal' });
    expect(result.ok).toBe(true);
    const record = (result as { data: ExecutionRecord }).data;
    expect(record.status).toBe('stopped');
    expect(record.progress).toEqual(item.progress);
    // The connection is untouched: the next call on it runs.
    expect(core.tools.connections.state('fixture')!.status).toBe('connected');
  });
});
