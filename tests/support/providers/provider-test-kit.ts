import { afterEach, expect } from 'vitest';
import { collectEvents } from '../../../src/main/core/providers/collect-events';
import {
  ProviderError,
  type ModelProvider,
  type ModelRequest,
  type ModelToolDefinition,
} from '../../../src/main/core/providers/types';
import type { Script, ScriptedServer } from './scripted-http-server';

/** A scripted server that speaks one provider's API under `baseUrl`. */
type ModelEndpoint = ScriptedServer & { baseUrl: string };

/**
 * One scripted model endpoint per test, closed after it: `start` launches the endpoint, `create` builds the provider
 * under test against its base URL. Returns the `setup` each provider test calls.
 */
function scriptedProviderSetup<P>(
  start: (script: Script) => Promise<ModelEndpoint>,
  create: (baseUrl: string, timeoutMs: number) => P,
): (script: Script, timeoutMs?: number) => Promise<{ server: ModelEndpoint; provider: P }> {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (script, timeoutMs = 5_000) => {
    const started = await start(script);
    server = started;
    return { server: started, provider: create(started.baseUrl, timeoutMs) };
  };
}

/** A one-question model request with the given tools; `overrides` replaces any field. */
function modelRequestFor(
  tools: ModelToolDefinition[],
  question: string,
): (overrides?: Partial<ModelRequest>) => ModelRequest {
  return (overrides = {}) => ({
    system: 'You are the Bit Select assistant.',
    messages: [{ role: 'user', content: question }],
    tools,
    signal: new AbortController().signal,
    ...overrides,
  });
}

/** The ProviderError a call rejects with; fails the test when it resolves or rejects with anything else. */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

/** How a provider set up on `script` fails a whole stream of `request()`: the ProviderError (see providerFailure). */
function scriptedFailure(
  setup: (script: Script, timeoutMs?: number) => Promise<{ provider: Pick<ModelProvider, 'stream'> }>,
  request: () => ModelRequest,
): (script: Script, timeoutMs?: number) => Promise<ProviderError> {
  return async (script, timeoutMs) => {
    const { provider } = await setup(script, timeoutMs);
    return providerFailure(collectEvents(provider.stream(request())));
  };
}

/**
 * What a provider's tests share: `setup` (a scripted endpoint per test, closed after it, and the provider on it),
 * `request` (one question with `tools`) and `failureOn` (the error a stream of that request fails with).
 */
export function scriptedProviderKit<P extends Pick<ModelProvider, 'stream'>>(options: {
  start: (script: Script) => Promise<ModelEndpoint>;
  create: (baseUrl: string, timeoutMs: number) => P;
  tools: ModelToolDefinition[];
  question: string;
}) {
  const setup = scriptedProviderSetup(options.start, options.create);
  const request = modelRequestFor(options.tools, options.question);
  return { setup, request, failureOn: scriptedFailure(setup, request) };
}
