import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { linkedPair } from '../../../tests/support/thread-link-pair';
import { fetchThroughHost, serveHostFetch } from './host-fetch';
import { serveHostVault, vaultThroughHost } from './host-vault';
import type { KeyVault } from '../core/secrets';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The core thread's fetch, with the main thread's side running Node's own fetch (Electron's net.fetch there). */
function threadFetch(): { fetch: typeof fetch; seen: string[] } {
  const [main, thread] = linkedPair();
  const seen: string[] = [];
  serveHostFetch(main, (input, init) => {
    seen.push(`${init?.method} ${String(input)}`);
    return fetch(input, init);
  });
  return { fetch: fetchThroughHost(thread), seen };
}

describe('fetch through the main thread', () => {
  it('sends the method, headers and body, and returns status, headers, body and the final URL', async () => {
    const base = await serve((request, response) => {
      if (request.url === '/moved') return response.writeHead(302, { location: '/echo' }).end();
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () =>
        response
          .writeHead(201, 'Made', { 'content-type': 'application/json', 'x-seen': request.headers['x-key'] ?? '' })
          .end(JSON.stringify({ method: request.method, body })),
      );
    });
    const { fetch: viaHost, seen } = threadFetch();
    const response = await viaHost(`${base}/echo`, {
      method: 'POST',
      headers: { 'x-key': 'k1', 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('x-seen')).toBe('k1');
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":1}' });
    expect(seen).toEqual([`POST ${base}/echo`]);

    const redirected = await viaHost(new URL(`${base}/moved`));
    expect(redirected.url).toBe(`${base}/echo`);
    expect(redirected.redirected).toBe(true);
    await redirected.text();
  });

  it('streams the body as it arrives (an SSE stream is read before it ends)', async () => {
    let finish: () => void = () => undefined;
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      finish = () => response.end('data: two\n\n');
    });
    const { fetch: viaHost } = threadFetch();
    const reader = (await viaHost(base)).body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('data: one\n\n');
    finish();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    expect(rest).toBe('data: two\n\n');
  });

  it('aborts on the main thread when the caller aborts mid-stream: the server sees the connection close', async () => {
    let closed!: Promise<void>;
    const base = await serve((request, response) => {
      closed = new Promise((resolve) => response.on('close', () => resolve()));
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    });
    const { fetch: viaHost } = threadFetch();
    const abort = new AbortController();
    const reader = (await viaHost(base, { signal: abort.signal })).body!.getReader();
    await reader.read();
    abort.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await closed;
  });

  it('refuses an already aborted signal without asking the main thread', async () => {
    const { fetch: viaHost, seen } = threadFetch();
    await expect(viaHost('http://127.0.0.1:9/', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(seen).toEqual([]);
  });

  it('fails as fetch fails (a TypeError with the cause) when nothing listens', async () => {
    const base = await serve(() => undefined);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const { fetch: viaHost } = threadFetch();
    const failure = await viaHost(base).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe('fetch failed');
    expect(String((failure as Error).cause)).toMatch(/fetch failed|ECONNREFUSED/);
  });

  it('gives a bodiless answer (204) a null body', async () => {
    const base = await serve((_request, response) => response.writeHead(204).end());
    const { fetch: viaHost } = threadFetch();
    const response = await viaHost(base, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});

describe('the key vault through the main thread', () => {
  it('seals and opens on the main thread, and plain-text consent reaches it before the next seal', async () => {
    const [main, thread] = linkedPair();
    const calls: string[] = [];
    let plain = false;
    const hostVault: KeyVault = {
      storage: 'no-keyring',
      cipher: {
        encrypt: async (text) => (calls.push(`encrypt plain=${plain}`), Buffer.from([...text].reverse().join(''))),
        decrypt: async (sealed) => ({ value: [...sealed.toString()].reverse().join(''), reseal: true }),
      },
      usePlainText: () => {
        plain = true;
      },
    };
    serveHostVault(main, hostVault);
    const vault = vaultThroughHost(thread, 'no-keyring');
    expect(vault.storage).toBe('no-keyring');
    vault.usePlainText();
    const sealed = await vault.cipher.encrypt('sk-secret');
    expect(Buffer.isBuffer(sealed)).toBe(true);
    expect(sealed.toString()).toBe('terces-ks');
    expect(calls).toEqual(['encrypt plain=true']);
    await expect(vault.cipher.decrypt(sealed)).resolves.toEqual({ value: 'sk-secret', reseal: true });
  });
});
