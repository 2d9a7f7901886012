import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runChat } from './chat-command';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function chat(messages: string[], approve: 'all' | 'none' = 'none') {
  dir = await mkdtemp(join(tmpdir(), 'sb-chat-cli-'));
  const lines: string[] = [];
  const code = await runChat(
    { dataDir: dir, customer: 'u1001', approve, json: true, message: messages },
    { stdout: (l) => lines.push(l), stderr: () => undefined },
    {},
  );
  return { code, events: lines.map((l) => JSON.parse(l) as Record<string, unknown> & { type: string }) };
}

describe('switchboard chat on a fresh data directory', () => {
  it('shows query_order, a clarifying question, query_logistics with BIT9100000233, and the latest tracking node', async () => {
    const { code, events } = await chat(['上周买的AirPods Pro还没收到，帮我看看送到哪了', '第一笔']);
    expect(code).toBe(0);
    const visible = events.find((e) => e.type === 'turn.visibleTools')!;
    expect(visible.tools).toEqual(expect.arrayContaining(['query_order', 'query_logistics']));
    const calls = events.filter((e) => e.type === 'tool.call');
    expect(calls.map((c) => c.tool)).toEqual(['query_order', 'query_logistics']);
    expect(calls[1].arguments).toEqual({ trackingNo: 'BIT9100000233' });
    expect(events.filter((e) => e.type === 'tool.result').map((r) => r.status)).toEqual(['success', 'success']);
    const messages = events.filter((e) => e.type === 'assistant.message').map((m) => String(m.text));
    const clarifyIndex = events.findIndex((e) => e.type === 'assistant.message' && /哪一笔|which/.test(String(e.text)));
    expect(clarifyIndex).toBeGreaterThan(events.indexOf(calls[0]));
    expect(clarifyIndex).toBeLessThan(events.indexOf(calls[1]));
    expect(messages.at(-1)).toContain('BIT9100000233');
  });

  it('--approve none rejects a write and says so', async () => {
    const { events } = await chat(['帮我取消键盘的订单'], 'none');
    expect(events.find((e) => e.type === 'approval.requested')).toMatchObject({ tool: 'cancel_order' });
    expect(events.find((e) => e.type === 'approval.resolved')).toMatchObject({ decision: 'reject' });
    expect(events.find((e) => e.type === 'tool.result' && e.tool === 'cancel_order')).toMatchObject({
      status: 'rejected',
    });
  });

  it('prints in causal order: the model’s words, the call, then its approval; the prompt is a line of its own and nothing joins it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-chat-cli-'));
    const lines: string[] = [];
    const terminal = {
      async question(text: string) {
        lines.push(`PROMPT ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100)); // the operator takes a moment
        lines.push('ANSWER n');
        return 'n';
      },
      close: () => undefined,
    };
    const code = await runChat(
      { dataDir: dir, customer: 'u1001', approve: 'ask', message: ['帮我取消键盘的订单'] },
      { stdout: (l) => lines.push(l), stderr: (l) => lines.push(`ERR ${l}`) },
      {},
      { terminal },
    );
    expect(code).toBe(0);
    const at = (pattern: RegExp) => {
      const index = lines.findIndex((line) => pattern.test(line));
      expect(index, `${pattern} in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const order = [
      /^assistant: 好的，我来取消订单/,
      /→ cancel_order @shop/,
      /\? approval needed for cancel_order/,
      /^PROMPT /,
      /^ANSWER n$/,
      /! reject by cli operator/,
      /← cancel_order rejected/,
    ].map(at);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(lines.filter((l) => /→ cancel_order/.test(l))).toHaveLength(1);
    const prompt = lines[order[3]];
    expect(prompt).toMatch(
      /^PROMPT Approve cancel_order \{"orderNo":"BS\d+"\} acting as u1001\? \[y\/N\/a\(lways in this chat\)\]\n> $/,
    );
    expect(lines[order[3] + 1]).toBe('ANSWER n'); // nothing printed while the question waits
  });

  it('without a terminal, the approval line follows the call it belongs to', async () => {
    const { events } = await chat(['帮我取消键盘的订单'], 'none');
    const types = events.map((e) => `${e.type}${e.tool ? `:${e.tool}` : ''}`);
    const call = types.indexOf('tool.call:cancel_order');
    expect(call).toBeGreaterThan(types.lastIndexOf('assistant.message', call));
    expect(types.indexOf('approval.requested:cancel_order')).toBe(call + 1);
    expect(types.indexOf('approval.resolved')).toBe(call + 2);
  });
});
