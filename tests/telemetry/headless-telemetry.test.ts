import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordSummary, TelemetryView } from '../../src/shared/contract';
import { createTestCore, type TestCore } from '../support/core';
import { startGarbageTraceServer } from '../support/otlp/garbage-trace-server';
import { OtlpReceiver } from '../support/otlp/otlp-receiver';
import { openAiStream, startOpenAiCompatibleServer } from '../support/providers/openai-script';

const ctx = { transport: 'ws' as const };
let core: TestCore | undefined;
let receiver: OtlpReceiver | undefined;
let dir: string | undefined;
let logs: string[] = [];

afterEach(async () => {
  await core?.close();
  await receiver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  core = receiver = dir = undefined;
  logs = [];
});

async function start(env: Record<string, string>): Promise<TestCore> {
  dir = await mkdtemp(join(tmpdir(), 'sb-otel-core-'));
  core = await createTestCore({ dataDir: dir, watchConfig: false, env, log: (line) => logs.push(line) });
  await core.whenServersSettled();
  return core;
}

async function call<T>(route: string, input: unknown): Promise<T> {
  const result = await core!.dispatch(route, input, ctx);
  if (!result.ok) throw new Error(`${route}: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

describe('the headless console with telemetry', () => {
  it('the seed story: each record keeps the trace and span id of its execute_tool span, as records.list shows them', async () => {
    receiver = await OtlpReceiver.start();
    await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    const conversation = await core!.runtime.agent.create('u1001');
    for (const text of ['上周买的AirPods Pro还没收到，帮我看看送到哪了', '第一笔'])
      expect((await core!.runtime.agent.send(conversation.id, text).done).status).toBe('completed');
    await core!.telemetry.flush();
    const records = await call<RecordSummary[]>('records.list', { conversationId: conversation.id });
    expect(records.map((r) => r.tool).sort()).toEqual(['query_logistics', 'query_order']);
    for (const record of records) {
      const span = receiver.spans.find((s) => s.spanId === record.spanId);
      expect(span, record.tool).toMatchObject({ name: `execute_tool ${record.tool}`, traceId: record.traceId });
      expect(span?.attributes['switchboard.record.id']).toBe(record.id);
    }
    const view = await call<TelemetryView>('telemetry.get', {});
    expect(view).toMatchObject({ enabled: true, endpointSource: 'env', protocol: 'http/json', problems: [] });
    expect(view.fromEnv).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
  });

  it('an OpenAI-compatible model: chat spans carry token usage (and the token metric is exported); a write waits for approval in a span of its own', async () => {
    receiver = await OtlpReceiver.start();
    const model = await startOpenAiCompatibleServer([
      openAiStream({
        toolCalls: [{ name: 'cancel_order', arguments: { orderNo: 'BS1001003' } }],
        usage: { prompt_tokens: 321, completion_tokens: 12 },
      }),
      openAiStream({ text: 'done', usage: { prompt_tokens: 400, completion_tokens: 3 } }),
    ]);
    try {
      await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      await call('settings.saveModel', {
        provider: 'openai-compatible',
        baseUrl: model.baseUrl,
        model: 'gpt-test',
        apiKeyEnv: 'SB_TEST_KEY',
      });
      process.env.SB_TEST_KEY = 'sk-test-0123456789';
      const approve = core!.events.subscribe((name, payload) => {
        if (name === 'approvals.requested')
          core!.runtime.approvals.resolve((payload as { id: string }).id, 'approve', undefined, 'test operator');
      });
      const conversation = await core!.runtime.agent.create('u1001');
      expect((await core!.runtime.agent.send(conversation.id, '取消 BS1001003').done).status).toBe('completed');
      approve();
      await core!.telemetry.flush();
      const chats = receiver.spans.filter((s) => s.name === 'chat gpt-test');
      expect(
        chats.map((s) => [s.attributes['gen_ai.usage.input_tokens'], s.attributes['gen_ai.usage.output_tokens']]),
      ).toEqual([
        [321, 12],
        [400, 3],
      ]);
      expect(chats[0].attributes).toMatchObject({
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-test',
        'gen_ai.response.finish_reasons': ['tool_call'],
      });
      const [tool] = receiver.spans.filter((s) => s.name === 'execute_tool cancel_order');
      expect(tool.attributes).toMatchObject({
        'switchboard.approval.decision': 'approve',
        'switchboard.approval.decided_by': 'test operator',
        'switchboard.tool.read_only': false,
      });
      const [wait] = receiver.spans.filter((s) => s.name === 'switchboard.approval');
      expect(wait).toMatchObject({
        parentSpanId: tool.spanId,
        attributes: { 'switchboard.approval.decision': 'approve' },
      });
      expect(receiver.spans.find((s) => s.name === 'tools/call cancel_order' && s.kind === 3)?.parentSpanId).toBe(
        tool.spanId,
      );
      expect(JSON.stringify(receiver.spans)).not.toContain('sk-test-0123456789');
      expect([...receiver.metricNames]).toEqual(
        expect.arrayContaining(['gen_ai.client.token.usage', 'gen_ai.client.operation.duration']),
      );
    } finally {
      delete process.env.SB_TEST_KEY;
      await model.close();
    }
  });

  it('Settings: saved fields are persisted and applied, the test span answers with its export, a failing collector is told once with its cause', async () => {
    receiver = await OtlpReceiver.start();
    await start({});
    expect(await call<TelemetryView>('telemetry.get', {})).toMatchObject({ enabled: false, endpoint: null });
    expect(await call('telemetry.sendTestSpan', {})).toMatchObject({
      ok: false,
      message: { code: 'telemetry.notConfigured' },
    });

    const saved = await call<TelemetryView>('telemetry.save', {
      endpoint: receiver.url,
      protocol: 'http/json',
      serviceName: 'from-settings',
      traceUrlTemplate: 'http://localhost:16686/trace/{traceId}',
    });
    expect(saved).toMatchObject({
      enabled: true,
      endpointSource: 'settings',
      serviceName: 'from-settings',
      saved: { traceUrlTemplate: 'http://localhost:16686/trace/{traceId}' },
    });
    expect(await readFile(core!.config.path, 'utf8')).toMatch(/telemetry:\n\s+endpoint: http:\/\/127\.0\.0\.1:\d+/);

    const test = await call<{ ok: boolean; traceId: string }>('telemetry.sendTestSpan', {});
    expect(test.ok).toBe(true);
    expect(receiver.spans.find((s) => s.name === 'switchboard.test_span')).toMatchObject({
      traceId: test.traceId,
      service: 'from-settings',
    });

    receiver.mode = 'fail500';
    const failed = await call<{ ok: boolean; message: { code: string; text: string } }>('telemetry.sendTestSpan', {});
    expect(failed).toMatchObject({ ok: false, message: { code: 'telemetry.exportFailed' } });
    expect(failed.message.text).toMatch(/HTTP 500/);
    await call('telemetry.sendTestSpan', {});
    const view = await call<TelemetryView>('telemetry.get', {});
    expect(view.problems.filter((p) => p.message.code === 'telemetry.exportFailed')).toHaveLength(1);
    expect(logs.filter((l) => l.startsWith('[telemetry]') && /HTTP 500/.test(l))).toHaveLength(1);

    // Disabled in Settings: nothing more is exported, the section stays saved.
    expect(await call<TelemetryView>('telemetry.save', { endpoint: receiver.url, disabled: true })).toMatchObject({
      enabled: false,
      disabled: true,
    });
  });

  it('malformed OTEL_EXPORTER_OTLP_HEADERS and an unknown sampler are on the Settings page, once, without the header value', async () => {
    receiver = await OtlpReceiver.start();
    await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'api-key=ok,token-without-equals-s3cr3t',
      OTEL_TRACES_SAMPLER: 'sometimes',
    });
    await call('telemetry.save', { serviceName: 'again' }); // a re-apply tells nothing twice
    const view = await call<TelemetryView>('telemetry.get', {});
    expect(view.problems.map((p) => p.message.code).sort()).toEqual(['telemetry.badHeaders', 'telemetry.badSampler']);
    expect(view.headerNames).toEqual(['api-key']);
    expect(JSON.stringify(view)).not.toContain('s3cr3t');
    expect(logs.filter((l) => l.includes('OTEL_EXPORTER_OTLP_HEADERS'))).toHaveLength(1);
  });

  it('a server that sends garbage in _meta.traceparent breaks nothing: the call succeeds, its questions get spans of their own, the garbage is told once', async () => {
    receiver = await OtlpReceiver.start();
    const hostile = await startGarbageTraceServer();
    try {
      await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      core!.requests.policy.elicit = 'decline';
      await call('servers.add', { server: { name: 'hostile', url: hostile.url } });
      for (let i = 0; i < 100 && core!.tools.connections.state('hostile')?.status !== 'connected'; i++)
        await new Promise((r) => setTimeout(r, 50));
      const run = await call<{ item: { status: string }; record: RecordSummary }>('tools.call', {
        toolId: 'ask',
        server: 'hostile',
        arguments: {},
        actingIdentity: 'u1001',
      });
      expect(run.item.status, JSON.stringify(run.item)).toBe('success');
      expect(run.record.traceId).toMatch(/^[0-9a-f]{32}$/);
      await core!.telemetry.flush();
      // Our requests carried W3C trace context to it.
      expect(hostile.receivedTraceparents.length).toBeGreaterThan(0);
      for (const value of hostile.receivedTraceparents) expect(value).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
      const questions = receiver.spans.filter((s) => s.name === 'elicitation/create');
      expect(questions).toHaveLength(2);
      for (const question of questions) expect(question.kind).toBe(2);
      const view = await call<TelemetryView>('telemetry.get', {});
      expect(view.problems.filter((p) => p.message.code === 'telemetry.badTraceparent')).toHaveLength(1);
      expect(logs.filter((l) => l.includes('traceparent'))).toHaveLength(1);
      expect(receiver.spans.find((s) => s.name === 'tools/call ask')).toMatchObject({ kind: 3, statusCode: 0 });
    } finally {
      await hostile.close();
    }
  });
});
