import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { ServerLogView, ServerView, Conversation } from '../../src/shared/contract';
import { openAiStream, startOpenAiCompatibleServer } from '../support/providers';
import { startEverythingCore } from '../support/mcp/everything-core';
import { waitFor } from '../support/wait-for';

const closing = closeAfterEachTest();

const INSTRUCTIONS_HEADING = '# Everything Server – Server Instructions';

describe('what server-everything says outside tool calls', () => {
  it('shows its instructions on the server view, and sends them to the model only with useInstructions, recorded per step with tokens', async () => {
    const model = closing(await startOpenAiCompatibleServer(() => openAiStream({ text: 'ok' })));
    const settings = { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model' };
    const rig = closing(await startEverythingCore({ model: settings }));
    const view = (await rig.rpc<{ servers: ServerView[] }>('servers.list')).servers[0];
    expect(view.status).toBe('connected');
    expect(view.instructions).toContain(INSTRUCTIONS_HEADING);

    // Without useInstructions the model never sees them, and the step records none.
    await rig.send('hello').done;
    const systemOf = (index: number) =>
      (model.requests[index].body as { messages: { role: string; content: string }[] }).messages[0];
    expect(systemOf(0).role).toBe('system');
    expect(systemOf(0).content).not.toContain(INSTRUCTIONS_HEADING);
    let conversation = await rig.rpc<Conversation>('chat.get', { conversationId: rig.conversationId });
    expect(conversation.turns[0].steps[0].instructions).toBeUndefined();

    // Turned on in the config: appended under a heading that names the server, from the next model call.
    await rig.rpc('servers.update', { name: 'everything', server: { ...view.config, useInstructions: true } });
    await waitFor(
      () =>
        rig.core.tools.connections.state('everything')?.status === 'connected' &&
        rig.core.tools.connections.state('everything')?.instructions,
      20_000,
      'reconnect',
    );
    await rig.send('again').done;
    expect(systemOf(1).content).toContain('## Instructions from the MCP server "everything"');
    expect(systemOf(1).content).toContain(INSTRUCTIONS_HEADING);
    conversation = await rig.rpc<Conversation>('chat.get', { conversationId: rig.conversationId });
    const [recorded] = conversation.turns[1].steps[0].instructions ?? [];
    expect(recorded.server).toBe('everything');
    expect(recorded.text).toContain(INSTRUCTIONS_HEADING);
    expect(systemOf(1).content).toContain(recorded.text);
    expect(recorded.tokens).toBeGreaterThan(100);
  });

  it('keeps its log: stderr at start, toggle-simulated-logging fills it with leveled messages, logging/setLevel from the view', async () => {
    const rig = closing(await startEverythingCore());
    const first = await rig.rpc<ServerLogView>('servers.logs', { name: 'everything' });
    expect(first.capacity).toBe(1000);
    expect(first.canSetLevel).toBe(true);
    expect(first.level).toBeNull();
    expect(first.entries).toContainEqual(
      expect.objectContaining({ source: 'stderr', level: 'info', text: 'Starting default (STDIO) server...' }),
    );
    expect(first.entries).toContainEqual(
      expect.objectContaining({ source: 'host', text: expect.stringMatching(/^connected \(\d+ tools/) }),
    );

    const set = await rig.rpc<ServerLogView>('servers.setLogLevel', { name: 'everything', level: 'debug' });
    expect(set.level).toBe('debug');
    const from = rig.events.length;
    await rig.core.tools.connections.callTool('everything', 'toggle-simulated-logging', {});
    // It sends one message at once, then one every 5 s; the event carries the new lines.
    const logged = await rig.next(
      'servers.logged',
      (p) => p.name === 'everything' && p.entries.some((e) => e.source === 'server'),
      from,
    );
    const message = logged.entries.find((e) => e.source === 'server')!;
    expect(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).toContain(message.level);
    expect(message.text).toMatch(/level[- ]message/i);
    const after = await rig.rpc<ServerLogView>('servers.logs', { name: 'everything' });
    expect(after.entries.at(-1)!.seq).toBeGreaterThan(first.entries.at(-1)!.seq);
    expect(after.entries.map((e) => e.seq)).toEqual([...after.entries.map((e) => e.seq)].sort((a, b) => a - b));
    await rig.core.tools.connections.callTool('everything', 'toggle-simulated-logging', {});

    await expect(rig.rpc('servers.logs', { name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(rig.rpc('servers.setLogLevel', { name: 'everything', level: 'loud' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
