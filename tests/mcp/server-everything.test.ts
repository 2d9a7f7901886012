import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { SamplingView, ServerRequestView } from '../../src/shared/contract';
import { CAPABILITY_TOOLS, startEverythingCore } from '../support/mcp/everything-core';
import { EVERYTHING_SERVER } from '../support/mcp/stdio-peers';
import { waitFor } from '../support/wait-for';

const closing = closeAfterEachTest();

describe('server-everything over stdio, through the whole core', () => {
  it('is offered every tool a full client sees, and records what was offered and declared', async () => {
    const rig = closing(await startEverythingCore({ server: { roots: ['/tmp'] } }));
    const { servers } = await rig.rpc<{
      servers: {
        name: string;
        status: string;
        tools: string[];
        declaredCapabilities: unknown;
        offeredCapabilities: { tasks?: unknown };
      }[];
    }>('servers.list');
    const everything = servers[0];
    expect(everything.status).toBe('connected');
    expect(everything.tools).toHaveLength(17);
    expect(everything.tools).toEqual(
      expect.arrayContaining([...CAPABILITY_TOOLS, 'simulate-research-query', 'trigger-long-running-operation']),
    );
    expect(everything.declaredCapabilities).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      roots: { listChanged: true },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(everything.offeredCapabilities.tasks).toBeDefined();
  });

  it('asks the operator the elicitation form, refuses a wrong answer, and returns the checked one with defaults applied', async () => {
    const rig = closing(await startEverythingCore());
    const turn = rig.send('/call trigger-elicitation-request {}');
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'form',
      server: 'everything',
      conversationId: rig.conversationId,
      toolName: 'trigger-elicitation-request',
    });
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toHaveLength(1);
    // Required name missing and an out-of-range integer: refused, still pending.
    await expect(
      rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { integer: 500 } }),
    ).rejects.toThrow(/bad_request: .*name: String is required.*integer: Integer must be at most 100/);
    await rig.rpc('requests.answer', {
      id: opened.id,
      action: 'accept',
      content: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const result = await turn.done;
    expect(result.status).toBe('completed');
    const item = await rig.lastToolItem('trigger-elicitation-request');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('- Name: Ada Lovelace');
    expect(item.resultText).toContain('- Favorite Integer: 42'); // the schema's default, applied for the omitted field
    const record = await rig.record(item.recordId!);
    expect(record.exchanges).toEqual([
      expect.objectContaining({
        kind: 'elicitation',
        mode: 'form',
        outcome: 'accept',
        decidedBy: 'operator',
        response: expect.objectContaining({
          name: 'Ada Lovelace',
          firstLine: 'It was a dark and stormy night.',
          untitledMultipleSelectEnum: ['Guitar'],
        }),
      }),
    ]);
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toEqual([]);
  });

  it('declines and cancels, and answers cancel when nobody answers in time', async () => {
    const rig = closing(await startEverythingCore({ agent: { elicitationTimeoutMs: 400 } }));
    const declined = rig.send('/call trigger-elicitation-request {}');
    const first = await rig.next('requests.opened');
    await rig.rpc('requests.answer', { id: first.id, action: 'decline' });
    await declined.done;
    expect((await rig.lastToolItem('trigger-elicitation-request')).resultText).toContain('User declined');

    const from = rig.events.length;
    const silent = rig.send('/call trigger-elicitation-request {}');
    const second = await rig.next('requests.opened', () => true, from);
    const resolved = await rig.next('requests.resolved', (p) => p.id === second.id, from);
    expect(resolved.exchange).toMatchObject({ outcome: 'cancel', decidedBy: 'system', reason: 'no answer within 0 s' });
    await silent.done;
    expect((await rig.lastToolItem('trigger-elicitation-request')).resultText).toContain('User cancelled');
  });

  it('shows a URL question with its full URL and host, opens nothing itself, and returns accept or decline to the server', async () => {
    const rig = closing(await startEverythingCore());
    const url = 'https://auth.example.com/consent?client=switchboard&scope=read';
    const accepted = rig.send(
      `/call trigger-url-elicitation ${JSON.stringify({ url, message: 'Sign in to continue', elicitationId: 'el-1' })}`,
    );
    const opened = await rig.next('requests.opened');
    expect(opened).toMatchObject({
      kind: 'elicitation',
      mode: 'url',
      url,
      urlHost: 'auth.example.com',
      message: 'Sign in to continue',
      elicitationId: 'el-1',
      toolName: 'trigger-url-elicitation',
    });
    // A URL question has no form: content sent with it is not passed on.
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { token: 'leak' } });
    await accepted.done;
    const item = await rig.lastToolItem('trigger-url-elicitation');
    expect(item.resultText).toContain('User completed the URL elicitation flow.');
    expect(item.resultText).toContain(`URL: ${url}`);
    expect(item.resultText).not.toContain('leak');
    expect((await rig.record(item.recordId!)).exchanges).toEqual([
      expect.objectContaining({
        kind: 'elicitation',
        mode: 'url',
        outcome: 'accept',
        decidedBy: 'operator',
        request: { message: 'Sign in to continue', url },
      }),
    ]);

    const from = rig.events.length;
    const declined = rig.send(`/call trigger-url-elicitation ${JSON.stringify({ url: 'http://127.0.0.1:1/phish' })}`);
    const second = await rig.next('requests.opened', () => true, from);
    expect(second).toMatchObject({ mode: 'url', urlHost: '127.0.0.1:1' });
    await rig.rpc('requests.answer', { id: second.id, action: 'decline' });
    await declined.done;
    expect((await rig.lastToolItem('trigger-url-elicitation')).resultText).toContain('User declined to open the URL');
  });

  // timeoutMs also bounds connecting (see below), hence 5 s; the operator takes longer than that to answer.
  it('does not time a call out for silence while its question waits for the operator', async () => {
    const rig = closing(await startEverythingCore({ server: { timeoutMs: 5_000 } }));
    const turn = rig.send('/call trigger-elicitation-request {}');
    const opened = await rig.next('requests.opened');
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await rig.rpc<ServerRequestView[]>('requests.list')).toHaveLength(1); // still asked, the call still running
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { name: 'Grace Hopper' } });
    await turn.done;
    const item = await rig.lastToolItem('trigger-elicitation-request');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('- Name: Grace Hopper');
  });

  it('runs a sampling request on the demo model only after approval, shows the answer, then returns it', async () => {
    const rig = closing(await startEverythingCore());
    const turn = rig.send('/call trigger-sampling-request {"prompt": "What is MCP?", "maxTokens": 64}');
    const opened = (await rig.next('requests.opened')) as SamplingView;
    expect(opened).toMatchObject({
      kind: 'sampling',
      stage: 'review',
      model: 'offline demo model',
      toolName: 'trigger-sampling-request',
    });
    expect(opened.request).toMatchObject({
      systemPrompt: 'You are a helpful test server.',
      maxTokens: 64,
      temperature: 0.7,
    });
    expect(opened.request.messages).toEqual([
      { role: 'user', text: 'Resource trigger-sampling-request context: What is MCP?', editable: true },
    ]);
    await expect(rig.rpc('requests.reply', { id: opened.id })).rejects.toThrow(
      /conflict: there is no answer to send yet/,
    );
    // The operator edits the message before it goes to the model.
    await rig.rpc('requests.sample', {
      id: opened.id,
      messages: [{ text: 'What is the Model Context Protocol?' }],
      maxTokens: 32,
    });
    const answered = (await rig.next(
      'requests.updated',
      (p) => p.id === opened.id && p.kind === 'sampling' && p.stage === 'answered',
    )) as SamplingView;
    expect(answered.answer).toEqual({
      text: 'Demo answer: you asked “What is the Model Context Protocol?”. (The offline demo model answers the same way every time.)',
      model: 'offline demo model',
      stopReason: 'endTurn',
    });
    await rig.rpc('requests.reply', { id: opened.id });
    await turn.done;
    const item = await rig.lastToolItem('trigger-sampling-request');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('Demo answer: you asked');
    const [exchange] = (await rig.record(item.recordId!)).exchanges!;
    expect(exchange).toMatchObject({
      kind: 'sampling',
      outcome: 'sent',
      request: { maxTokens: 32, messages: [{ text: 'What is the Model Context Protocol?' }] },
      response: { model: 'offline demo model' },
    });
  });

  it('refuses a rejected sampling request, and one over the per-minute limit without asking', async () => {
    const rig = closing(await startEverythingCore({ server: { samplingPerMinute: 1 } }));
    const first = rig.send('/call trigger-sampling-request {"prompt": "one"}');
    const opened = await rig.next('requests.opened');
    await rig.rpc('requests.reject', { id: opened.id, reason: 'not now' });
    await first.done;
    const rejected = await rig.lastToolItem('trigger-sampling-request');
    expect(rejected.status).toBe('error');
    expect(rejected.resultText).toContain('Sampling request rejected: not now');

    const from = rig.events.length;
    await rig.send('/call trigger-sampling-request {"prompt": "two"}').done;
    expect(rig.events.slice(from).some((e) => e.name === 'requests.opened')).toBe(false);
    const limited = await rig.lastToolItem('trigger-sampling-request');
    expect(limited.resultText).toContain('asked more than 1 time in a minute');
    expect((await rig.record(limited.recordId!)).exchanges).toEqual([
      expect.objectContaining({ outcome: 'rejected', decidedBy: 'system' }),
    ]);
  });

  // timeoutMs also bounds connecting (spawn + initialize + tools/list: ~2 s here under load), hence 5 s.
  it('keeps a long operation alive past timeoutMs while progress arrives, and shows the progress live and in the record', async () => {
    const rig = closing(await startEverythingCore({ server: { timeoutMs: 5_000 } }));
    const started = Date.now();
    const result = await rig.send('/call trigger-long-running-operation {"duration": 7, "steps": 14}').done;
    expect(Date.now() - started).toBeGreaterThan(6_500); // longer than the server's timeoutMs
    expect(result.status).toBe('completed');
    const live = rig.events
      .filter((e) => e.name === 'tool.progressed')
      .map((e) => (e.payload as { item: { progress?: { progress: number } } }).item.progress?.progress)
      .filter(Boolean);
    expect(live.length).toBeGreaterThanOrEqual(5);
    const item = await rig.lastToolItem('trigger-long-running-operation');
    expect(item.status).toBe('success');
    expect(item.resultText).toBe('Long running operation completed. Duration: 7 seconds, Steps: 14.');
    // The SDK runs notification handlers a microtask after responses, so a progress notification that arrives
    // in the same read as the result can be dropped: the last one or two may be missing, never the result.
    expect(item.progress).toMatchObject({ total: 14 });
    expect(item.progress!.count).toBeGreaterThanOrEqual(12);
    expect((await rig.record(item.recordId!)).progress).toEqual(item.progress);
  });

  it('still times out a call whose progress does not come, and bounds a progressing one by maxTotalTimeoutMs', async () => {
    const rig = closing(await startEverythingCore({ server: { timeoutMs: 5_000, maxTotalTimeoutMs: 6_000 } }));
    await rig.send('/call trigger-long-running-operation {"duration": 10, "steps": 20}').done;
    const bounded = await rig.lastToolItem('trigger-long-running-operation');
    expect(bounded.status).toBe('error');
    expect(bounded.resultText).toMatch(/Maximum total timeout exceeded/);
    expect(bounded.progress?.count).toBeGreaterThanOrEqual(8);
    await rig.send('/call trigger-long-running-operation {"duration": 6, "steps": 1}').done; // 6 s of silence
    const silent = await rig.lastToolItem('trigger-long-running-operation');
    expect(silent.status).toBe('error');
    expect(silent.resultText).toMatch(/Request timed out/);
  });

  it('runs a task-required tool through tasks, shows its status, and answers its elicitation as the same call', async () => {
    const rig = closing(await startEverythingCore());
    const turn = rig.send('/call simulate-research-query {"topic": "python", "ambiguous": true}');
    const opened = await rig.next('requests.opened');
    const running = await rig.lastToolItem('simulate-research-query');
    expect(opened).toMatchObject({ kind: 'elicitation', callId: running.id, toolName: 'simulate-research-query' });
    await rig.rpc('requests.answer', { id: opened.id, action: 'accept', content: { interpretation: 'snake' } });
    expect((await turn.done).status).toBe('completed');
    const item = await rig.lastToolItem('simulate-research-query');
    expect(item.status).toBe('success');
    expect(item.resultText).toContain('# Research Report: python (snake)');
    expect(item.task).toMatchObject({ status: 'completed' });
    const statuses = rig.events
      .filter((e) => e.name === 'tool.progressed')
      .map((e) => (e.payload as { item: { task?: { status: string } } }).item.task?.status);
    expect(statuses).toEqual(expect.arrayContaining(['working', 'input_required']));
    expect((await rig.record(item.recordId!)).exchanges).toEqual([
      expect.objectContaining({ kind: 'elicitation', outcome: 'accept', response: { interpretation: 'snake' } }),
    ]);
  });

  it('Stop cancels a running task and whatever it was asking', async () => {
    const rig = closing(await startEverythingCore());
    const turn = rig.send('/call simulate-research-query {"topic": "python", "ambiguous": true}');
    const opened = await rig.next('requests.opened');
    rig.core.runtime.agent.stop(rig.conversationId);
    const resolved = await rig.next('requests.resolved', (p) => p.id === opened.id);
    expect(resolved.exchange).toMatchObject({ outcome: 'cancel', reason: 'the call that asked was stopped' });
    expect((await turn.done).status).toBe('stopped');
    const item = await rig.lastToolItem('simulate-research-query');
    expect(item.status).toBe('stopped');
    // Stopped while the task waited on its question: the last poll saw it working or asking.
    expect(item.task).toMatchObject({
      taskId: expect.stringMatching(/^\S{8,}$/),
      status: expect.stringMatching(/^(working|input_required)$/),
    });
  });

  it('reconnects when roots appear or vanish, records each initialize, and the server sees the new list', async () => {
    const rig = closing(await startEverythingCore());
    type Card = {
      status: string;
      tools: string[];
      connectedAt: string | null;
      protocolVersion: string | null;
      declaredCapabilities: Record<string, unknown> | null;
      offeredCapabilities: Record<string, unknown> | null;
    };
    const card = async () => (await rig.rpc<{ servers: Card[] }>('servers.list')).servers[0];
    const first = await card();
    expect(first).toMatchObject({
      status: 'connected',
      protocolVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      declaredCapabilities: { elicitation: { form: {}, url: {} }, sampling: {} },
    });
    expect(first.offeredCapabilities).toMatchObject({ tools: expect.anything(), tasks: expect.anything() });
    expect(first.tools).not.toContain('get-roots-list'); // withheld from a client without roots

    // Roots appear: a new initialize declares them, and the server offers its roots tool.
    await rig.core.config.edit(() => [
      { op: 'set', path: ['agent', 'mcp', 'servers', 0, 'roots'], value: ['/tmp/sb-root-new'] },
    ]);
    await waitFor(
      async () => (await card()).tools.includes('get-roots-list'),
      15_000,
      'the roots tool after reconnecting',
    );
    const second = await card();
    expect(second.connectedAt).not.toBe(first.connectedAt);
    expect(second.declaredCapabilities).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      roots: { listChanged: true },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(second.protocolVersion).toBe(first.protocolVersion);
    await rig.send('/call get-roots-list {}').done;
    expect((await rig.lastToolItem('get-roots-list')).resultText).toContain('URI: file:///tmp/sb-root-new');

    // Roots vanish: the next initialize declares none, and the tool is withheld again.
    await rig.core.config.edit(() => [
      { op: 'putServer', server: { name: 'everything', ...EVERYTHING_SERVER }, replace: true },
    ]);
    await waitFor(
      async () => !(await card()).tools.includes('get-roots-list') && (await card()).status === 'connected',
      15_000,
      'the roots tool to go',
    );
    const third = await card();
    expect(third.declaredCapabilities).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(third.connectedAt).not.toBe(second.connectedAt);
  });

  it('offers configured roots, and announces a change without reconnecting', async () => {
    const rig = closing(await startEverythingCore({ server: { roots: ['/tmp/sb-root-a'] } }));
    await rig.send('/call get-roots-list {}').done;
    expect((await rig.lastToolItem('get-roots-list')).resultText).toContain('URI: file:///tmp/sb-root-a');
    const before = rig.core.tools.connections.state('everything')!.connectedAt;
    await rig.core.config.edit(() => [
      { op: 'set', path: ['agent', 'mcp', 'servers', 0, 'roots'], value: ['/tmp/sb-root-b', '/tmp/sb-root-c'] },
    ]);
    // The server asks roots/list again on roots/list_changed; its tool then reports the new list.
    let text = '';
    for (let i = 0; i < 40 && !text.includes('sb-root-c'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      await rig.send('/call get-roots-list {}').done;
      text = (await rig.lastToolItem('get-roots-list')).resultText ?? '';
    }
    expect(text).toContain('Current MCP Roots (2 total)');
    expect(rig.core.tools.connections.state('everything')!.connectedAt).toBe(before);
  });
});
