import { describe, expect, it } from 'vitest';
import { closeAfterEachTest } from '../support/deferred';
import type { CatalogListView, CatalogToolView } from '../../src/shared/contract';
import { openAiCallThenAnswer, startOpenAiCompatibleServer } from '../support/providers';
import { startEverythingCore } from '../support/mcp/everything-core';
import { MEDIA_FIXTURE } from '../support/mcp/stdio-peers';

const closing = closeAfterEachTest();

type OpenAiMessage = { role: string; content: unknown; tool_call_id?: string };
const media = { name: 'media', ...MEDIA_FIXTURE, timeoutMs: 15_000 };

describe('audio results and tool titles and icons, from a real stdio server', () => {
  it('an audio result: the model reads a short note (no data), the card has an audio part, the record keeps the sound across a restart', async () => {
    const model = closing(
      await startOpenAiCompatibleServer(
        openAiCallThenAnswer({ id: 'call_snd', name: 'play_chime', arguments: {} }, 'A chime played.'),
      ),
    );
    const rig = closing(
      await startEverythingCore({
        model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model' },
        moreServers: [media],
        tools: ['play_chime'],
      }),
    );
    expect((await rig.send('play something').done).status).toBe('completed');

    const messages = (model.requests[1].body as { messages: OpenAiMessage[] }).messages;
    const tool = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_snd')!;
    expect(tool.content).toContain('Here is a chime.');
    expect(tool.content).toMatch(/\[audio audio\/wav, 2044 bytes: played to the operator, not sent to the model\]/);
    // Nothing but the note: no base64 of the sound in any message, and no extra user message carrying media.
    expect(JSON.stringify(messages)).not.toContain('UklGR'); // "RIFF" in base64
    expect(messages.filter((m) => m.role === 'user' && Array.isArray(m.content))).toEqual([]);

    const item = await rig.lastToolItem('play_chime');
    expect(item.server).toBe('media');
    expect(item.parts).toEqual([{ type: 'audio', index: 1, mimeType: 'audio/wav', bytes: 2044 }]);
    await rig.restart();
    const record = await rig.record(item.recordId!);
    const sound = Buffer.from((record.result as { content: { data?: string }[] }).content[1].data!, 'base64');
    expect(sound.length).toBe(2044);
    expect(sound.subarray(0, 4).toString()).toBe('RIFF');
    expect(sound.subarray(8, 12).toString()).toBe('WAVE');
  });

  it('catalog.tool gives the title and only the inline image icons; catalog.list carries titles and icons only for the rows that have them', async () => {
    const rig = closing(await startEverythingCore({ moreServers: [media], tools: ['play_chime', 'plain_tool'] }));
    const chime = await rig.rpc<CatalogToolView>('catalog.tool', { toolId: 'play_chime', server: 'media' });
    expect(chime.entry.title).toBe('Play a chime');
    expect(chime.entry.icons).toEqual([
      { src: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/), mimeType: 'image/png', sizes: ['16x16'] },
    ]);
    // The https URL (never fetched) and the data: text/html are withheld, not passed on.
    expect(chime.entry.iconsWithheld).toBe(2);
    expect(JSON.stringify(chime)).not.toContain('example.invalid');
    expect(JSON.stringify(chime)).not.toContain('text/html');

    const plain = await rig.rpc<CatalogToolView>('catalog.tool', { toolId: 'plain_tool', server: 'media' });
    expect(plain.entry.title).toBeNull();
    expect(plain.entry.icons).toBeUndefined();
    const echo = await rig.rpc<CatalogToolView>('catalog.tool', { toolId: 'echo', server: 'everything' });
    expect(echo.entry.title).toBe('Echo Tool');

    const list = await rig.rpc<CatalogListView>('catalog.list');
    const looks = list.looks!;
    const at = (toolId: string, server: string) =>
      list.entries.toolId.findIndex((id, i) => id === toolId && list.entries.server[i] === server);
    const look = (row: number) => {
      const k = looks.rows.indexOf(row);
      return k < 0
        ? null
        : { title: looks.title[k], icon: looks.icon[k] === null ? null : looks.icons[looks.icon[k]!] };
    };
    expect(look(at('play_chime', 'media'))).toEqual({ title: 'Play a chime', icon: chime.entry.icons![0].src });
    expect(look(at('echo', 'everything'))).toEqual({ title: 'Echo Tool', icon: null });
    expect(look(at('plain_tool', 'media'))).toBeNull();
    expect(looks.icons).toEqual([chime.entry.icons![0].src]);
    expect(looks.rows.length).toBeLessThan(list.entries.toolId.length);
  });
});
