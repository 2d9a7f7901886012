import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/main/core/paths';
import { OtlpReceiver, type ReceivedSpan } from '../support/otlp/otlp-receiver';

const CLI = join(appRoot(), 'src', 'main', 'cli.ts');
const SEED_STORY = ['上周买的AirPods Pro还没收到，帮我看看送到哪了', '第一笔'];

let receiver: OtlpReceiver;
let dir: string | undefined;
beforeAll(async () => {
  receiver = await OtlpReceiver.start();
});
afterAll(() => receiver.close());
afterEach(async () => {
  receiver.spans.length = 0;
  receiver.metricNames.clear();
  receiver.requests.length = 0;
  receiver.mode = 'ok';
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The real `switchboard chat`, a child process with the standard variables pointed at the receiver. */
async function chat(
  env: Record<string, string>,
  messages = SEED_STORY,
  node: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  dir = await mkdtemp(join(tmpdir(), 'sb-otel-cli-'));
  return cli(['chat', '--data-dir', dir, '--json', ...messages.flatMap((m) => ['-m', m])], env, node);
}

async function cli(
  command: string[],
  env: Record<string, string>,
  node: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const args = [...node, '--import', 'tsx', CLI, ...command];
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: appRoot(),
    env: {
      PATH: process.env.PATH,
      HOME: dir as string,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_METRIC_EXPORT_INTERVAL: '600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, ms: Date.now() - started };
}

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((s) => s.name === name);
const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.parentSpanId === parent.spanId && s.traceId === parent.traceId);

describe('switchboard chat with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports the seed story as two invoke_agent traces: chat spans, execute_tool query_order then query_logistics, MCP client spans and the shop’s server spans joined under them; metrics too; no content by default', async () => {
    const run = await chat({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'sb-cli-test' });
    expect(run.code, run.stderr).toBe(0);
    // Flushed before exit: everything is here once the process has ended.
    const spans = receiver.spans;
    const turns = byName(spans, 'invoke_agent switchboard');
    expect(turns).toHaveLength(2);
    expect(new Set(turns.map((t) => t.traceId)).size).toBe(2);
    for (const turn of turns) {
      expect(turn.parentSpanId).toBe('');
      expect(turn.service).toBe('sb-cli-test');
      expect(turn.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'switchboard',
        'gen_ai.provider.name': 'switchboard.demo',
        'gen_ai.request.model': 'demo',
      });
      expect(turn.attributes['gen_ai.conversation.id']).toMatch(/^c_/);
    }
    const tools = (turn: ReceivedSpan) => childrenOf(spans, turn).filter((s) => s.name.startsWith('execute_tool '));
    const chats = (turn: ReceivedSpan) => childrenOf(spans, turn).filter((s) => s.name === 'chat demo');
    // Turn 1 asks which order (query_order); turn 2 follows the chosen one (query_logistics).
    const first = turns.find((t) => tools(t).some((s) => s.name === 'execute_tool query_order'))!;
    const second = turns.find((t) => t !== first)!;
    expect(tools(first).map((s) => s.name)).toEqual(['execute_tool query_order']);
    expect(tools(second).map((s) => s.name)).toEqual(['execute_tool query_logistics']);
    expect(chats(first).length).toBeGreaterThanOrEqual(2);
    for (const span of chats(first))
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'demo',
        'gen_ai.provider.name': 'switchboard.demo',
      });
    expect(
      chats(first).some(
        (s) =>
          typeof s.attributes['gen_ai.usage.input_tokens'] === 'number' ||
          s.attributes['gen_ai.response.finish_reasons'] !== undefined,
      ),
    ).toBe(true);

    const logistics = tools(second)[0];
    expect(logistics.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'query_logistics',
      'switchboard.server': 'shop',
      'switchboard.binding.state': 'bound',
      'switchboard.call.status': 'success',
      'switchboard.actor': 'model',
    });
    expect(logistics.attributes['switchboard.record.id']).toMatch(/^r_/);
    expect(logistics.attributes['switchboard.node.id']).toEqual(expect.any(String));
    expect(logistics.attributes['switchboard.confirm.policy']).toEqual(expect.any(String));

    // tools/call as an MCP CLIENT span under execute_tool, and the shop's SERVER span under that (trace context in _meta).
    const [client] = childrenOf(spans, logistics).filter((s) => s.name === 'tools/call query_logistics');
    expect(client).toBeDefined();
    expect(client.kind).toBe(3);
    expect(client.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'query_logistics',
      'network.transport': 'tcp',
      'server.address': '127.0.0.1',
    });
    expect(client.attributes['jsonrpc.request.id']).toEqual(expect.any(String));
    expect(client.attributes['mcp.protocol.version']).toEqual(expect.any(String));
    // mcp.session.id is for a request made in a session: the 2026-07-28 revision (what the shop and our client now
    // agree on) has none; an earlier one has Mcp-Session-Id.
    if (client.attributes['mcp.protocol.version'] === '2026-07-28')
      expect(client.attributes).not.toHaveProperty('mcp.session.id');
    else expect(client.attributes['mcp.session.id']).toEqual(expect.any(String));
    const [server] = childrenOf(spans, client);
    expect(server).toMatchObject({ name: 'tools/call query_logistics', kind: 2 });
    expect(server.attributes['mcp.session.id']).toBe(client.attributes['mcp.session.id']);

    // Start-up discovery under the connect span: server/discover (2026-07-28) or initialize (earlier), then tools/list.
    const [connect] = byName(spans, 'switchboard.connect shop');
    const handshake = client.attributes['mcp.protocol.version'] === '2026-07-28' ? 'server/discover' : 'initialize';
    expect(childrenOf(spans, connect).map((s) => s.name)).toEqual(expect.arrayContaining([handshake, 'tools/list']));

    // No content without the switch.
    for (const span of spans)
      for (const key of Object.keys(span.attributes)) expect(key).not.toMatch(/messages|arguments|result|instructions/);
    expect(JSON.stringify(spans)).not.toContain('AirPods');

    expect([...receiver.metricNames]).toEqual(
      expect.arrayContaining([
        'gen_ai.client.operation.duration',
        'mcp.client.operation.duration',
        'mcp.client.session.duration',
        'mcp.server.operation.duration',
      ]),
    );
    expect(receiver.requests.every((r) => r.contentType.includes('application/json'))).toBe(true);

    // `replay` names the original calls' traces, linked by the template (Settings' traceUrlTemplate).
    const conversationId = String((JSON.parse(run.stdout.split('\n')[0]) as { conversationId: string }).conversationId);
    await writeFile(
      join(dir!, 'switchboard.yaml'),
      `${await readFile(join(dir!, 'switchboard.yaml'), 'utf8')}\ntelemetry:\n  traceUrlTemplate: http://localhost:16686/trace/{traceId}\n`,
    );
    const replay = await cli(['replay', conversationId, '--data-dir', dir!], { OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toContain(
      `query_logistics (${logistics.attributes['switchboard.record.id']}): trace ${logistics.traceId} span ${logistics.spanId} http://localhost:16686/trace/${logistics.traceId}`,
    );
  });

  it('http/protobuf (the default) with content capture on: prompts, arguments and results in spans, secrets masked', async () => {
    const run = await chat({
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=sekret-token-123456',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.requests.length).toBeGreaterThan(0);
    expect(receiver.requests.every((r) => r.contentType.includes('application/x-protobuf'))).toBe(true);
    expect(receiver.requests[0].headers['x-api-key']).toBe('sekret-token-123456');
    const spans = receiver.spans;
    const turn = byName(spans, 'invoke_agent switchboard').find((s) =>
      String(s.attributes['gen_ai.input.messages']).includes('AirPods'),
    );
    expect(turn).toBeDefined();
    const [order] = byName(spans, 'execute_tool query_order');
    expect(String(order.attributes['gen_ai.tool.call.result'])).toContain('AirPods');
    expect(order.attributes['gen_ai.tool.call.arguments']).toEqual(expect.any(String));
    const [logistics] = byName(spans, 'execute_tool query_logistics');
    expect(logistics.attributes['gen_ai.tool.call.arguments']).toContain('BIT9100000233');
    expect(
      byName(spans, 'chat demo').some((s) => String(s.attributes['gen_ai.output.messages']).includes('tool_call')),
    ).toBe(true);
    expect([...receiver.metricNames]).toContain('gen_ai.client.operation.duration');
  });

  it('without any OTEL_* variable nothing is sent and no SDK or exporter module is even loaded (only @opentelemetry/api); with one, they are (the span exporter in its worker thread)', async () => {
    const imports = async (env: Record<string, string>) => {
      const file = join(await mkdtemp(join(tmpdir(), 'sb-otel-imports-')), 'imports.txt');
      const run = await chat(
        { ...env, SB_RECORD_IMPORTS: file },
        ['你好'],
        ['--import', join(appRoot(), 'tests', 'support', 'otlp', 'record-imports.mjs')],
      );
      expect(run.code, run.stderr).toBe(0);
      const loaded = new Set((await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean));
      await rm(dirname(file), { recursive: true, force: true });
      return { run, loaded };
    };
    const off = await imports({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(receiver.requests).toHaveLength(0);
    expect(off.run.stderr).not.toContain('[telemetry]');
    expect([...off.loaded]).toEqual(['@opentelemetry/api']);
    const on = await imports({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    expect([...on.loaded]).toEqual(
      expect.arrayContaining([
        '@opentelemetry/sdk-trace-base',
        '@opentelemetry/sdk-metrics',
        '@opentelemetry/exporter-metrics-otlp-http',
      ]),
    );
    // Spans are encoded and sent by the span export worker: the main thread never loads the trace exporter, and the
    // spans still arrive.
    expect([...on.loaded]).not.toContain('@opentelemetry/exporter-trace-otlp-http');
    expect(receiver.requests.some((r) => r.path === '/v1/traces')).toBe(true);
    expect(receiver.spans.some((s) => s.name === 'invoke_agent switchboard')).toBe(true);
  });
});

describe('a collector that fails never breaks a turn', () => {
  it.each([
    ['answers 500', 'fail500' as const, /HTTP 500/],
    ['hangs', 'hang' as const, /no answer in time|timed? ?out/i],
  ])(
    'one that %s: the turns complete, the CLI exits within the export timeout, the cause is told once',
    async (_label, mode, cause) => {
      receiver.mode = mode;
      const run = await chat({ OTEL_EXPORTER_OTLP_TIMEOUT: '1500' });
      expect(run.code, run.stderr).toBe(0);
      expect(
        run.stdout.split('\n').filter((l) => l.includes('"turn.finished"') && l.includes('"completed"')),
      ).toHaveLength(2);
      const told = run.stderr.split('\n').filter((l) => l.startsWith('[telemetry]'));
      expect(told.length, run.stderr).toBeGreaterThanOrEqual(1);
      expect(told.join('\n')).toMatch(cause);
      expect(new Set(told).size).toBe(told.length); // each cause once
    },
  );

  it('an unreachable collector and malformed OTEL_EXPORTER_OTLP_HEADERS: told once each, with the cause, never the header value', async () => {
    const closed = await OtlpReceiver.start();
    const url = closed.url;
    await closed.close();
    const run = await chat({
      OTEL_EXPORTER_OTLP_ENDPOINT: url,
      OTEL_EXPORTER_OTLP_TIMEOUT: '1500',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization-no-equals-secretvalue,ok=1,bad name=x',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(
      run.stdout.split('\n').filter((l) => l.includes('"turn.finished"') && l.includes('"completed"')),
    ).toHaveLength(2);
    const told = run.stderr.split('\n').filter((l) => l.startsWith('[telemetry]'));
    // Once per signal: traces, and the metrics flushed at exit.
    expect(
      told.filter((l) => /could not send traces .*connection refused/.test(l)),
      run.stderr,
    ).toHaveLength(1);
    expect(
      told.filter((l) => /could not send metrics .*connection refused/.test(l)),
      run.stderr,
    ).toHaveLength(1);
    expect(run.ms).toBeLessThan(15_000);
    expect(told.filter((l) => /OTEL_EXPORTER_OTLP_HEADERS entry 1 .*no "="/.test(l))).toHaveLength(1);
    expect(told.filter((l) => /OTEL_EXPORTER_OTLP_HEADERS entry 3 /.test(l))).toHaveLength(1);
    expect(run.stderr).not.toContain('secretvalue');
  });
});
