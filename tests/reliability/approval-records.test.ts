import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { ApprovalRequest } from '../../src/shared/contract';
import { openAiStream } from '../support/providers';
import { startCoreRig, type CoreRig } from './helpers/core-rig';
import { startFaultServer } from './helpers/fault-server';

/**
 * Approved calls that then fail, against a real MCP server over HTTP: its answer is broken JSON, it
 * never answers (timeout), it drops the connection, or the operator presses Stop while it runs. Before,
 * each of these records said `approval: null`: the audit lost who had let a write through.
 * Also: `confirm: always` means every call is asked, so "approve for this conversation" is refused there.
 */
const closing = closeAfterEachTest();

const hang = (_args: unknown, { signal }: { signal: AbortSignal }) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

/** Answers every approval the moment it is asked, with `decision`. */
function autoDecide(
  rig: CoreRig,
  decision: 'approve' | 'approve_conversation',
  seen: ApprovalRequest[] = [],
): () => void {
  const timer = setInterval(() => {
    for (const request of rig.core.runtime.approvals.list()) {
      if (seen.some((s) => s.id === request.id)) continue;
      seen.push(request);
      rig.core.runtime.approvals.resolve(request.id, decision);
    }
  }, 10);
  return () => clearInterval(timer);
}

describe('the decision is in the record whatever the outcome', () => {
  it('approved, then broken JSON, a timeout, a dropped connection, and Stop', async () => {
    const server = closing(
      await startFaultServer({
        tools: [
          { name: 'broken_json', readOnly: false, rawResult: () => '{"content": [ {"type": "text", "text": "half' },
          { name: 'hangs', readOnly: false, handler: hang },
          { name: 'drops', readOnly: false, dropConnection: true },
          { name: 'stopped', readOnly: false, handler: hang },
        ],
      }),
    );
    const rig = closing(
      await startCoreRig({
        servers: [{ name: 'faulty', url: server.url, timeoutMs: 1_500 }],
        tools: ['broken_json', 'hangs', 'drops', 'stopped'].map((toolId) => ({ toolId, confirm: 'auto' as const })),
        script: [
          openAiStream({
            toolCalls: [
              { name: 'broken_json', arguments: { n: 1 } },
              { name: 'hangs', arguments: { n: 2 } },
              { name: 'drops', arguments: { n: 3 } },
            ],
          }),
          openAiStream({ text: 'all three failed' }),
          openAiStream({ toolCalls: [{ name: 'stopped', arguments: { n: 4 } }] }),
        ],
        connections: { defaultTimeoutMs: 1_500 },
      }),
    );
    await rig.waitForServer('faulty', (s) => s.status === 'connected');
    const stopApproving = autoDecide(rig, 'approve');
    try {
      const id = await rig.conversation();
      expect((await rig.send(id, 'try them')).status).toBe('completed');
      await rig.waitForServer('faulty', (s) => s.status === 'connected', 15_000);
      const turn = rig.send(id, 'and this one');
      for (let i = 0; i < 500 && !server.calls.some((c) => c.name === 'stopped'); i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(rig.core.runtime.agent.stop(id)).toBe(true);
      expect((await turn).status).toBe('stopped');

      const records = await rig.records(id);
      expect(records.map((r) => [r.tool, r.status]).sort()).toEqual([
        ['broken_json', 'error'],
        ['drops', 'error'],
        ['hangs', 'error'],
        ['stopped', 'stopped'],
      ]);
      for (const record of records) {
        expect(record.approval, record.tool).toMatchObject({ decision: 'approve', decidedBy: 'operator' });
        expect(record.approval?.argumentsHash).toBe(record.argumentsHash);
      }
      expect(server.calls.map((c) => c.name).sort()).toEqual(['broken_json', 'drops', 'hangs', 'stopped']); // each reached the server once
    } finally {
      stopApproving();
    }
  }, 60_000);

  it('`confirm: always` asks at every call: "approve for this conversation" is refused and never remembered', async () => {
    const server = closing(await startFaultServer({ tools: [{ name: 'pay', readOnly: false }] }));
    const rig = closing(
      await startCoreRig({
        servers: [{ name: 'bank', url: server.url }],
        tools: [{ toolId: 'pay', confirm: 'always' }],
        script: [
          openAiStream({ toolCalls: [{ name: 'pay', arguments: { amount: 1 } }] }),
          openAiStream({ toolCalls: [{ name: 'pay', arguments: { amount: 1 } }] }),
          openAiStream({ text: 'paid twice' }),
        ],
      }),
    );
    await rig.waitForServer('bank', (s) => s.status === 'connected');
    const id = await rig.conversation();
    const turn = rig.send(id, 'pay');
    const nextApproval = async (after?: string) => {
      for (let i = 0; i < 500; i++) {
        const request = rig.core.runtime.approvals.list().find((r) => r.id !== after);
        if (request) return request;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('no approval was asked');
    };
    const first = await nextApproval();
    expect(first.policy).toBe('always');
    // Over the route, as the console or a hostile client would send it.
    await expect(rig.rpc('approvals.resolve', { id: first.id, decision: 'approve_conversation' })).rejects.toThrow(
      /bad_request.*confirm: always/,
    );
    await rig.rpc('approvals.resolve', { id: first.id, decision: 'approve' });
    // The second identical call is asked again.
    const second = await nextApproval(first.id);
    await rig.rpc('approvals.resolve', { id: second.id, decision: 'approve' });
    expect((await turn).status).toBe('completed');
    expect(rig.core.runtime.agent.get(id).approvedForConversation).toEqual([]);
    expect((await rig.records(id)).map((r) => r.approval?.decision)).toEqual(['approve', 'approve']);
  }, 30_000);
});
