import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process';
import type { CatalogToolView, CatalogView, Conversation } from '../../src/shared/contract';
import { openAiStream, startOpenAiCompatibleServer } from '../support/providers';
import { data } from './helpers/headless-host';
import { deferUntilAfterAll, serversOnceConnected, startHostileConsole, tempDataDir } from './helpers/hostile-console';
import { startHostileMcpProcess } from './helpers/hostile-mcp-process';

/**
 * Issue 25, item 3: the description cap did not cover the input schema. A hostile server (a real process) offers
 * mounted tools whose input schemas hide 5 MB property descriptions, an enum of 100,000 values and 200 levels of
 * nesting. The model request carried all of it on every call (megabytes, millions of tokens), and catalog.get's
 * answer (three such schemas whole) went over the console connection's limit and dropped its client.
 * Now every text in the schema, its enums, its depth and its total size are capped for the model; the catalog,
 * explain and the step's token figure say so; catalog.get is paged and sends what the model receives.
 */
const MB5 = 5 * 1024 * 1024;
const defer = deferUntilAfterAll();

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const late = new Promise<never>((_resolve, reject) => {
    setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (client dropped?)`)), ms).unref();
  });
  return Promise.race([promise, late]);
}

describe('a hostile input schema', () => {
  it('reaches the model capped, and the catalog, explain and the token figure say so', async () => {
    const dir = await tempDataDir('sb-schema-', defer);
    const huge = (name: string) => ({
      name,
      description: `looks up ${name}`,
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: { topic: { type: 'string', description: `${name} `.padEnd(MB5, 'y') } },
      },
    });
    const tools = [
      huge('huge_a'),
      huge('huge_b'),
      huge('huge_c'),
      {
        name: 'deep_enum',
        description: 'picks one',
        annotations: { readOnlyHint: true },
        inputSchema: {
          type: 'object',
          properties: {
            choice: { type: 'string', enum: Array.from({ length: 100_000 }, (_, i) => `v${i}`) },
            tree: nested(200),
          },
        },
      },
    ];
    await writeFile(join(dir, 'tools.json'), JSON.stringify(tools));
    const hostile = await startHostileMcpProcess({ HOSTILE_TOOLS_FILE: join(dir, 'tools.json') });
    defer(() => hostile.stop());
    const model = await startOpenAiCompatibleServer([openAiStream({ text: 'nothing to do' })]);
    defer(() => model.close());
    const { rpc } = await startHostileConsole(
      dir,
      {
        model: { baseUrl: model.baseUrl, apiKeyEnv: 'SB_SCHEMA_KEY', timeoutMs: 30_000 },
        server: { url: hostile.url },
        mounts: Object.fromEntries(tools.map((tool) => [tool.name, tool.name])),
      },
      defer,
    );
    const servers = await serversOnceConnected(rpc, 2, 600, 100);
    expect(servers.map((s) => s.status)).toEqual(['connected', 'connected']);

    // catalog.get answers (paged, as the model receives each tool) and the client stays connected.
    const frames = rpc.frames.length;
    const view = data(await within(rpc.request<CatalogView>('catalog.get'), 60_000, 'catalog.get'));
    expect(view.bindings.map((b) => b.toolId)).toEqual(
      expect.arrayContaining(['huge_a', 'huge_b', 'huge_c', 'deep_enum']),
    );
    expect(view.page).toMatchObject({ offset: 0, nextOffset: null });
    expect(Math.max(...rpc.frames.slice(frames).map((f) => f.length))).toBeLessThan(1024 * 1024);
    const second = data(await rpc.request<CatalogView>('catalog.get', { offset: 1, limit: 1 }));
    expect(second.entries).toHaveLength(1);
    expect(second.page).toMatchObject({ offset: 1, limit: 1, total: view.page!.total });

    // The Tools page's detail says the schema was capped.
    const detail = data(await rpc.request<CatalogToolView>('catalog.tool', { toolId: 'huge_a', server: 'hostile' }));
    expect(detail.binding?.schemaCapped).toMatchObject({ textsCut: 1, whole: false });
    expect(detail.binding!.schemaCapped!.bytes).toBeGreaterThan(MB5);
    expect(JSON.stringify(detail.binding!.inputSchema).length).toBeLessThan(8_192);
    expect(detail.entry.reason).toContain('its input schema is capped for the model');
    const deep = data(await rpc.request<CatalogToolView>('catalog.tool', { toolId: 'deep_enum', server: 'hostile' }));
    expect(deep.entry.schemaCapped).toMatchObject({ enumsCut: 1, depthCut: 1 });

    // explain says so.
    const explained = data(
      await rpc.request<{ layers: { layer: string; detail: string }[] }>('catalog.explain', { toolId: 'huge_b' }),
    );
    expect(explained.layers.find((l) => l.layer === 'visible')!.detail).toMatch(
      /its input schema is 5,\d{3},\d{3} bytes, capped to [\d,]+ for the model \(1 texts cut/,
    );

    // The CLI's catalog says so too.
    const cli = await runCli(
      ['catalog', '--data-dir', dir],
      { ...process.env, SWITCHBOARD_DATA_DIR: '' },
      { timeoutMs: 120_000 },
    );
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(
      /huge_a on hostile: input schema 5,\d{3},\d{3} bytes, sent to the model as [\d,]+ \(1 text cut to 2,048 bytes; agent\.mcp\.maxSchemaBytes\)/,
    );
    expect(cli.stdout).toMatch(
      /deep_enum on hostile: input schema [\d,]+ bytes, sent to the model as [\d,]+ \(1 enum cut to 256 values; nesting cut at 32 levels/,
    );

    // The real agent loop: what the provider receives is bounded.
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const { turnId } = data(await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: 'hello' }));
    expect(
      (await rpc.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === turnId, 90_000))
        .status,
    ).toBe('completed');
    const body = JSON.stringify(model.requests[0].body);
    expect(body.length).toBeLessThan(100_000);
    type Sent = {
      function: {
        name: string;
        parameters: { properties: Record<string, { description?: string; enum?: unknown[] }> };
      };
    };
    const sent = (model.requests[0].body as { tools: Sent[] }).tools;
    const topic = sent.find((t) => t.function.name === 'huge_c')!.function.parameters.properties.topic;
    expect(topic.description).toMatch(/\[… cut by the host: 2048 of \d+ bytes shown\]$/);
    const choice = sent.find((t) => t.function.name === 'deep_enum')!.function.parameters.properties.choice;
    expect(choice.enum).toHaveLength(256);
    expect(choice.description).toContain('99744 more enum values cut by the host');
    expect(JSON.stringify(sent.find((t) => t.function.name === 'deep_enum'))).toContain('nested deeper than 32 levels');

    // The step's token figure counts what was sent, and marks the capped tools.
    const conversation = data(await rpc.request<Conversation>('chat.get', { conversationId: id }));
    const step = conversation.turns[0].steps[0];
    for (const name of ['huge_a', 'huge_b', 'huge_c', 'deep_enum']) {
      const tool = step.tools.find((t) => t.name === name)!;
      expect(tool.tokens, name).toBeLessThan(5_000);
      expect(tool.capped, name).toBe(true);
    }
    expect(step.totalTokens).toBeLessThan(20_000);
  }, 240_000);
});
