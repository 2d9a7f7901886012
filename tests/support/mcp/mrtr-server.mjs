// A v2-SDK server whose tools ask for input through multi-round-trip requests (MRTR, 2026-07-28), run as a child.
// Modes (argv[2]):
//   strict  HTTP, 2026-07-28 only (createMcpHandler with legacy: 'reject');
//   dual    HTTP, 2026-07-28 plus a sessionful 2025 Streamable HTTP leg (isLegacyRequest routing, the SDK's pattern),
//           where the SDK turns the same tools' input requests into elicitation/create, sampling/createMessage, roots/list;
//   stdio   serveStdio (both eras: the opening picks one);
//   default HTTP, the SDK's default createMcpHandler: 2026-07-28, and 2025 served statelessly (no server-to-client requests).
// HTTP modes print {"url": ...} once listening on 127.0.0.1:0. With MRTR_RECORD set, what the server saw is appended there
// as JSON lines: tool starts and ends, a call's abort, notifications/cancelled, session DELETEs.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  inputRequired,
  inputResponse,
  isLegacyRequest,
  McpServer,
  UrlElicitationRequiredError,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

const mode = ['strict', 'dual', 'stdio', 'default'].includes(process.argv[2]) ? process.argv[2] : 'dual';
const record = (entry) =>
  process.env.MRTR_RECORD &&
  appendFileSync(process.env.MRTR_RECORD, `${JSON.stringify({ ...entry, at: Date.now() })}\n`);
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const factory = () => {
  /** The -32042 tool answers once per instance (a 2025 session's) with the error, then (the page opened) with a result. */
  let urlRequiredSent = 0;
  const server = new McpServer({ name: `mrtr-${mode}`, version: '2.0.0' });

  server.registerTool(
    'confirm_order',
    { description: 'places order #42 once the user confirms it in a form (with their PIN)' },
    async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      if (answer.kind === 'missing')
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: 'Place order #42 for 3 mugs?',
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Confirm' }, pin: { type: 'string', title: 'PIN' } },
                required: ['confirm', 'pin'],
              },
            }),
          },
        });
      if (answer.kind !== 'elicit' || answer.action !== 'accept')
        return text(`order not placed: the user chose ${answer.kind === 'elicit' ? answer.action : answer.kind}`);
      return text(
        `order placed: confirm=${answer.content?.confirm}, pin of ${String(answer.content?.pin ?? '').length} digits received`,
      );
    },
  );

  server.registerTool('ask_model', { description: 'asks the client’s model to summarize order #42' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'summary');
    if (answer.kind === 'missing')
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Summarize order #42 in five words' } }],
            maxTokens: 32,
          }),
        },
      });
    if (answer.kind !== 'sampling') return text(`no summary: ${answer.kind}`);
    const content = Array.isArray(answer.result.content) ? answer.result.content[0] : answer.result.content;
    return text(`the model said: ${content?.type === 'text' ? content.text : '(not text)'}`);
  });

  server.registerTool('workspace_roots', { description: 'lists the client’s roots' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
    if (answer.kind === 'missing') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    return text(`roots: ${answer.kind === 'roots' ? answer.roots.map((r) => r.uri).join(' ') : answer.kind}`);
  });

  // Never satisfied: every answer earns another question. The client must give up, not loop for ever.
  server.registerTool('nag', { description: 'asks again whatever the answer' }, async (ctx) => {
    const round = Number(ctx.mcpReq.requestState?.() ?? 0) + 1;
    record({ event: 'nag', round });
    return inputRequired({
      requestState: String(round),
      inputRequests: {
        again: inputRequired.elicit({
          message: `Are you sure? (round ${round})`,
          requestedSchema: { type: 'object', properties: { sure: { type: 'boolean', default: true } } },
        }),
      },
    });
  });

  // 2026-07-28: URL elicitation rides MRTR. The page is checked by the client's URL gate like a 2025 URL question.
  const pageTool = (name, url) =>
    server.registerTool(name, { description: `needs the user to open ${url}` }, async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'page');
      if (answer.kind === 'missing')
        return inputRequired({
          inputRequests: { page: inputRequired.elicitUrl({ message: 'Connect your account', url }) },
        });
      return text(`page answer: ${answer.kind === 'elicit' ? answer.action : answer.kind}`);
    });
  pageTool('open_page', 'https://auth.example.com/connect?x=1');
  pageTool('open_local_file', 'file:///etc/passwd');

  // 2025-11-25's way: -32042 on the first call, a result once the user opened the page.
  server.registerTool('needs_url', { description: 'answers -32042 until the page was opened' }, async () => {
    if (urlRequiredSent++ === 0)
      throw new UrlElicitationRequiredError([
        {
          mode: 'url',
          message: 'Authorize the shop',
          url: 'https://auth.example.com/authorize',
          elicitationId: randomUUID(),
        },
      ]);
    return text('authorized, thank you');
  });

  // Runs until cancelled (or 60 s): what the server saw tells whether a client's Ctrl-C reached it.
  /** A minute's work unless the request is cancelled; what happened is recorded as slow-started, slow-finished|aborted. */
  const slowly = async (ctx) => {
    record({ event: 'slow-started', requestId: ctx.mcpReq.id });
    const finished = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('finished'), 60_000);
      ctx.mcpReq.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve('aborted');
      });
    });
    record({ event: `slow-${finished}`, requestId: ctx.mcpReq.id });
    return `slow ${finished}`;
  };
  server.registerTool('slow', { description: 'works for a minute unless cancelled' }, async (ctx) =>
    text(await slowly(ctx)),
  );
  server.registerPrompt('slow_prompt', { description: 'takes a minute unless cancelled' }, async (ctx) => ({
    messages: [{ role: 'user', content: { type: 'text', text: await slowly(ctx) } }],
  }));

  // prompts/get is a multi-round-trip method too: the prompt asks whom the letter is for.
  server.registerPrompt('letter', { description: 'a letter to whoever the user names' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'to');
    if (answer.kind === 'missing')
      return inputRequired({
        inputRequests: {
          to: inputRequired.elicit({
            message: 'Who is the letter for?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', title: 'Name' } },
              required: ['name'],
            },
          }),
        },
      });
    const to = answer.kind === 'elicit' && answer.action === 'accept' ? answer.content?.name : 'nobody';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Write a letter to ${to}` } }] };
  });

  return server;
};

if (mode === 'stdio') {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(factory);
} else {
  const modern = createMcpHandler(factory, mode === 'default' ? {} : { legacy: 'reject' });
  /** 2025 sessions (dual mode): one transport and server instance per Mcp-Session-Id. */
  const sessions = new Map();
  const legacy = async (request, parsedBody) => {
    const id = request.headers.get('mcp-session-id');
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      if (parsedBody?.method !== 'initialize') return new Response('unknown session', { status: 404 });
      transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
        onsessionclosed: (sid) => void sessions.delete(sid),
      });
      await factory().connect(transport);
    }
    return transport.handleRequest(request, { parsedBody });
  };
  const composite = {
    async fetch(request) {
      if (request.method === 'DELETE') record({ event: 'delete', session: request.headers.get('mcp-session-id') });
      const body =
        request.method === 'POST'
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
      for (const message of Array.isArray(body) ? body : [body])
        if (message?.method === 'notifications/cancelled')
          record({
            event: 'cancelled-notification',
            requestId: message.params?.requestId,
            reason: message.params?.reason,
          });
      if (mode === 'dual' && (await isLegacyRequest(request, body))) return legacy(request, body);
      return modern.fetch(request, body === undefined ? undefined : { parsedBody: body });
    },
  };
  const serve = toNodeHandler(composite);
  const http = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`),
  );
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
}
