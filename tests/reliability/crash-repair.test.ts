import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED } from '../../src/main/core/stores/conversation-store';
import { startRuntimeHarness, type RuntimeHarness } from '../support/agent/runtime-harness';
import { callTools, say, scriptedProvider } from '../support/agent/scripted-provider';

/**
 * Crash repair at the store level (the SIGKILL version with a real process is host-crash.test.ts):
 * a host that died with a call in flight, reopened twice. The call gets exactly one record, with the
 * approval it ran under, and reopening again adds nothing.
 */
const harnesses: RuntimeHarness[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close(false).catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('crash repair', () => {
  it('an approved write in flight at the crash: one "stopped" record with its approval, stable across restarts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-repair-'));
    const provider = scriptedProvider([
      callTools({ name: 'cancel_order', arguments: { orderNo: 'BS1001011' } }),
      say('never'),
    ]);
    const dead = await startRuntimeHarness({
      provider: () => provider,
      dataDir: dir,
      // The call never comes back: the host dies first (it only lets go when the test cleans up).
      wrapCaller: () => ({
        callTool: (_s, _n, _a, { signal }) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('gone')))),
      }),
    });
    harnesses.push(dead);
    dead.autoDecide(() => 'approve');
    const { id } = await dead.agent.create('u1001');
    void dead.agent.send(id, 'cancel it');
    const inFlight = () =>
      dead.agent.get(id).items.find((t) => t.kind === 'tool' && t.status === 'running' && t.approvalId);
    for (let i = 0; i < 300 && !inFlight(); i++) await new Promise((r) => setTimeout(r, 10));
    const running = dead.agent.get(id).items.find((t) => t.kind === 'tool')!;
    expect(running).toMatchObject({ status: 'running', approvalId: expect.any(String) });
    await new Promise((r) => setTimeout(r, 100)); // the appender has put the line on disk

    // "Restart" on the same data dir without closing the dead one (its process would be gone).
    const first = await startRuntimeHarness({ provider: () => provider, dataDir: dir });
    harnesses.push(first);
    const records = first.records.list({ conversationId: id });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      callId: running.id,
      tool: 'cancel_order',
      status: 'stopped',
      approval: { approvalId: (running as { approvalId: string }).approvalId, decision: 'approve' },
    });
    expect(records[0].error).toContain(INTERRUPTED);
    expect(first.agent.get(id).items.find((t) => t.kind === 'tool')).toMatchObject({
      status: 'stopped',
      resultText: INTERRUPTED,
    });
    await first.close(false);
    harnesses.pop();

    const second = await startRuntimeHarness({ provider: () => provider, dataDir: dir });
    harnesses.push(second);
    expect(second.records.list({ conversationId: id }).map((r) => r.id)).toEqual(records.map((r) => r.id));
  });
});
