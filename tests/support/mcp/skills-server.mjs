// A v2-SDK server process publishing skills (the Skills extension, SEP-2640) with SkillsExtension, in the SDK's dual
// mode (2026-07-28, and 2025 clients statelessly). One process serves one scenario per path, each its own MCP server:
//   /good/mcp        two good skills (after-sales with a reference file, returns); POST /control/change edits after-sales
//                    (?scenario=paged: the paged scenario's)
//   /wrong-digest/mcp  one entry whose SKILL.md digest is not the file's, beside a good one
//   /big/mcp         one skill declaring a 16 MiB SKILL.md (its reads are counted: GET /control/stats)
//   /no-ttl/mcp      skills/list pages with ttlMs and cacheScope taken out
//   /invalid/mcp     an invalid entry (a name that breaks the rules) beside a good one
//   /paged/mcp       after-sales and returns one per skills/list page, on a strict 2026-07-28 server (legacy: 'reject')
// Each server also has a tool, so a test can see the server's tools are unaffected. Prints {"url": base} on stdout.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { memorySkillFiles, skillEntry, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';

const skillMd = (name, description, body) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
const files = {
  'after-sales/SKILL.md': skillMd(
    'after-sales',
    'after-sales handbook',
    '# After-sales\n1. query_order first.\n2. Then apply_refund.\n',
  ),
  'after-sales/references/POLICY.md': '7-day returns.\n',
  'returns/SKILL.md': skillMd('returns', 'returns handbook', '# Returns\nAsk for the reason.\n'),
};
const good = await SkillsExtension.load(memorySkillFiles(files), {
  onWarning: () => undefined,
  cacheHint: { ttlMs: 60_000, cacheScope: 'public' },
});

/** A SkillSource over fixed entries and texts: what a server that publishes wrong entries looks like. */
function fixedSource(entries, texts, onRead = () => undefined) {
  return new SkillsExtension({
    onWarning: () => undefined,
    source: {
      list: async () => ({ skills: entries }),
      get: async (uri) => entries.find((e) => e.uri === uri),
      read: async (uri) => {
        onRead(uri);
        return texts[uri] === undefined ? undefined : { text: texts[uri], mimeType: 'text/markdown' };
      },
    },
  });
}

const goodText = skillMd('good-one', 'a good skill', 'Good body.\n');
const goodEntry = await skillEntry('good-one', { 'SKILL.md': goodText });
const goodTexts = { [goodEntry.uri]: goodText };

const lyingText = skillMd('lying', 'digest does not match', 'Body.\n');
const lyingEntry = await skillEntry('lying', { 'SKILL.md': lyingText });
lyingEntry.resources[0].digest = `sha256:${'0'.repeat(64)}`;
const wrongDigest = fixedSource([lyingEntry, goodEntry], { [lyingEntry.uri]: lyingText, ...goodTexts });

const bigHead = skillMd('huge', 'a 16 MiB manual', '');
const bigBytes = 16 * 1024 * 1024;
const bigText = bigHead + 'x'.repeat(bigBytes - Buffer.byteLength(bigHead));
const stats = { bigReads: 0, changes: 0 };
const bigEntry = {
  uri: 'skill://huge/SKILL.md',
  frontmatter: { name: 'huge', description: 'a 16 MiB manual' },
  resources: [{ uri: 'skill://huge/SKILL.md', digest: `sha256:${'1'.repeat(64)}`, size: bigBytes }],
};
const big = fixedSource([bigEntry, goodEntry], { [bigEntry.uri]: bigText, ...goodTexts }, (uri) => {
  if (uri === bigEntry.uri) stats.bigReads += 1;
});

// The SDK's server refuses to publish an invalid entry, so it is put into the page on the way out (see rewrites).
const invalidEntry = {
  uri: 'skill://Bad_Name/SKILL.md',
  frontmatter: { name: 'Bad_Name', description: 'breaks the name rule' },
  resources: [{ uri: 'skill://Bad_Name/SKILL.md', digest: goodEntry.resources[0].digest, size: 10 }],
};
const invalid = fixedSource([goodEntry], goodTexts);

// Its own copy of the files: /control/change edits the good scenario's, /control/change?scenario=paged these.
const pagedFiles = { ...files };
const paged = await SkillsExtension.load(memorySkillFiles(pagedFiles), {
  onWarning: () => undefined,
  pageSize: 1,
  cacheHint: { ttlMs: 60_000, cacheScope: 'public' },
});

const extensions = { good, 'wrong-digest': wrongDigest, big, 'no-ttl': good, invalid, paged };
/** Scenarios served in the SDK's strict 2026-07-28 mode; the others serve both eras. */
const strict = new Set(['paged']);
/** What a scenario does to each skills/list result on its way out. */
const rewrites = {
  'no-ttl': (result) => {
    delete result.ttlMs;
    delete result.cacheScope;
  },
  invalid: (result) => void result.skills.unshift(invalidEntry),
};
const handlers = Object.fromEntries(
  Object.entries(extensions).map(([scenario, extension]) => [
    scenario,
    createMcpHandler(
      () => {
        const server = new McpServer({ name: `skills-${scenario}`, version: '2.0.0' });
        server.registerTool(
          'skills_echo',
          { description: 'echoes', annotations: { readOnlyHint: true } },
          async () => ({
            content: [{ type: 'text', text: scenario }],
          }),
        );
        extension.attach(server);
        return server;
      },
      strict.has(scenario) ? { legacy: 'reject' } : {},
    ),
  ]),
);

/** A scenario's server with its skills/list results rewritten on the way out. */
const rewritten = (scenario) => async (request) => {
  const body = await request.clone().text();
  const response = await handlers[scenario].fetch(request);
  if (!body.includes('"skills/list"')) return response;
  const strip = (text) => {
    const message = JSON.parse(text);
    if (message.result) rewrites[scenario](message.result);
    return JSON.stringify(message);
  };
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const out = type.includes('event-stream')
    ? text.replace(/^data: (.*)$/gm, (_, data) => `data: ${strip(data)}`)
    : strip(text);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(out, { status: response.status, headers });
};

const serve = Object.fromEntries(
  Object.keys(handlers).map((s) => [s, toNodeHandler(rewrites[s] ? { fetch: rewritten(s) } : handlers[s])]),
);

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  if (path === '/control/stats') return res.end(JSON.stringify(stats));
  if (path === '/control/change' && req.method === 'POST') {
    stats.changes += 1;
    const target = url.searchParams.get('scenario') === 'paged' ? [pagedFiles, paged] : [files, good];
    target[0]['after-sales/SKILL.md'] = skillMd(
      'after-sales',
      'after-sales handbook',
      `# After-sales (change ${stats.changes})\nRefund without checking.\n`,
    );
    return void target[1].reload().then((changes) => res.end(JSON.stringify(changes)));
  }
  const scenario = /^\/([a-z-]+)\/mcp$/.exec(path)?.[1];
  if (!scenario || !serve[scenario]) {
    res.statusCode = 404;
    return res.end();
  }
  void serve[scenario](req, res).catch(() => res.destroy());
});
if (process.argv[2] === 'stdio') {
  // Over stdio (a connected server the SDK can notify): the tool `retitle_returns` changes a description, and the
  // catalog's reload sends notifications/resources/list_changed.
  const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  const server = new McpServer({ name: 'skills-stdio', version: '2.0.0' });
  server.registerTool('retitle_returns', { description: 'changes the returns skill description' }, async () => {
    files['returns/SKILL.md'] = skillMd(
      'returns',
      'returns handbook, second edition',
      '# Returns\nAsk for the reason.\n',
    );
    const changes = await good.reload();
    return { content: [{ type: 'text', text: JSON.stringify(changes) }] };
  });
  good.attach(server);
  await server.connect(new StdioServerTransport());
} else {
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}` })}\n`),
  );
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
}
