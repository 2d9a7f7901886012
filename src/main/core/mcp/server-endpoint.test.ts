import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { minimalChildEnv } from './child-env';
import { describeError } from './describe-error';
import { expandEnvRefs, normalizeServerUrl, ServerConfigError } from './server-endpoint';

describe('normalizeServerUrl', () => {
  it.each([
    ['http://localhost:9099', 'http://localhost:9099/mcp'],
    ['http://localhost:9099/', 'http://localhost:9099/mcp'],
    ['http://localhost:9099/mcp', 'http://localhost:9099/mcp'],
    ['http://localhost:9099/mcp/', 'http://localhost:9099/mcp'],
    ['https://tools.example.com/api//', 'https://tools.example.com/api/mcp'],
    ['https://tools.example.com/api?key=1', 'https://tools.example.com/api/mcp?key=1'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });
});

describe('expandEnvRefs', () => {
  it('expands every reference and leaves other text alone', () => {
    expect(
      expandEnvRefs(
        { 'headers.Authorization': 'Bearer ${env:TOKEN}', url: 'http://${env:HOST}:1/$HOME' },
        { TOKEN: 't', HOST: 'h' },
      ),
    ).toEqual({
      'headers.Authorization': 'Bearer t',
      url: 'http://h:1/$HOME',
    });
  });

  it('names every missing variable and where it is used', () => {
    expect(() => expandEnvRefs({ 'env.A': '${env:ONE}', 'env.B': 'x${env:TWO}y' }, {})).toThrow(
      new ServerConfigError('environment variables not set: ONE (used in env.A), TWO (used in env.B)'),
    );
  });
});

describe('minimalChildEnv', () => {
  const host = { PATH: '/bin', HOME: '/home/op', OPENAI_API_KEY: 'sk-x', SYSTEMROOT: 'C:\\Windows' };
  it('keeps PATH and HOME plus the entry env on POSIX', () => {
    expect(minimalChildEnv(host, { OWN: '1' }, 'linux')).toEqual({ PATH: '/bin', HOME: '/home/op', OWN: '1' });
  });
  it('keeps the system variables Windows programs need', () => {
    expect(minimalChildEnv(host, {}, 'win32')).toEqual({ PATH: '/bin', SYSTEMROOT: 'C:\\Windows' });
  });
});

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('describeError', () => {
  it('adds the hidden cause of a fetch failure and the status of an HTTP error', () => {
    expect(describeError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }))).toBe(
      'fetch failed: connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(describeError(Object.assign(new Error('Error POSTing to endpoint: nope'), { code: 401 }))).toBe(
      'HTTP 401: Error POSTing to endpoint: nope',
    );
  });
});
