import { describe, expect, it } from 'vitest';
import { traceLink } from './trace-link';

describe('traceLink', () => {
  const ids = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
  it('fills the template (Jaeger, Tempo with a span)', () => {
    expect(traceLink('http://localhost:16686/trace/{traceId}', ids)).toBe(
      'http://localhost:16686/trace/0af7651916cd43dd8448eb211c80319c',
    );
    expect(traceLink('https://tempo.example/t/{traceId}?span={spanId}', ids)).toBe(
      'https://tempo.example/t/0af7651916cd43dd8448eb211c80319c?span=b7ad6b7169203331',
    );
  });
  it('no link without a template, ids or {traceId}, or past the URL gate', () => {
    expect(traceLink(undefined, ids)).toBeNull();
    expect(traceLink('https://x.example/{traceId}', {})).toBeNull();
    expect(traceLink('https://x.example/fixed', ids)).toBeNull();
    expect(traceLink('http://jaeger.corp.example/trace/{traceId}', ids)).toBeNull();
    expect(traceLink('javascript:alert(1)//{traceId}', ids)).toBeNull();
  });
});
