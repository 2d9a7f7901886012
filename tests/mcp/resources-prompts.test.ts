import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type {
  PromptView,
  ResourceContentView,
  ResourceTemplateView,
  ResourceView,
  ServerFeatures,
} from '../../src/shared/contract';
import { startFixtureServer } from '../support/mcp';
import { startEverythingCore } from '../support/mcp/everything-core';
import { waitFor } from '../support/wait-for';

const closing = closeAfterEachTest();

describe("server-everything's resources and prompts, browsed through the routes", () => {
  it('lists resources and templates, reads one, subscribes and hears resources/updated, unsubscribes', async () => {
    const rig = closing(await startEverythingCore());
    expect(await rig.rpc<ServerFeatures>('resources.features', { server: 'everything' })).toEqual({
      resources: true,
      subscribe: true,
      prompts: true,
      completions: true,
    });
    const page = await rig.rpc<{ resources: ResourceView[]; nextCursor: string | null; subscriptions: string[] }>(
      'resources.list',
      { server: 'everything' },
    );
    expect(page.nextCursor).toBeNull();
    expect(page.subscriptions).toEqual([]);
    const features = page.resources.find((r) => r.uri === 'demo://resource/static/document/features.md')!;
    expect(features).toMatchObject({ name: expect.any(String), mimeType: 'text/markdown' });
    const templates = await rig.rpc<{ templates: ResourceTemplateView[] }>('resources.templates', {
      server: 'everything',
    });
    expect(templates.templates.map((t) => t.uriTemplate)).toEqual([
      'demo://resource/dynamic/text/{resourceId}',
      'demo://resource/dynamic/blob/{resourceId}',
    ]);

    const read = await rig.rpc<{ contents: ResourceContentView[] }>('resources.read', {
      server: 'everything',
      uri: features.uri,
    });
    expect(read.contents[0].text).toContain('# Everything Server - Features');

    const uri = 'demo://resource/dynamic/text/1';
    const subscribed = await rig.rpc<{ subscriptions: string[] }>('resources.subscribe', { server: 'everything', uri });
    expect(subscribed.subscriptions).toEqual([uri]);
    expect(
      (await rig.rpc<{ subscriptions: string[] }>('resources.list', { server: 'everything' })).subscriptions,
    ).toEqual([uri]);
    const from = rig.events.length;
    await rig.core.tools.connections.callTool('everything', 'toggle-subscriber-updates', {}); // sends an update for each subscription at once
    expect(await rig.next('resources.updated', (p) => p.uri === uri, from)).toEqual({ server: 'everything', uri });
    await rig.core.tools.connections.callTool('everything', 'toggle-subscriber-updates', {});
    expect(
      (await rig.rpc<{ subscriptions: string[] }>('resources.unsubscribe', { server: 'everything', uri }))
        .subscriptions,
    ).toEqual([]);
    // The server logged both requests; they are in its log.
    const log = await rig.rpc<{ entries: { text: string }[] }>('servers.logs', { name: 'everything' });
    expect(log.entries.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Received Subscribe Resource request for URI: demo://resource/dynamic/text/1'),
      ]),
    );
  });

  it('renews a subscription after a reconnect', async () => {
    const rig = closing(await startEverythingCore());
    const uri = 'demo://resource/dynamic/text/7';
    await rig.rpc('resources.subscribe', { server: 'everything', uri });
    await rig.core.tools.connections.reconnect('everything');
    const from = rig.events.length;
    await rig.core.tools.connections.callTool('everything', 'toggle-subscriber-updates', {});
    expect(await rig.next('resources.updated', (p) => p.uri === uri, from)).toEqual({ server: 'everything', uri });
  });

  it('gets a prompt with arguments, and suggests argument values with completion/complete, given the others', async () => {
    const rig = closing(await startEverythingCore());
    const { prompts } = await rig.rpc<{ prompts: PromptView[] }>('prompts.list', { server: 'everything' });
    expect(prompts.map((p) => p.name)).toEqual([
      'simple-prompt',
      'args-prompt',
      'completable-prompt',
      'resource-prompt',
    ]);
    expect(prompts[1].arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      { name: 'state', required: false },
    ]);
    const got = await rig.rpc<{ messages: { role: string; content: { type: string; text?: string } }[] }>(
      'prompts.get',
      {
        server: 'everything',
        name: 'args-prompt',
        arguments: { city: 'Paris', state: 'Île-de-France' },
      },
    );
    expect(got.messages[0].role).toBe('user');
    expect(got.messages[0].content.text).toContain('Paris');
    await expect(
      rig.rpc('prompts.get', { server: 'everything', name: 'args-prompt', arguments: {} }),
    ).rejects.toMatchObject({ code: 'bad_request' });

    const department = await rig.rpc<{ values: string[]; hasMore: boolean }>('prompts.complete', {
      server: 'everything',
      ref: { type: 'prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(department.values).toEqual(['Engineering']);
    const names = await rig.rpc<{ values: string[] }>('prompts.complete', {
      server: 'everything',
      ref: { type: 'prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { department: 'Engineering' },
    });
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie']);

    // A prompt that embeds a resource: the message carries it whole.
    const embedded = await rig.rpc<{ messages: { content: { type: string; resource?: { uri: string } } }[] }>(
      'prompts.get',
      {
        server: 'everything',
        name: 'resource-prompt',
        arguments: { resourceType: 'Text', resourceId: '2' },
      },
    );
    expect(embedded.messages.map((m) => m.content)).toContainEqual(
      expect.objectContaining({
        type: 'resource',
        resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/2' }),
      }),
    );
  });

  it('refuses clearly: an unknown server, a server without resources, a server that is not connected; removing a server ends its session with DELETE', async () => {
    const fixture = closing(await startFixtureServer({ tools: [{ name: 'ping_me' }] }));
    const rig = closing(await startEverythingCore({ moreServers: [{ name: 'remote', url: fixture.url }] }));
    await expect(rig.rpc('resources.list', { server: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(rig.rpc('resources.list', { server: 'remote' })).rejects.toThrow(
      /unavailable: remote does not offer resources/,
    );
    await expect(rig.rpc('prompts.list', { server: 'remote' })).rejects.toThrow(/remote does not offer prompts/);
    await expect(rig.rpc('servers.setLogLevel', { name: 'remote', level: 'info' })).rejects.toThrow(
      /remote does not offer logging/,
    );

    const [session] = fixture.sessionIds;
    await rig.rpc('servers.remove', { name: 'remote' });
    await waitFor(() => fixture.requests.some((r) => r.method === 'DELETE'), 5_000, 'DELETE');
    expect(fixture.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', sessionId: session }]);
    await expect(rig.rpc('servers.logs', { name: 'remote' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
