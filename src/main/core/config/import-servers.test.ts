import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSink } from '../events';
import { ConfigStore } from './config-store';
import { importServers, planServerImport } from './import-servers';
import { parseServerImport } from './parse-server-import';

const claudeDesktop = JSON.stringify({
  mcpServers: {
    filesystem: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      env: { DEBUG: '1' },
    },
    remote: { url: 'https://tools.example.com/mcp', headers: { Authorization: 'Bearer ${env:TOOLS_TOKEN}' } },
    legacy: { type: 'sse', url: 'https://old.example.com/sse' },
    cline: { type: 'streamableHttp', url: 'https://cline.example.com', disabled: true, autoApprove: ['x'] },
    'my server!': { command: 'node', args: ['server.js'] },
  },
});

const vscode = `{
  // VS Code mcp.json: JSONC, with inputs
  "inputs": [{ "type": "promptString", "id": "gh-token", "description": "GitHub token", "password": true }],
  "servers": {
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/",
      "headers": { "Authorization": "Bearer \${input:gh-token}", "X-Trace": "\${env:TRACE_ID}" },
    },
    "local": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js"] },
    "everything": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], /* trailing */ },
  },
}`;

describe('parseServerImport', () => {
  it('reads Claude Desktop / Cursor / Cline mcpServers entries, inferring the transport', () => {
    const parsed = parseServerImport(claudeDesktop);
    expect(parsed.format).toBe('mcpServers');
    expect(parsed.entries.map((e) => [e.name, e.config])).toEqual([
      [
        'filesystem',
        {
          name: 'filesystem',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: { DEBUG: '1' },
        },
      ],
      [
        'remote',
        {
          name: 'remote',
          url: 'https://tools.example.com/mcp',
          headers: { Authorization: 'Bearer ${env:TOOLS_TOKEN}' },
        },
      ],
      ['legacy', { name: 'legacy', url: 'https://old.example.com/sse', transport: 'sse' }],
      ['cline', { name: 'cline', url: 'https://cline.example.com', enabled: false }],
      ['my-server', { name: 'my-server', command: 'node', args: ['server.js'] }],
    ]);
    // The CLI's English, and the same as a code for the import preview (issue 20), names verbatim.
    expect(parsed.problems).toEqual([
      {
        server: 'cline',
        path: 'autoApprove',
        message: '"autoApprove" is not supported here; ignored',
        uiMessage: expect.objectContaining({ code: 'import.keyUnsupported', params: { key: 'autoApprove' } }),
      },
      {
        server: 'my server!',
        path: 'name',
        message: '"my server!" is not a valid server name here; imported as "my-server"',
        uiMessage: expect.objectContaining({
          code: 'import.renamed',
          params: { name: 'my server!', newName: 'my-server' },
        }),
      },
    ]);
  });

  it('keeps a peer’s timeout as timeoutMs: seconds below 1000 (Cline), milliseconds above (Claude Code), capped, and says how it read it', () => {
    const parsed = parseServerImport(
      JSON.stringify({
        mcpServers: {
          cline: { command: 'npx', args: ['-y', 'server-memory'], timeout: 60 },
          code: { type: 'http', url: 'https://tools.example.com/mcp', timeout: 30000 },
          huge: { command: 'uvx', args: ['x'], timeout: 3600000 },
          bad: { command: 'node', args: ['s.js'], timeout: 'soon' },
        },
      }),
    );
    expect(parsed.entries.map((e) => [e.name, (e.config as { timeoutMs?: number }).timeoutMs])).toEqual([
      ['cline', 60_000],
      ['code', 30_000],
      ['huge', 600_000],
      ['bad', undefined],
    ]);
    expect(parsed.problems.map((p) => `${p.server}: ${p.message}`)).toEqual([
      'cline: kept as timeoutMs: 60000 (60 read as seconds)',
      'code: kept as timeoutMs: 30000 (30000 read as milliseconds)',
      'huge: kept as timeoutMs: 600000 (3600000 read as milliseconds, capped at 600000)',
      'bad: expected a positive number; ignored',
    ]);
  });

  it('reads VS Code JSONC, reporting ${input:…} and ${workspaceFolder} as unsupported and keeping ${env:…}', () => {
    const parsed = parseServerImport(vscode);
    expect(parsed.format).toBe('vscode');
    expect(parsed.entries.map((e) => e.config)).toEqual([
      { name: 'github', url: 'https://api.githubcopilot.com/mcp/', headers: { 'X-Trace': '${env:TRACE_ID}' } },
      { name: 'everything', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
    ]);
    expect(parsed.problems.map((p) => `${p.server}:${p.path}`)).toEqual([
      'null:inputs',
      'github:headers.Authorization',
      'local:args.0',
    ]);
    expect(parsed.problems[1].message).toContain('${input:gh-token} is not supported');
  });

  it('keeps the OAuth client an entry carries (Claude Code / VS Code `oauth`), and says what it drops', () => {
    const parsed = parseServerImport(
      JSON.stringify({
        mcpServers: {
          tracker: {
            type: 'http',
            url: 'https://tracker.example.com/mcp',
            oauth: {
              clientId: 'sb-desktop',
              clientSecret: '${env:TRACKER_SECRET}',
              scope: 'tickets:read tickets:write',
              callbackPort: 8080,
            },
          },
          robot: {
            url: 'https://robot.example.com/mcp',
            auth: { grant_type: 'client_credentials', client_id: 'bot', private_key: '${env:BOT_KEY}' },
          },
          prompted: { url: 'https://p.example.com/mcp', oauth: { clientId: '${input:client}' } },
          local: { command: 'node', args: ['s.js'], oauth: { clientId: 'x' } },
        },
      }),
    );
    expect(parsed.entries.map((e) => e.config)).toEqual([
      {
        name: 'tracker',
        url: 'https://tracker.example.com/mcp',
        auth: {
          clientId: 'sb-desktop',
          clientSecret: '${env:TRACKER_SECRET}',
          scopes: ['tickets:read', 'tickets:write'],
        },
      },
      {
        name: 'robot',
        url: 'https://robot.example.com/mcp',
        auth: { grant: 'client_credentials', clientId: 'bot', privateKey: '${env:BOT_KEY}' },
      },
      { name: 'prompted', url: 'https://p.example.com/mcp' },
      { name: 'local', command: 'node', args: ['s.js'] },
    ]);
    expect(parsed.problems.map((p) => `${p.server}:${p.path}`)).toEqual([
      'tracker:oauth.callbackPort',
      'prompted:oauth.clientId',
      'local:oauth',
    ]);
    expect(parsed.problems[0].message).toContain('random loopback port');
  });

  it('reports broken input without throwing', () => {
    expect(parseServerImport('{ nope').problems[0].message).toMatch(/^not valid JSON/);
    expect(parseServerImport('{"other": {}}').problems[0].message).toContain('expected an "mcpServers"');
    const bad = parseServerImport(
      '{"mcpServers": {"a": {"url": "ftp://x"}, "b": 3, "c": {"type": "websocket", "url": "ws://x"}}}',
    );
    expect(bad.entries).toEqual([]);
    expect(bad.problems.map((p) => `${p.server}:${p.path}`)).toEqual(['a:url', 'b:', 'c:type']);
  });

  it('strips comments and trailing commas but not comment-like text inside strings', () => {
    const jsonc = parseServerImport(
      '{"servers": {"w": {"type": "http", "url": "http://x//y", /* c */ "headers": {},}, // end\n}}',
    );
    expect(jsonc.entries.map((e) => e.config)).toEqual([expect.objectContaining({ url: 'http://x//y' })]);
  });
});

describe('planServerImport', () => {
  const parsed = parseServerImport(
    JSON.stringify({ mcpServers: { shop: { url: 'http://127.0.0.1:1/mcp' }, fresh: { command: 'node' } } }),
  );
  const existing = ['shop', 'shop-2'];

  it('asks (nothing decided) when a name clashes', () => {
    const plan = planServerImport(parsed, existing, 'ask');
    expect(plan).toMatchObject({
      applied: false,
      conflicts: ['shop'],
      added: ['fresh'],
      skipped: [],
      renamed: [],
      replaced: [],
    });
    expect(plan.servers.map((s) => `${s.name}:${s.action}`)).toEqual(['shop:skip', 'fresh:add']);
  });

  it('skips, renames to the first free name, or replaces', () => {
    expect(planServerImport(parsed, existing, 'skip')).toMatchObject({ skipped: ['shop'], added: ['fresh'] });
    const renamed = planServerImport(parsed, existing, 'rename');
    expect(renamed.renamed).toEqual([{ from: 'shop', to: 'shop-3' }]);
    expect(renamed.servers[0].config.name).toBe('shop-3');
    expect(planServerImport(parsed, existing, 'replace')).toMatchObject({ replaced: ['shop'], added: ['fresh'] });
  });
});

describe('importServers', () => {
  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));
  const events: EventSink = { emit: () => undefined };

  async function store(text: string): Promise<ConfigStore> {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-import-'));
    await writeFile(join(dir, 'switchboard.yaml'), text);
    const s = new ConfigStore({ dataDir: dir, events, defaultConfigText: '', watch: false });
    await s.open();
    return s;
  }

  const initial = `agent:
  mcp:
    servers:
      # the demo shop
      - name: shop
        url: http://127.0.0.1:1/mcp
`;

  it('writes nothing while a clash awaits a decision, then replaces in place and appends, keeping comments', async () => {
    const s = await store(initial);
    const text = JSON.stringify({
      mcpServers: { shop: { url: 'http://127.0.0.1:2/mcp' }, fresh: { command: 'node', args: ['x.js'] } },
    });
    const asked = await importServers(s, text, 'ask');
    expect(asked.applied).toBe(false);
    expect(await readFile(join(dir!, 'switchboard.yaml'), 'utf8')).toBe(initial);

    const done = await importServers(s, text, 'replace');
    expect(done).toMatchObject({ applied: true, replaced: ['shop'], added: ['fresh'] });
    expect(
      s.current().agent.mcp.servers.map((x) => [x.name, 'url' in x ? x.url : 'command' in x ? x.command : x.builtin]),
    ).toEqual([
      ['shop', 'http://127.0.0.1:2/mcp'],
      ['fresh', 'node'],
    ]);
    const written = await readFile(join(dir!, 'switchboard.yaml'), 'utf8');
    expect(written).toContain('# the demo shop');
    expect(written).not.toContain('env: {}');
  });

  it('a dry run reports the plan and writes nothing, even without a clash', async () => {
    const s = await store(initial);
    const preview = await importServers(s, JSON.stringify({ mcpServers: { fresh: { command: 'node' } } }), 'ask', true);
    expect(preview.applied).toBe(false);
    expect(preview.servers.map((x) => [x.name, x.action])).toEqual([['fresh', 'add']]);
    expect(await readFile(join(dir!, 'switchboard.yaml'), 'utf8')).toBe(initial);
    expect(s.current().agent.mcp.servers.map((x) => x.name)).toEqual(['shop']);
  });

  it('creates agent.mcp.servers when the config has none, and renames on request', async () => {
    const s = await store('intents: []\n');
    await importServers(s, JSON.stringify({ mcpServers: { a: { command: 'node' } } }), 'ask');
    const renamed = await importServers(s, JSON.stringify({ mcpServers: { a: { command: 'deno' } } }), 'rename');
    expect(renamed.renamed).toEqual([{ from: 'a', to: 'a-2' }]);
    expect(s.current().agent.mcp.servers.map((x) => x.name)).toEqual(['a', 'a-2']);
  });
});
