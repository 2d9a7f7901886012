import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../src/main/cli/chat-command';
import { EVERYTHING_SERVER } from '../support/mcp/stdio-peers';

let dir: string;
let config: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-everything-cli-'));
  config = join(dir, 'switchboard.yaml');
  const tools = ['trigger-elicitation-request', 'trigger-sampling-request', 'trigger-long-running-operation'];
  await writeFile(
    config,
    stringify({
      agent: {
        model: { provider: 'demo' },
        mcp: { servers: [{ name: 'everything', ...EVERYTHING_SERVER, timeoutMs: 15_000 }] },
      },
      intents: [
        {
          id: 'every',
          name: 'everything',
          children: tools.map((toolId) => ({ id: `n-${toolId}`, name: toolId, kind: 'mcp', toolId, confirm: 'never' })),
        },
      ],
    }),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function chat(
  message: string[],
  flags: { elicit?: 'ask' | 'decline' | 'defaults'; sampling?: 'ask' | 'deny' } = {},
) {
  const lines: string[] = [];
  const code = await runChat(
    { config, dataDir: join(dir, 'data'), customer: 'u1001', approve: 'none', json: true, message, ...flags },
    { stdout: (l) => lines.push(l), stderr: () => undefined },
    {},
  );
  return { code, events: lines.map((l) => JSON.parse(l) as Record<string, unknown> & { type: string }) };
}

describe('switchboard chat answering servers without a terminal', () => {
  it('declines questions and denies sampling by default, and says who decided', async () => {
    const { code, events } = await chat([
      '/call trigger-elicitation-request {}',
      '/call trigger-sampling-request {"prompt": "hi"}',
    ]);
    expect(code).toBe(0);
    const resolved = events.filter((e) => e.type === 'request.resolved');
    expect(resolved).toEqual([
      expect.objectContaining({
        kind: 'elicitation',
        server: 'everything',
        outcome: 'decline',
        decidedBy: 'policy (--elicit decline)',
      }),
      expect.objectContaining({ kind: 'sampling', outcome: 'rejected', decidedBy: 'policy (--sampling deny)' }),
    ]);
    const results = events.filter((e) => e.type === 'tool.result');
    expect(String(results[0].text)).toContain('User declined');
    expect(results[1]).toMatchObject({ status: 'error' });
    expect(events.some((e) => e.type === 'request.opened')).toBe(false); // nobody was asked
  });

  it('--elicit defaults declines a question whose required field has no default (scripts/conformance-client.ts shows it accepting defaults)', async () => {
    const { events } = await chat(['/call trigger-elicitation-request {}'], { elicit: 'defaults' });
    expect(events.find((e) => e.type === 'request.resolved')).toMatchObject({
      outcome: 'decline',
      reason: 'no default for: name',
    });
  });

  it('prints a long call’s progress as it arrives', async () => {
    const { events } = await chat(['/call trigger-long-running-operation {"duration": 2, "steps": 4}']);
    const progress = events
      .filter((e) => e.type === 'tool.progress')
      .map((e) => (e.progress as { progress: number }).progress);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.find((e) => e.type === 'tool.result')).toMatchObject({ status: 'success' });
  });
});
