// A stdio MCP server for tests of what server-everything does not send: a tool with a title and icons (an inline
// PNG, plus a remote URL and a non-image the console must not show), and an audio result (a real WAV). Plain JS so
// the child needs no TypeScript loader.
import { crc32, deflateSync } from 'node:zlib';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

/** A 16×16 PNG of one colour. */
function png(r, g, b) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 16 }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 16 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A quarter second of a 440 Hz tone: 8 kHz, 8-bit mono PCM WAV. */
function wav() {
  const rate = 8000;
  const samples = Buffer.from(
    Array.from({ length: rate / 4 }, (_, i) => Math.round(128 + 100 * Math.sin((2 * Math.PI * 440 * i) / rate))),
  );
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28); // bytes per second
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36);
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

const CHIME_ICON = `data:image/png;base64,${png(0x2a, 0x7a, 0xe2).toString('base64')}`;
const tools = [
  {
    name: 'play_chime',
    title: 'Play a chime',
    description: 'Returns a short tone as audio',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    icons: [
      { src: 'https://icons.example.invalid/chime.png', mimeType: 'image/png' },
      { src: CHIME_ICON, mimeType: 'image/png', sizes: ['16x16'] },
      { src: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
    ],
  },
  {
    name: 'plain_tool',
    description: 'No title, no icons',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
];

const server = new Server({ name: 'media-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', () => ({ tools }));
server.setRequestHandler('tools/call', (request) => {
  if (request.params.name === 'play_chime')
    return {
      content: [
        { type: 'text', text: 'Here is a chime.' },
        { type: 'audio', mimeType: 'audio/wav', data: wav().toString('base64') },
      ],
    };
  return { content: [{ type: 'text', text: 'plain' }] };
});
await server.connect(new StdioServerTransport());
