import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anthropicStream,
  openAiStream,
  startAnthropicServer,
  startOpenAiCompatibleServer,
  type ScriptedServer,
} from '../../../../tests/support/providers';
import { say } from '../../../shared/messages';
import { collectEvents } from './collect-events';
import { createModelProvider, lazyProvider, providerForSettings } from './create-provider';
import type { ModelProvider, ModelRequest } from './types';

let server: (ScriptedServer & { baseUrl: string }) | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request = (): ModelRequest => ({
  system: 's',
  messages: [{ role: 'user', content: 'hi' }],
  tools: [],
  signal: new AbortController().signal,
});

/** A fetch that records every URL it is handed, then does the real request: what the desktop's proxy fetch is. */
function recordingFetch() {
  const urls: string[] = [];
  const fetchPort: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  return { urls, fetch: fetchPort };
}

describe('createModelProvider', () => {
  it('picks the provider named in settings', () => {
    const openai = createModelProvider(
      { provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b' },
      undefined,
    );
    expect(openai).toMatchObject({ id: 'openai-compatible', label: 'qwen2.5:7b via localhost:11434' });
    expect(createModelProvider({ provider: 'openai-compatible' }, undefined).label).toBe(
      '(no model) via api.openai.com',
    );
    const anthropic = createModelProvider({ provider: 'anthropic', model: 'claude-sonnet-4-6' }, 'sk-ant-x');
    expect(anthropic).toMatchObject({ id: 'anthropic', label: 'claude-sonnet-4-6 via api.anthropic.com' });
  });

  it('makes a provider the entry point registered, and fails each turn clearly for one nobody registered', async () => {
    const registered: ModelProvider = { id: 'demo', label: 'registered demo', stream: async function* () {} };
    const make = vi.fn(() => registered);
    const traits = { label: say('provider.demoLabel'), needsApiKey: false, offline: true };
    expect(createModelProvider({ provider: 'demo' }, 'k', {}, { demo: { create: make, ...traits } })).toBe(registered);
    expect(make).toHaveBeenCalledWith({ provider: 'demo' }, 'k', {});

    const unregistered = createModelProvider({ provider: 'demo' }, undefined);
    expect(unregistered.id).toBe('demo');
    await expect(collectEvents(unregistered.stream(request()))).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'config',
      message: 'the model provider "demo" is not available in this build',
      uiMessage: { code: 'provider.notRegistered' },
    });
  });

  it('never puts the key in the label', () => {
    const provider = createModelProvider(
      { provider: 'openai-compatible', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com' },
      'sk-very-secret',
    );
    expect(provider.label).toBe('deepseek-chat via api.deepseek.com');
  });

  it('loads the OpenAI SDK on the first call and sends through the fetch the host lends (the system proxy)', async () => {
    server = await startOpenAiCompatibleServer([openAiStream({ text: ['hello'] })]);
    const { urls, fetch } = recordingFetch();
    const provider = createModelProvider(
      { provider: 'openai-compatible', baseUrl: server.baseUrl, model: 'm' },
      'sk-x',
      { fetch },
    );
    expect(urls).toEqual([]);
    expect(await collectEvents(provider.stream(request()))).toContainEqual({ type: 'text', delta: 'hello' });
    expect(urls).toEqual([`${server.baseUrl}/chat/completions`]);
  });

  it('the Anthropic SDK too', async () => {
    server = await startAnthropicServer([anthropicStream({ text: ['hi there'] })]);
    const { urls, fetch } = recordingFetch();
    const provider = createModelProvider(
      { provider: 'anthropic', baseUrl: server.baseUrl, model: 'claude-x' },
      'sk-ant',
      { fetch },
    );
    expect(await collectEvents(provider.stream(request()))).toContainEqual({ type: 'text', delta: 'hi there' });
    expect(urls).toEqual([`${server.baseUrl}/v1/messages`]);
  });

  it('a provider module that fails to load is tried again on the next call, not cached as a failure', async () => {
    let attempts = 0;
    const working: ModelProvider = {
      id: 'x',
      label: 'x',
      stream: async function* () {
        yield { type: 'done', stopReason: 'end' };
      },
    };
    const provider = lazyProvider('x', 'x', async () => {
      if (++attempts === 1) throw new Error('EMFILE: too many open files');
      return working;
    });
    await expect(collectEvents(provider.stream(request()))).rejects.toThrow(/EMFILE/);
    expect(await collectEvents(provider.stream(request()))).toEqual([{ type: 'done', stopReason: 'end' }]);
    expect(attempts).toBe(2);
  });

  it('prepare loads the module ahead of the first stream, once; a failed prepare is left to the stream to retry', async () => {
    let attempts = 0;
    const working: ModelProvider = {
      id: 'x',
      label: 'x',
      stream: async function* () {
        yield { type: 'done', stopReason: 'end' };
      },
    };
    const provider = lazyProvider('x', 'x', async () => {
      if (++attempts === 1) throw new Error('EMFILE: too many open files');
      return working;
    });
    provider.prepare?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempts).toBe(1); // tried while the operator types, failed quietly
    expect(await collectEvents(provider.stream(request()))).toEqual([{ type: 'done', stopReason: 'end' }]);
    provider.prepare?.();
    expect(await collectEvents(provider.stream(request()))).toEqual([{ type: 'done', stopReason: 'end' }]);
    expect(attempts).toBe(2); // loaded once after the failure, whoever asked
  });
});

describe('providerForSettings', () => {
  it('keeps one provider while the settings and key stay the same, and makes a new one when either changes', () => {
    const made: string[] = [];
    const current = providerForSettings((settings, apiKey) => {
      made.push(`${settings.model}/${apiKey}`);
      return createModelProvider(settings, apiKey);
    });
    const settings = { provider: 'openai-compatible' as const, model: 'a' };
    const first = current(settings, 'k1');
    expect(current(settings, 'k1')).toBe(first);
    expect(current(settings, 'k2')).not.toBe(first);
    const edited = { ...settings, model: 'b' };
    expect(current(edited, 'k2').label).toContain('b via');
    expect(made).toEqual(['a/k1', 'a/k2', 'b/k2']);
  });
});
