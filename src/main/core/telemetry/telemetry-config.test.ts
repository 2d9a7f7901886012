import { describe, expect, it } from 'vitest';
import { maskedContent } from './content';
import { parseOtlpHeaders, resolveTelemetry } from './telemetry-config';

describe('resolveTelemetry', () => {
  it('is off without an endpoint, and costs nothing to ask', () => {
    expect(resolveTelemetry({}, undefined, undefined)).toMatchObject({ enabled: false, tracesUrl: null, problems: [] });
  });

  it('each standard variable wins over its Settings field', () => {
    const settings = {
      endpoint: 'http://settings:4318',
      protocol: 'http/json' as const,
      serviceName: 'from-settings',
      captureContent: true,
    };
    const fromSettings = resolveTelemetry({}, settings, 'a=1');
    expect(fromSettings).toMatchObject({
      enabled: true,
      endpointSource: 'settings',
      tracesUrl: 'http://settings:4318/v1/traces',
      metricsUrl: 'http://settings:4318/v1/metrics',
      protocol: 'http/json',
      serviceName: 'from-settings',
      captureContent: true,
      headers: { a: '1' },
    });
    const fromEnv = resolveTelemetry(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://env:4318/',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_SERVICE_NAME: 'env',
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'false',
        OTEL_EXPORTER_OTLP_HEADERS: 'b=2',
      },
      settings,
      'a=1',
    );
    expect(fromEnv).toMatchObject({
      endpointSource: 'env',
      tracesUrl: 'http://env:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'env',
      captureContent: false,
      headers: { b: '2' },
    });
  });

  it('OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none switch it off; bad values fall back and are said', () => {
    expect(
      resolveTelemetry(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' },
        undefined,
        undefined,
      ).enabled,
    ).toBe(false);
    expect(
      resolveTelemetry(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' },
        undefined,
        undefined,
      ).enabled,
    ).toBe(false);
    const bad = resolveTelemetry(
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://c', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_TRACES_SAMPLER: 'often' },
      undefined,
      undefined,
    );
    expect(bad).toMatchObject({ enabled: false, protocol: 'http/protobuf', sampler: 'parentbased_always_on' });
    expect(bad.problems.map((p) => p.code)).toEqual([
      'telemetry.badEndpoint',
      'telemetry.badProtocol',
      'telemetry.badSampler',
    ]);
  });
});

describe('parseOtlpHeaders', () => {
  it('takes URL-encoded key=value pairs and tells each bad entry by position, never by value', () => {
    const problems: { code: string; text: string }[] = [];
    const headers = parseOtlpHeaders(
      'authorization=Bearer%20abc,,novalue-secret,bad name=x,x=%E0%A4%A,ok=a=b',
      problems as never,
    );
    expect(headers).toEqual({ authorization: 'Bearer abc', ok: 'a=b' });
    expect(problems.map((p) => p.text)).toEqual([
      'OTEL_EXPORTER_OTLP_HEADERS entry 3 is not key=value with a valid name (no "="); it is not sent',
      'OTEL_EXPORTER_OTLP_HEADERS entry 4 is not key=value with a valid name ("bad name" is not a header name); it is not sent',
      'OTEL_EXPORTER_OTLP_HEADERS entry 5 is not key=value with a valid name (bad percent-encoding); it is not sent',
    ]);
    expect(JSON.stringify(problems)).not.toContain('secret');
  });
});

describe('maskedContent', () => {
  it('masks values under secret-named keys and known secret values, wherever they are', () => {
    const text = maskedContent(
      { orderNo: 'BS1', password: 'hunter2!!', nested: { apiKey: 'k', note: 'my key is sk-live-0123456789' } },
      ['sk-live-0123456789'],
    );
    expect(JSON.parse(text)).toEqual({
      orderNo: 'BS1',
      password: '••••',
      nested: { apiKey: '••••', note: 'my key is ••••' },
    });
  });
  it('caps what a span keeps', () => {
    expect(maskedContent('x'.repeat(20_000)).length).toBe(16_385);
  });
});
