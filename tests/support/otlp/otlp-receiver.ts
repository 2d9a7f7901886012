import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeOtlpProtobuf } from './otlp-protobuf';

/** One span as a test reads it: ids in hex, attributes flattened, the resource's service.name. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  statusCode: number;
  service: string;
}

export type ReceiverMode = 'ok' | 'fail500' | 'hang';

/**
 * An OTLP/HTTP collector in the test process, on 127.0.0.1:0: takes /v1/traces and /v1/metrics as http/json or
 * http/protobuf, or answers 500, or never answers (`mode`).
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly metricNames = new Set<string>();
  readonly requests: { path: string; contentType: string; headers: IncomingMessage['headers'] }[] = [];
  mode: ReceiverMode = 'ok';
  private readonly sockets = new Set<Socket>();
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(mode: ReceiverMode = 'ok'): Promise<OtlpReceiver> {
    const server = createServer();
    const receiver = new OtlpReceiver(server);
    receiver.mode = mode;
    server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.once('close', () => receiver.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const contentType = String(req.headers['content-type'] ?? '');
        receiver.requests.push({ path: req.url ?? '', contentType, headers: req.headers });
        if (receiver.mode === 'hang') return; // never answers
        if (receiver.mode === 'fail500') {
          res.writeHead(500, { 'content-type': 'text/plain' });
          return res.end('collector is broken');
        }
        try {
          receiver.take(req.url ?? '', contentType, Buffer.concat(chunks));
          res.writeHead(200, {
            'content-type': contentType.includes('json') ? 'application/json' : 'application/x-protobuf',
          });
          res.end(contentType.includes('json') ? '{}' : '');
        } catch (error) {
          res.writeHead(400);
          res.end(String(error));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `check` holds (checked after each request), or fails after `ms`. */
  async waitFor(check: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(
          `OTLP receiver: condition not met within ${ms} ms (${this.spans.length} spans, metrics: ${[...this.metricNames].join(', ')})`,
        );
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(path: string, contentType: string, body: Buffer): void {
    const kind = path.startsWith('/v1/metrics') ? 'metrics' : 'traces';
    const payload = contentType.includes('json')
      ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>)
      : decodeOtlpProtobuf(kind, body);
    if (kind === 'traces') this.spans.push(...spansOf(payload));
    else for (const name of metricNamesOf(payload)) this.metricNames.add(name);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

function valueOf(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

function spansOf(payload: Record<string, unknown>): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of (payload.resourceSpans as {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { spans?: Record<string, unknown>[] }[];
  }[]) ?? []) {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
    for (const ss of rs.scopeSpans ?? [])
      for (const span of ss.spans ?? [])
        out.push({
          traceId: String(span.traceId ?? ''),
          spanId: String(span.spanId ?? ''),
          parentSpanId: String(span.parentSpanId ?? ''),
          name: String(span.name),
          kind: Number(span.kind ?? 0),
          attributes: attributesOf(span.attributes as KeyValue[]),
          statusCode: Number((span.status as { code?: number } | undefined)?.code ?? 0),
          service,
        });
  }
  return out;
}

function metricNamesOf(payload: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const rm of (payload.resourceMetrics as { scopeMetrics?: { metrics?: { name: string }[] }[] }[]) ?? [])
    for (const sm of rm.scopeMetrics ?? []) for (const metric of sm.metrics ?? []) names.push(metric.name);
  return names;
}
