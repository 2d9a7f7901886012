import type { TelemetrySettings } from '../../../shared/config/telemetry-schema';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';
import { setMcpTracing } from '../../../shared/mcp/transport-spans';
import { say } from '../../../shared/messages';
import { OTLP_HEADERS_SECRET, resolveTelemetry, type ResolvedTelemetry } from './telemetry-config';
import type { ExportOutcome, RunningTelemetry } from './telemetry-sdk';
import { telemetryState } from './telemetry';

/** What Settings shows: the effective values and where they came from, header names only, the problems told. */
export interface TelemetryStatus {
  enabled: boolean;
  endpoint: string | null;
  endpointSource: ResolvedTelemetry['endpointSource'];
  protocol: ResolvedTelemetry['protocol'];
  serviceName: string;
  sampler: ResolvedTelemetry['sampler'];
  captureContent: boolean;
  disabled: boolean;
  headerNames: string[];
  /** Which fields the environment sets (they win over Settings). */
  fromEnv: string[];
  lastExport: { signal: string; ok: boolean; at: string; detail?: string } | null;
  problems: { message: UiMessage; at: string }[];
}

export interface TelemetryDeps {
  env: NodeJS.ProcessEnv;
  settings: () => TelemetrySettings | undefined;
  /** The stored OTLP headers (a secret: Settings writes them, nobody reads them back). */
  storedHeaders: () => string | undefined;
  /** Values content must never show (the model's API key). */
  secretValues?: () => string[];
  log: (line: string) => void;
  version?: string;
  /** The SDK module; tests and the bench count on it being imported only here. */
  loadSdk?: () => Promise<typeof import('./telemetry-sdk')>;
}

const MAX_PROBLEMS = 20;
/** Shutting down waits at most this long past the export timeout: a hanging collector never holds an exit. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Starts, restarts and stops the OpenTelemetry SDK from the effective settings. Every problem (a bad variable, a
 * collector that refuses, fails or hangs, a peer's bad traceparent) is told once in the log and kept for Settings.
 */
export class TelemetryService {
  private running: RunningTelemetry | undefined;
  private resolved: ResolvedTelemetry;
  private applied = '';
  private readonly told = new Set<string>();
  private problems: { message: UiMessage; at: string }[] = [];
  private lastExport: TelemetryStatus['lastExport'] = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: TelemetryDeps) {
    this.resolved = this.resolve();
    telemetryState.report = (message) => this.report(message);
  }

  /** Applies the current settings (at start, and after each config or secret change); resolves once applied. */
  apply(): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyNow())
      .catch((error: unknown) => this.report(say('telemetry.startFailed', { detail: errorWords(error) })));
    return this.queue;
  }

  status(): TelemetryStatus {
    const r = this.resolved;
    const env = this.deps.env;
    const fromEnv = [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_SERVICE_NAME',
      'OTEL_SDK_DISABLED',
      'OTEL_TRACES_SAMPLER',
      'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT',
    ].filter((name) => env[name]?.trim());
    return {
      enabled: Boolean(this.running),
      endpoint: r.endpoint,
      endpointSource: r.endpointSource,
      protocol: r.protocol,
      serviceName: r.serviceName,
      sampler: r.sampler,
      captureContent: r.captureContent,
      disabled: r.disabled,
      headerNames: Object.keys(r.headers),
      fromEnv,
      lastExport: this.lastExport,
      problems: [...this.problems],
    };
  }

  /** One span to the configured collector, answered with that export's outcome. */
  async sendTestSpan(): Promise<{ ok: boolean; traceId?: string; message?: UiMessage }> {
    const config = this.resolve();
    if (config.disabled) return { ok: false, message: say('telemetry.disabled') };
    if (!config.tracesUrl) return { ok: false, message: config.problems[0] ?? say('telemetry.notConfigured') };
    const { sendTestSpan } = await this.sdk();
    const result = await sendTestSpan(config, this.deps.version);
    if (result.ok) return { ok: true, traceId: result.traceId };
    const message = say('telemetry.exportFailed', {
      signal: 'traces',
      endpoint: config.tracesUrl,
      detail: result.detail ?? 'unknown',
    });
    this.report(message);
    return { ok: false, traceId: result.traceId, message };
  }

  /** Sends what is buffered (the CLI before it exits), bounded by the export timeout. */
  async flush(): Promise<void> {
    await this.queue;
    if (this.running) await bounded(this.running.flush(), this.resolved.timeoutMs + CLOSE_GRACE_MS);
  }

  async close(): Promise<void> {
    await this.queue;
    const running = this.running;
    this.running = undefined;
    this.off();
    if (running)
      await bounded(
        running.flush().then(() => running.shutdown()),
        this.resolved.timeoutMs + CLOSE_GRACE_MS,
      );
    telemetryState.report = undefined;
  }

  /** Told once per distinct message: in the log, and on the Settings page. */
  report(message: UiMessage): void {
    const key = `${message.code}:${JSON.stringify(message.params ?? {})}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    this.problems = [...this.problems, { message, at: new Date().toISOString() }].slice(-MAX_PROBLEMS);
    this.deps.log(`[telemetry] ${message.text}`);
  }

  private resolve(): ResolvedTelemetry {
    return resolveTelemetry(this.deps.env, this.deps.settings(), this.deps.storedHeaders());
  }

  private async applyNow(): Promise<void> {
    const config = this.resolve();
    this.resolved = config;
    for (const problem of config.problems) this.report(problem);
    const key = config.enabled ? JSON.stringify({ ...config, problems: undefined }) : '';
    if (key === this.applied) return;
    const previous = this.running;
    this.running = undefined;
    this.off();
    if (previous) await bounded(previous.shutdown(), config.timeoutMs + CLOSE_GRACE_MS);
    this.applied = key;
    if (!config.enabled) return;
    const { startTelemetrySdk } = await this.sdk();
    this.running = await startTelemetrySdk(config, this.deps.version, (outcome) => this.onExport(outcome));
    telemetryState.captureContent = config.captureContent;
    telemetryState.secrets = [...Object.values(config.headers), ...(this.deps.secretValues?.() ?? [])].filter(
      (v) => v.length >= 8,
    );
    telemetryState.generation += 1;
    telemetryState.on = true;
    setMcpTracing(true, true);
  }

  private off(): void {
    telemetryState.on = false;
    telemetryState.generation += 1;
    setMcpTracing(false);
  }

  private onExport(outcome: ExportOutcome): void {
    this.lastExport = {
      signal: outcome.signal,
      ok: outcome.ok,
      at: new Date().toISOString(),
      ...(outcome.detail && { detail: outcome.detail }),
    };
    if (!outcome.ok)
      this.report(
        say('telemetry.exportFailed', {
          signal: outcome.signal,
          endpoint: outcome.url,
          detail: outcome.detail ?? 'unknown',
        }),
      );
  }

  private sdk(): Promise<typeof import('./telemetry-sdk')> {
    return (this.deps.loadSdk ?? (() => import('./telemetry-sdk')))();
  }
}

/** `work`, or give up waiting after `ms` (the work goes on in the background; nothing waits on it). */
function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

export { OTLP_HEADERS_SECRET };
