import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerExchange } from '../../../shared/contract';
import { EventBus } from '../events';
import type { ModelProvider } from '../providers/types';
import { CallRegistry } from './call-registry';
import { ServerRequestService } from './server-requests';

const form: ElicitRequestParams = {
  message: 'Which size?',
  requestedSchema: { type: 'object', properties: { size: { type: 'string' } }, required: ['size'] },
};
const sampling = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }],
  maxTokens: 10,
};

function service(samplingPerMinute = 10, openUrl?: (url: string) => Promise<boolean>, registry = new CallRegistry()) {
  const events = new EventBus();
  const resolved: ServerExchange[] = [];
  events.subscribe((name, payload) => {
    if (name === 'requests.resolved') resolved.push((payload as { exchange: ServerExchange }).exchange);
  });
  const requests = new ServerRequestService({
    events,
    registry,
    openUrl,
    provider: () => ({ label: 'test model' }) as ModelProvider,
    settings: () => ({
      elicitationTimeoutMs: 60_000,
      samplingTimeoutMs: 60_000,
      samplingPerMinute: () => samplingPerMinute,
    }),
    log: () => undefined,
  });
  return { requests, resolved, last: () => resolved.at(-1)! };
}

const context = (signal = new AbortController().signal) => ({ server: 'shop', signal });

describe('why main settled a server’s request travels as a code next to the same English (issue 20)', () => {
  it('a withdrawn question, a question at shutdown and a sampling request at shutdown', async () => {
    const { requests, last } = service();
    const withdraw = new AbortController();
    const asked = requests.handlers.elicit(context(withdraw.signal), form);
    withdraw.abort();
    expect(await asked).toEqual({ action: 'cancel' });
    expect(last()).toMatchObject({
      outcome: 'cancel',
      decidedBy: 'system',
      reason: 'the server withdrew its request (or its connection closed)',
      reasonMessage: {
        code: 'request.settled.withdrawn',
        text: 'the server withdrew its request (or its connection closed)',
      },
    });
    expect(last().decidedByMessage).toBeUndefined();

    const question = requests.handlers.elicit(context(), form);
    const sample = requests.handlers.sample(context(), sampling).catch((error: unknown) => error as Error);
    requests.close();
    expect(await question).toEqual({ action: 'cancel' });
    // What the server is sent stays English.
    expect((await sample).message).toContain('Switchboard is shutting down');
    expect(last()).toMatchObject({
      kind: 'sampling',
      outcome: 'rejected',
      reason: 'Switchboard is shutting down',
      reasonMessage: { code: 'request.settled.shuttingDown' },
    });
  });

  it('a CLI policy answers with its name and reason as codes; the rate limit keeps its English', async () => {
    const { requests, last, resolved } = service(1);
    requests.policy.elicit = 'decline';
    expect(await requests.handlers.elicit(context(), form)).toEqual({ action: 'decline' });
    expect(last()).toMatchObject({
      decidedBy: 'policy (--elicit decline)',
      decidedByMessage: {
        code: 'decider.elicitPolicy',
        params: { policy: 'decline' },
        text: 'policy (--elicit decline)',
      },
      reason: 'questions are declined without an operator',
      reasonMessage: { code: 'request.settled.questionsDeclined' },
    });
    requests.policy.elicit = 'defaults';
    await requests.handlers.elicit(context(), form);
    expect(last()).toMatchObject({
      reason: 'no default for: size',
      reasonMessage: { code: 'request.settled.noDefault', params: { fields: 'size' } },
    });

    const first = requests.handlers.sample(context(), sampling); // takes the one request a minute allows
    await expect(requests.handlers.sample(context(), sampling)).rejects.toThrow(
      'Sampling request rejected: shop asked more than 1 time in a minute (samplingPerMinute)',
    );
    expect(last()).toMatchObject({
      decidedBy: 'system',
      reason: 'shop asked more than 1 time in a minute (samplingPerMinute)',
      reasonMessage: { code: 'request.settled.rateLimited', params: { server: 'shop', count: 1 } },
    });
    const [pending] = requests.list();
    requests.reject(pending.id, undefined);
    await expect(first).rejects.toThrow('Sampling request rejected: the operator rejected it');
    expect(last()).toMatchObject({
      decidedBy: 'operator',
      reasonMessage: { code: 'request.settled.operatorRejected' },
    });
    requests.policy.sampling = 'deny';
    await expect(requests.handlers.sample(context(), sampling)).rejects.toThrow(
      'sampling is denied without an operator',
    );
    expect(last()).toMatchObject({
      decidedBy: 'policy (--sampling deny)',
      decidedByMessage: { code: 'decider.samplingDenied' },
      reasonMessage: { code: 'request.settled.samplingDenied' },
    });
    expect(resolved).toHaveLength(5);
  });
});

describe('a URL question through main’s opener (the desktop)', () => {
  const url: ElicitRequestParams = {
    mode: 'url',
    message: 'Connect',
    url: 'https://accounts.example/connect',
    elicitationId: 'e1',
  };

  it('accepts only once the opener said it opened the page; a refusal leaves the question waiting', async () => {
    const opened: string[] = [];
    let answer = false;
    const { requests, last } = service(10, async (href) => {
      opened.push(href);
      return answer;
    });
    const asked = requests.handlers.elicit(context(), url);
    const [view] = requests.list();
    expect(await requests.openUrl(view.id)).toEqual({ opened: false });
    expect(requests.list()).toHaveLength(1);
    answer = true;
    expect(await requests.openUrl(view.id)).toEqual({ opened: true });
    expect(await asked).toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://accounts.example/connect', 'https://accounts.example/connect']);
    expect(last()).toMatchObject({ mode: 'url', outcome: 'accept', decidedBy: 'operator' });
  });

  it('a question about a secret says whether a call of that server runs, and which call of another server does', async () => {
    const registry = new CallRegistry();
    const call = registry.begin({
      server: 'bank',
      conversationId: 'c1',
      turnId: 't1',
      callId: 'k1',
      toolName: 'transfer',
      signal: new AbortController().signal,
    });
    const { requests, last } = service(10, undefined, registry);
    const secret: ElicitRequestParams = {
      message: 'Key?',
      requestedSchema: { type: 'object', properties: { api_key: { type: 'string' }, note: { type: 'string' } } },
    };
    const asked = requests.handlers.elicit({ server: 'weather', signal: new AbortController().signal }, secret);
    const [view] = requests.list();
    expect(view).toMatchObject({
      server: 'weather',
      outsideItsCalls: true,
      callsElsewhere: [{ server: 'bank', toolName: 'transfer' }],
    });
    requests.answer(view.id, 'accept', { api_key: 'sk-live-123', note: 'hi' });
    expect(await asked).toEqual({ action: 'accept', content: { api_key: 'sk-live-123', note: 'hi' } });
    expect(last().response).toEqual({ api_key: '•••• (not stored)', note: 'hi' });
    call.end();
  });
});
