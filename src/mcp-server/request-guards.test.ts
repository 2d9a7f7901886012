import { describe, expect, it } from 'vitest';
import { allowedHostsForPort, checkBearerToken, checkHostAndOrigin } from './request-guards';

const hosts = allowedHostsForPort(4321);

describe('checkHostAndOrigin', () => {
  it.each(['127.0.0.1:4321', 'localhost:4321', '[::1]:4321', 'LOCALHOST:4321'])('accepts Host %s', (host) => {
    expect(checkHostAndOrigin({ host }, hosts)).toEqual({ ok: true });
  });

  it.each(['evil.example.com', 'evil.example.com:4321', '127.0.0.1:9999', '127.0.0.1', '0.0.0.0:4321'])(
    'rejects Host %s with 403',
    (host) => {
      expect(checkHostAndOrigin({ host }, hosts)).toMatchObject({ ok: false, status: 403 });
    },
  );

  it('rejects a missing Host', () => {
    expect(checkHostAndOrigin({}, hosts)).toMatchObject({ ok: false, status: 403 });
  });

  it('accepts a local Origin and no Origin, rejects foreign or opaque ones', () => {
    const host = '127.0.0.1:4321';
    expect(checkHostAndOrigin({ host, origin: 'http://localhost:4321' }, hosts)).toEqual({ ok: true });
    for (const origin of ['http://evil.example.com', 'https://127.0.0.1:4321', 'http://127.0.0.1:1', 'null']) {
      expect(checkHostAndOrigin({ host, origin }, hosts)).toMatchObject({
        ok: false,
        status: 403,
        message: expect.stringContaining('Origin'),
      });
    }
  });
});

describe('checkBearerToken', () => {
  it('lets everything through when no token is configured', () => {
    expect(checkBearerToken({}, undefined)).toEqual({ ok: true });
  });

  it('accepts exactly the configured token, scheme case-insensitive', () => {
    expect(checkBearerToken({ authorization: 'Bearer s3cret' }, 's3cret')).toEqual({ ok: true });
    expect(checkBearerToken({ authorization: 'bearer s3cret' }, 's3cret')).toEqual({ ok: true });
  });

  it.each([undefined, '', 'Bearer', 'Bearer wrong', 'Bearer s3cret-and-more', 'Basic s3cret', 's3cret'])(
    'rejects Authorization %s with 401',
    (authorization) => {
      expect(checkBearerToken(authorization === undefined ? {} : { authorization }, 's3cret')).toMatchObject({
        ok: false,
        status: 401,
      });
    },
  );
});
