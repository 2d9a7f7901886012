import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliDataDir, type CliDataDir } from '../support/cli-in-process';
import { runToolsCall } from '../../src/main/cli/tools-command';
import { EVERYTHING_SERVER } from '../support/mcp';

let cli: CliDataDir;
beforeAll(async () => {
  cli = await cliDataDir('sb-resources-cli-', {
    agent: {
      mcp: {
        servers: [
          { name: 'everything', ...EVERYTHING_SERVER, timeoutMs: 20_000 },
          { name: 'off', command: 'nowhere', enabled: false },
        ],
      },
    },
    intents: [],
    skills: [],
  });
});
afterAll(() => cli.remove());
const run = (...args: string[]) => cli.run(...args);

describe('switchboard resources and prompts against server-everything', () => {
  it('resources list (--json and text) and resources read', async () => {
    const json = await run('resources', 'list', 'everything', '--json');
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.out) as { resources: { uri: string }[]; templates: { uriTemplate: string }[] };
    expect(listed.resources.map((r) => r.uri)).toContain('demo://resource/static/document/features.md');
    expect(listed.templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
    const text = await run('resources', 'list', 'everything');
    expect(text.out).toMatch(/demo:\/\/resource\/static\/document\/features\.md .*\(text\/markdown\)/);
    expect(text.out).toContain('Templates');

    const read = await run('resources', 'read', 'everything', 'demo://resource/dynamic/text/5');
    expect(read.code).toBe(0);
    expect(read.out).toContain('Resource 5');
    const blob = await run('resources', 'read', 'everything', 'demo://resource/dynamic/blob/5', '--json');
    const contents = (JSON.parse(blob.out) as { contents: { blob: string; bytes: number }[] }).contents;
    expect(Buffer.from(contents[0].blob, 'base64').toString()).toContain('Resource 5');
    expect((await run('resources', 'read', 'everything', 'demo://resource/dynamic/blob/5')).out).toMatch(
      /^\[binary text\/plain, \d+ bytes; its base64 is in --json\]$/,
    );
  });

  it('prompts list and prompts get with --args; refusals exit non-zero with the reason', async () => {
    const list = await run('prompts', 'list', 'everything');
    expect(list.out).toContain('args-prompt(city*, state)');
    const got = await run('prompts', 'get', 'everything', 'args-prompt', '--args', '{"city":"Lyon"}', '--json');
    expect(got.code).toBe(0);
    expect(JSON.stringify(JSON.parse(got.out).messages)).toContain('Lyon');
    expect((await run('prompts', 'get', 'everything', 'args-prompt', '--args', '{"city":"Lyon"}')).out).toMatch(
      /^user: .*Lyon/,
    );

    // Checked before anything is sent: a missing required argument, a mistyped prompt, an unknown server.
    const missing = await run('prompts', 'get', 'everything', 'args-prompt');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`args-prompt needs the argument city: pass --args '{"city":"…"}'`);
    const typo = await run('prompts', 'get', 'everything', 'args-prompts', '--args', '{"city":"Lyon"}');
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(
      /^everything offers no prompt "args-prompts" \(did you mean args-prompt\?\); it offers: .*args-prompt/,
    );
    const unknown = await run('prompts', 'list', 'everythng');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no MCP server named "everythng"');
    expect(unknown.err).toContain('(did you mean everything?); it has: everything, off');
  });

  it('catalog --json gains each server’s instructions', async () => {
    const catalog = await run('catalog', '--json');
    const servers = (JSON.parse(catalog.out) as { servers: { name: string; instructions: string | null }[] }).servers;
    expect(servers.find((s) => s.name === 'everything')!.instructions).toContain(
      '# Everything Server – Server Instructions',
    );
    expect(servers.find((s) => s.name === 'off')!.instructions).toBeNull();
  });

  it('tools call --json prints the image as a typed part with its base64, not as a placeholder', async () => {
    const out: string[] = [];
    const code = await runToolsCall(
      'get-tiny-image',
      {
        server: 'everything',
        args: {},
        customer: 'u1001',
        approve: 'none',
        config: cli.config,
        dataDir: cli.dir,
        json: true,
      },
      { stdout: (l) => out.push(l), stderr: () => undefined },
      {},
    );
    expect(code).toBe(0);
    const printed = JSON.parse(out.join('\n')) as {
      content: { type: string; mimeType?: string; data?: string }[];
      item: { parts: unknown[] };
    };
    expect(printed.content.map((c) => c.type)).toEqual(['text', 'image', 'text']);
    expect(printed.content[1]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBORw0KGgo/),
    });
    expect(printed.item.parts).toEqual([expect.objectContaining({ type: 'image', index: 1 })]);
  });
});
