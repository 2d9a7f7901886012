import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { minimalChildEnv } from './child-env';
import { describeError } from './describe-error';
import { serverConfigSchema } from '../../../shared/config/schema';
import { expandEnvRefs, normalizeServerUrl, refuseUnsendable, ServerConfigError } from './server-endpoint';
import { buildTransport } from './transport-factory';

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

describe('values that cannot be sent', () => {
  it('refuses a header value with a line break or NUL inside it, by name; fetch strips only the outer whitespace', () => {
    expect(() => refuseUnsendable({ A: ' ok\t', B: 'x\r\ny', C: 'fine\n', D: 'a\0b' }, 'header')).toThrow(
      new ServerConfigError(
        'the value of headers "B", "D" holds a line break or NUL character, which HTTP does not allow (check it and any ${env:…} it uses)',
      ),
    );
    expect(() => refuseUnsendable({ A: 'line\nbreak' }, 'env')).not.toThrow();
    expect(() => refuseUnsendable({ A: 'nul\0' }, 'env')).toThrow(/environment variable "A" holds a NUL/);
  });

  it('a variable with a line break in a header fails the connect with the header named and the secret unquoted', async () => {
    const server = serverConfigSchema.parse({
      name: 'remote',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer ${env:TOKEN}' },
    });
    const env = { TOKEN: 'sk-live-0123456789\r\nX-Injected: 1' };
    const error = await buildTransport(server, { env }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ServerConfigError);
    expect(String(error)).toContain('header "Authorization"');
    expect(String(error)).not.toContain('sk-live');
    // Without the line break the same config builds its transport.
    await expect(buildTransport(server, { env: { TOKEN: 'sk-live-0123456789\n' } })).resolves.toMatchObject({
      kind: 'streamable-http',
    });
  });

  it('a stdio variable holding NUL is refused before anything is spawned', async () => {
    const server = serverConfigSchema.parse({ name: 'local', command: 'node', env: { KEY: '${env:K}' } });
    await expect(buildTransport(server, { env: { K: 'a\0b' } })).rejects.toThrow(/environment variable "KEY"/);
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
