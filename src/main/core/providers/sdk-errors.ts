import { say } from '../../../shared/messages';
import { ProviderError } from './types';
import type { StreamGuard } from './stream-guard';
import { errorText } from '../../../shared/error-text';

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
    return new ProviderError('timeout', say('provider.timeout', { label, ms: ctx.timeoutMs }));
  if (guard.callerAborted || err instanceof sdk.APIUserAbortError)
    return new ProviderError('aborted', say('provider.aborted', { label }));
  if (err instanceof sdk.APIConnectionError)
    return new ProviderError(
      'network',
      say('provider.unreachable', { label, detail: redact(causeOf(err), ctx.apiKey) }),
    );
  if (err instanceof sdk.APIError) return fromStatus(err, ctx);
  if (err instanceof SyntaxError)
    return new ProviderError(
      'bad_response',
      say('provider.malformedStream', { label, detail: redact(err.message, ctx.apiKey) }),
    );
  const message = errorText(err);
  return new ProviderError('bad_response', say('provider.unexpected', { label, detail: redact(message, ctx.apiKey) }));
}

function fromStatus(err: ApiErrorLike, ctx: ErrorContext): ProviderError {
  const status = err.status;
  const said = redact(err.message.replace(/^\d{3}\s*/, ''), ctx.apiKey) || say('provider.noDetails');
  const label = ctx.label;
  if (status === 401 || status === 403) {
    const env = ctx.apiKeyEnv;
    const hint = ctx.apiKey
      ? env
        ? say('provider.hint.checkKeyInEnv', { env })
        : say('provider.hint.checkKey')
      : env
        ? say('provider.hint.noKeyInEnv', { env })
        : say('provider.hint.noKey');
    return new ProviderError('auth', say('provider.authFailed', { label, status, hint, said }), status);
  }
  if (status === 429) return new ProviderError('rate_limited', say('provider.rateLimited', { label, said }), 429);
  if (status === undefined) {
    // An error event inside an otherwise successful stream (e.g. "overloaded").
    const code = /rate.?limit/i.test(err.message) ? 'rate_limited' : 'server';
    return new ProviderError(code, say('provider.errorMidStream', { label, said }));
  }
  if (status >= 500) return new ProviderError('server', say('provider.serverError', { label, status, said }), status);
  // Remaining 4xx: wrong model name, wrong baseUrl, a schema the vendor rejects — all settings problems.
  return new ProviderError('config', say('provider.rejected', { label, status, said }), status);
}

function causeOf(err: Error): string {
  const cause = (err as { cause?: { message?: string; code?: string; cause?: { code?: string; message?: string } } })
    .cause;
  return cause?.cause?.code ?? cause?.code ?? cause?.cause?.message ?? cause?.message ?? err.message;
}
