import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP server for provider and agent-loop tests: it answers each request with the next
 * scripted response and records every request, so a test can assert what the SDK really sent.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, otherwise the raw text. */
  body: unknown;
}

export type ScriptedResponse =
  /** Raw SSE frames (each already ends in a blank line), `frameDelayMs` apart on average; `thenHang` keeps the stream open afterwards. */
  | { kind: 'sse'; frames: string[]; frameDelayMs?: number; thenHang?: boolean }
  | { kind: 'json'; status: number; body: unknown }
  /** Accepts the request and never answers: for timeout and abort tests. */
  | { kind: 'hang' };

export type Script = ScriptedResponse[] | ((request: RecordedRequest, index: number) => ScriptedResponse);

export interface ScriptedServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: parseBody(raw),
      };
      const index = requests.push(recorded) - 1;
      void respond(res, nextResponse(script, recorded, index));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hanging responses would otherwise keep close() waiting forever
        server.close(() => resolve());
      }),
  };
}

function nextResponse(script: Script, request: RecordedRequest, index: number): ScriptedResponse {
  if (typeof script === 'function') return script(request, index);
  // Running past the script is a test bug: answer loudly instead of hanging.
  return (
    script[index] ?? {
      kind: 'json',
      status: 500,
      body: { error: { message: `script exhausted at request #${index + 1}` } },
    }
  );
}

async function respond(res: ServerResponse, response: ScriptedResponse): Promise<void> {
  if (response.kind === 'hang') return;
  if (response.kind === 'json') {
    res.writeHead(response.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(response.body));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const started = performance.now();
  for (const [index, frame] of response.frames.entries()) {
    if (res.destroyed) return;
    res.write(frame);
    // Paced on an absolute schedule: a late timer on a busy machine is made up by the next frames, so the
    // stream keeps its rate on average (the UI benchmark streams 5,000 frames at 200 per second).
    const due = started + (index + 1) * (response.frameDelayMs ?? 0);
    if (response.frameDelayMs)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  if (!response.thenHang) res.end();
}

function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One SSE frame; `event` is optional (OpenAI omits it, Anthropic names every event). */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

/** Splits a string into `parts` roughly equal pieces, so tests exercise fragment reassembly. */
export function splitInto(text: string, parts: number): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** An SSE response with its frames `frameDelayMs` apart, as a model streams them. */
export function paced(response: ScriptedResponse, frameDelayMs: number): ScriptedResponse {
  return response.kind === 'sse' ? { ...response, frameDelayMs } : response;
}
