import { describe, expect, it } from 'vitest';
import { say } from '../../shared/messages';
import { Conflict, Invalid, InvalidConfig, NotFound, Unavailable } from '../core/errors';
import { createRouter, type Handlers } from './router';

const snapshot = {
  path: '/x/switchboard.yaml',
  dataDir: '/x',
  raw: '',
  config: {},
  problems: [],
  fileOk: true,
  revision: 1,
};

function makeRouter(overrides: Partial<Handlers> = {}, maxPayloadBytes?: number) {
  const handlers = {
    'config.get': () => snapshot,
    'config.save': ({ raw }: { raw: string }) => ({ ...snapshot, raw }),
    ...overrides,
  } as Handlers;
  return createRouter(handlers, { maxPayloadBytes, validateOutput: true });
}

describe('router', () => {
  it('parses input and returns the handler data', async () => {
    const result = await makeRouter()('config.save', { raw: 'a: 1' }, { transport: 'internal' });
    expect(result).toEqual({ ok: true, data: { ...snapshot, raw: 'a: 1' } });
  });

  it('applies input defaults (config.get without input)', async () => {
    const result = await makeRouter()('config.get', undefined, { transport: 'internal' });
    expect(result.ok).toBe(true);
  });

  it('refuses wrong input types with bad_request and the field path', async () => {
    const result = await makeRouter()('config.save', { raw: 42 }, { transport: 'internal' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bad_request');
    expect(result.error.message).toContain('raw');
    expect(result.error.details).toEqual([expect.objectContaining({ path: 'raw' })]);
  });

  it('refuses unknown keys (strict inputs)', async () => {
    const result = await makeRouter()('config.save', { raw: '', evil: true }, { transport: 'internal' });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('refuses an unknown route, including prototype keys', async () => {
    for (const route of ['nope.route', '__proto__', 'constructor', 42, null]) {
      const result = await makeRouter()(route, {}, { transport: 'internal' });
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    }
  });

  it('refuses an oversized payload before parsing it', async () => {
    const result = await makeRouter({}, 1000)('config.save', { raw: 'x'.repeat(5000) }, { transport: 'internal' });
    expect(result).toMatchObject({ ok: false, error: { code: 'payload_too_large' } });
  });

  it('refuses input that is not JSON-serialisable', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await makeRouter()('config.save', cyclic, { transport: 'internal' });
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('turns a throw that is not a core refusal into internal, never throwing', async () => {
    const failing = makeRouter({
      'config.save': async () => {
        throw new TypeError('boom');
      },
    });
    await expect(failing('config.save', { raw: '' }, { transport: 'internal' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
  });

  it('maps each kind of core refusal to its code through the one table, keeping its details', async () => {
    const cases = [
      [new NotFound('no conversation c1'), 'not_found'],
      [new Conflict('revision 3, now 4'), 'conflict'],
      [new Invalid('a rejection needs a reason'), 'bad_request'],
      [new InvalidConfig('line 2: bad', [{ path: 'agent', line: 2 }]), 'invalid_config'],
      [new Unavailable('server shop is connecting'), 'unavailable'],
    ] as const;
    for (const [error, code] of cases) {
      const router = makeRouter({
        'config.get': () => {
          throw error;
        },
      });
      const expected =
        error.details === undefined
          ? { code, message: error.message }
          : { code, message: error.message, details: error.details };
      expect(await router('config.get', {}, { transport: 'internal' }), code).toEqual({ ok: false, error: expected });
    }
  });

  it('sends what main composed as a code and params beside the English, for the console to translate', async () => {
    const router = makeRouter({
      'config.get': () => {
        throw new NotFound(say('server.notConfigured', { name: 'shop' }));
      },
      'config.save': async () => {
        throw new TypeError('boom');
      },
    });
    expect(await router('config.get', {}, { transport: 'internal' })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'no MCP server named "shop" is configured',
        uiMessage: {
          code: 'server.notConfigured',
          params: { name: 'shop' },
          text: 'no MCP server named "shop" is configured',
        },
      },
    });
    // A bug's message is its own words, framed as an internal error.
    expect(await router('config.save', { raw: '' }, { transport: 'internal' })).toMatchObject({
      error: {
        code: 'internal',
        message: 'boom',
        uiMessage: { code: 'rpc.internal', params: { detail: 'boom' }, text: 'boom' },
      },
    });
    // A zod refusal: the framing counts the problems, each field problem carries zod's issue as a code.
    const invalid = await router('config.save', { raw: 42, evil: true }, { transport: 'internal' });
    expect(invalid).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        uiMessage: { code: 'rpc.invalidInput', params: { route: 'config.save', count: 2 } },
        details: expect.arrayContaining([
          expect.objectContaining({
            path: 'raw',
            uiMessage: {
              code: 'zod.invalidType',
              params: { expected: 'string', received: 'number' },
              text: 'Invalid input: expected string, received number',
            },
          }),
          expect.objectContaining({
            path: '',
            uiMessage: expect.objectContaining({ code: 'zod.unrecognizedKeys', params: { keys: 'evil' } }),
          }),
        ]),
      },
    });
    if (!invalid.ok) expect(invalid.error.message).toContain('raw'); // the English keeps zod's whole report
  });

  it('catches a handler whose output drifts from the contract', async () => {
    const drifting = makeRouter({ 'config.get': () => ({ nope: true }) as never });
    const result = await drifting('config.get', {}, { transport: 'internal' });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
