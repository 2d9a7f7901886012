import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { ResourceContentView } from '../../src/shared/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../../src/main/core/paths';
import {
  anthropicStream,
  openAiCallThenAnswer,
  startAnthropicServer,
  startOpenAiCompatibleServer,
} from '../support/providers';
import { startEverythingCore } from '../support/mcp/everything-core';

const closing = closeAfterEachTest();

/** The PNG server-everything's get-tiny-image returns, read from its source (the package ships no types). */
const MCP_TINY_IMAGE = /MCP_TINY_IMAGE = "([A-Za-z0-9+/=]+)"/.exec(
  readFileSync(
    join(appRoot(), 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'tools', 'get-tiny-image.js'),
    'utf8',
  ),
)![1];

type OpenAiMessage = { role: string; content: unknown; tool_call_id?: string };
type AnthropicMessage = { role: string; content: unknown };

describe('rich results from server-everything reach the model and the operator', () => {
  it('get-tiny-image reaches the OpenAI-compatible request as an image_url data URL after the tool message, and stays in the history', async () => {
    const model = closing(
      await startOpenAiCompatibleServer(
        openAiCallThenAnswer({ id: 'call_img', name: 'get-tiny-image', arguments: {} }, 'It is the MCP logo.'),
      ),
    );
    const imageUrl = { type: 'image_url', image_url: { url: `data:image/png;base64,${MCP_TINY_IMAGE}` } };
    const rig = closing(
      await startEverythingCore({
        model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model' },
        tools: ['get-tiny-image'],
      }),
    );
    expect((await rig.send('show me the logo').done).status).toBe('completed');

    const messages = (model.requests[1].body as { messages: OpenAiMessage[] }).messages;
    const toolAt = messages.findIndex((m) => m.role === 'tool' && m.tool_call_id === 'call_img');
    expect(messages[toolAt].content).toContain("Here's the image you requested:");
    expect(messages[toolAt].content).toMatch(/\[image image\/png, \d+ bytes\]/);
    const images = messages[toolAt + 1];
    expect(images.role).toBe('user');
    expect(images.content).toEqual([
      { type: 'text', text: 'Images returned by the tool calls above:' },
      { type: 'text', text: 'From get-tiny-image (call call_img):' },
      imageUrl,
    ]);

    // The operator's card: the image is a part; its data is in the record, whole.
    const item = await rig.lastToolItem('get-tiny-image');
    expect(item.parts).toEqual([
      { type: 'image', index: 1, mimeType: 'image/png', bytes: Buffer.from(MCP_TINY_IMAGE, 'base64').length },
    ]);
    const record = await rig.record(item.recordId!);
    expect((record.result as { content: { data?: string }[] }).content[1].data).toBe(MCP_TINY_IMAGE);

    // After a restart the history is rebuilt from the conversation log: the next request carries the image again.
    await rig.restart();
    expect((await rig.send('and again?').done).status).toBe('completed');
    const replayed = (model.requests[2].body as { messages: OpenAiMessage[] }).messages;
    expect(replayed.find((m) => m.role === 'user' && Array.isArray(m.content))?.content).toContainEqual(imageUrl);
  });

  it('get-tiny-image reaches the Anthropic request as an image block inside its tool_result', async () => {
    const model = closing(
      await startAnthropicServer([
        anthropicStream({ toolUses: [{ id: 'toolu_img', name: 'get-tiny-image', arguments: {} }] }),
        anthropicStream({ text: 'The MCP logo.' }),
      ]),
    );
    const rig = closing(
      await startEverythingCore({
        model: { provider: 'anthropic', baseUrl: model.baseUrl, model: 'claude-test' },
        tools: ['get-tiny-image'],
      }),
    );
    expect((await rig.send('show me the logo').done).status).toBe('completed');
    const last = (model.requests[1].body as { messages: AnthropicMessage[] }).messages.at(-1)!;
    expect(last.role).toBe('user');
    const [result] = last.content as {
      type: string;
      tool_use_id: string;
      content: { type: string; text?: string; source?: unknown }[];
    }[];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_img' });
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('[image image/png') });
    expect(result.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: MCP_TINY_IMAGE },
    });
  });

  it('a model set to receive no images reads a note instead', async () => {
    const model = closing(
      await startOpenAiCompatibleServer(
        openAiCallThenAnswer({ id: 'c1', name: 'get-tiny-image', arguments: {} }, 'ok'),
      ),
    );
    const rig = closing(
      await startEverythingCore({
        model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'text-only', images: false },
        tools: ['get-tiny-image'],
      }),
    );
    await rig.send('logo').done;
    const messages = (model.requests[1].body as { messages: OpenAiMessage[] }).messages;
    expect(JSON.stringify(messages)).not.toContain('image_url');
    expect(messages.find((m) => m.role === 'tool')!.content).toContain(
      '1 image not sent: this model is set to receive no images',
    );
  });

  it('get-resource-links renders each link with URI, name and MIME type, and each one reads through the same server', async () => {
    const rig = closing(await startEverythingCore({ tools: ['get-resource-links'] }));
    const run = await rig.rpc<{
      item: { parts?: { type: string; uri?: string; name?: string; mimeType?: string }[]; resultText?: string };
    }>('tools.call', {
      toolId: 'get-resource-links',
      server: 'everything',
      arguments: { count: 2 },
      actingIdentity: 'u1001',
    });
    const links = run.item.parts!;
    expect(links).toEqual([
      expect.objectContaining({
        type: 'resource_link',
        index: 1,
        uri: 'demo://resource/dynamic/blob/1',
        name: 'Blob Resource 1',
        mimeType: 'text/plain',
      }),
      expect.objectContaining({
        type: 'resource_link',
        index: 2,
        uri: 'demo://resource/dynamic/text/2',
        name: 'Text Resource 2',
        mimeType: 'text/plain',
      }),
    ]);
    expect(run.item.resultText).toContain(
      '[resource link: "Text Resource 2" <demo://resource/dynamic/text/2> (text/plain)',
    );
    const text = await rig.rpc<{ contents: ResourceContentView[] }>('resources.read', {
      server: 'everything',
      uri: links[1].uri,
    });
    expect(text.contents[0]).toMatchObject({
      uri: 'demo://resource/dynamic/text/2',
      mimeType: 'text/plain',
      text: expect.stringContaining('Resource 2'),
    });
    const blob = await rig.rpc<{ contents: ResourceContentView[] }>('resources.read', {
      server: 'everything',
      uri: links[0].uri,
    });
    expect(Buffer.from(blob.contents[0].blob!, 'base64').toString()).toContain('Resource 1');
    expect(blob.contents[0].bytes).toBe(Buffer.from(blob.contents[0].blob!, 'base64').length);
    await expect(rig.rpc('resources.read', { server: 'everything', uri: 'demo://resource/nowhere' })).rejects.toThrow(
      /everything answered/,
    );
  });

  it('get-resource-reference embeds a resource: its text reaches the model under its URI, the card shows URI and MIME type', async () => {
    const rig = closing(await startEverythingCore({ tools: ['get-resource-reference'] }));
    const run = await rig.rpc<{ item: { parts?: unknown[]; resultText?: string; recordId?: string } }>('tools.call', {
      toolId: 'get-resource-reference',
      server: 'everything',
      arguments: { resourceType: 'Text', resourceId: 3 },
      actingIdentity: 'u1001',
    });
    expect(run.item.parts).toEqual([
      expect.objectContaining({
        type: 'resource',
        uri: 'demo://resource/dynamic/text/3',
        mimeType: 'text/plain',
        text: true,
      }),
    ]);
    expect(run.item.resultText).toMatch(/\[resource demo:\/\/resource\/dynamic\/text\/3 \(text\/plain\)\]\nResource 3/);
    const read = await rig.rpc<{ contents: ResourceContentView[] }>('resources.read', {
      server: 'everything',
      uri: 'demo://resource/dynamic/text/3',
    });
    expect(read.contents[0].text).toContain('Resource 3');
    const blob = await rig.rpc<{ item: { parts?: unknown[]; resultText?: string } }>('tools.call', {
      toolId: 'get-resource-reference',
      server: 'everything',
      arguments: { resourceType: 'Blob', resourceId: 4 },
      actingIdentity: 'u1001',
    });
    expect(blob.item.parts).toEqual([
      expect.objectContaining({ type: 'resource', uri: 'demo://resource/dynamic/blob/4', text: false }),
    ]);
    expect(blob.item.resultText).toMatch(/bytes of binary data: not shown to the model/);
  });
});
