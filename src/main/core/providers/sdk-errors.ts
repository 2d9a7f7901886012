import { ProviderError } from './types';
import type { StreamGuard } from './stream-guard';

/**
 * Maps errors from the two official SDKs (same generator, same class names) to ProviderError.
 * Every message passes through `redact`, so an API key echoed by a server never reaches the UI or logs.
 */
type Ctor<T> = abstract new (...args: never[]) => T;
interface ApiErrorLike extends Error {
  status?: number;
}
export interface SdkErrorClasses {
  APIError: Ctor<ApiErrorLike>;
  APIConnectionError: Ctor<Error>;
  APIConnectionTimeoutError: Ctor<Error>;
  APIUserAbortError: Ctor<Error>;
}

export interface ErrorContext {
  label: string;
  apiKey: string | undefined;
  apiKeyEnv: string | undefined;
  timeoutMs: number;
  guard: StreamGuard;
}

const MAX_SERVER_TEXT = 300;

export function redact(text: string, secret: string | undefined): string {
  let out = secret && secret.length >= 4 ? text.split(secret).join('***') : text;
  out = out.replace(/\bsk-[A-Za-z0-9_-]{6,}/g, 'sk-***').replace(/(Bearer\s+)\S+/gi, '$1***');
  return out.length > MAX_SERVER_TEXT ? `${out.slice(0, MAX_SERVER_TEXT)}…` : out;
}

export function toProviderError(err: unknown, sdk: SdkErrorClasses, ctx: ErrorContext): ProviderError {
  if (err instanceof ProviderError) return err;
  const { label, guard } = ctx;
  // Our own signal fired: the SDK's error class says "abort", the guard knows why.
  if (guard.timedOut || err instanceof sdk.APIConnectionTimeoutError)
    return new ProviderError('timeout', `${label}: no response for ${ctx.timeoutMs} ms`);
  if (guard.callerAborted || err instanceof sdk.APIUserAbortError)
    return new ProviderError('aborted', `${label}: request aborted`);
  if (err instanceof sdk.APIConnectionError)
    return new ProviderError('network', `${label}: could not reach the server (${redact(causeOf(err), ctx.apiKey)})`);
  if (err instanceof sdk.APIError) return fromStatus(err, ctx);
  if (err instanceof SyntaxError)
    return new ProviderError('bad_response', `${label}: malformed stream data (${redact(err.message, ctx.apiKey)})`);
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('bad_response', `${label}: unexpected failure (${redact(message, ctx.apiKey)})`);
}

function fromStatus(err: ApiErrorLike, ctx: ErrorContext): ProviderError {
  const status = err.status;
  const said = redact(err.message.replace(/^\d{3}\s*/, ''), ctx.apiKey) || 'no details';
  const label = ctx.label;
  if (status === 401 || status === 403) {
    const where = ctx.apiKeyEnv ? ` in env ${ctx.apiKeyEnv}` : '';
    const hint = ctx.apiKey ? `Check the API key${where}.` : `No API key is set${where}.`;
    return new ProviderError('auth', `${label}: authentication failed (HTTP ${status}). ${hint} Server said: ${said}`, status);
  }
  if (status === 429) return new ProviderError('rate_limited', `${label}: rate limited (HTTP 429). Server said: ${said}`, 429);
  if (status === undefined) {
    // An error event inside an otherwise successful stream (e.g. "overloaded").
    const code = /rate.?limit/i.test(err.message) ? 'rate_limited' : 'server';
    return new ProviderError(code, `${label}: the server reported an error mid-stream: ${said}`);
  }
  if (status >= 500) return new ProviderError('server', `${label}: server error (HTTP ${status}). Server said: ${said}`, status);
  // Remaining 4xx: wrong model name, wrong baseUrl, a schema the vendor rejects — all settings problems.
  return new ProviderError('config', `${label}: request rejected (HTTP ${status}); check model and baseUrl. Server said: ${said}`, status);
}

function causeOf(err: Error): string {
  const cause = (err as { cause?: { message?: string; code?: string; cause?: { code?: string; message?: string } } }).cause;
  return cause?.cause?.code ?? cause?.code ?? cause?.cause?.message ?? cause?.message ?? err.message;
}
