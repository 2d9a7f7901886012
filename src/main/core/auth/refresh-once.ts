import type { FetchLike } from '@modelcontextprotocol/client';

/** How long a rotating refresh's answer is handed to a late request that spent the same refresh token. */
export const REFRESH_REUSE_MS = 60_000;

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/**
 * One token request per refresh token, for one server. Refresh tokens rotate (OAuth 2.1, public clients), and the
 * SDK refreshes once per request that meets a 401: two requests at once (two calls; on 2026-07-28 a call and the
 * re-opened subscriptions/listen stream; a 401 and the scheduled refresh) sent the same refresh token twice, the
 * second got invalid_grant, and the SDK threw the fresh tokens away: the server waited for a sign-in. Here a refresh
 * with a token already being spent gets that refresh's answer; so does one within a minute after, if that answer
 * rotated the token (it is spent: only the answer can help). A token that did not rotate is still good: a later
 * refresh asks anew, or a short-lived access token would be handed out again after it expired.
 */
export class RefreshOnce {
  private readonly answers = new Map<string, { answer: Promise<Answer>; doneAt?: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  wrap(fetch: FetchLike): FetchLike {
    return async (url, init) => {
      const spent = refreshTokenOf(init);
      if (!spent) return fetch(url, init);
      const key = `${String(url)}\n${spent}`;
      this.forgetOld();
      const shared = this.answers.get(key);
      // A shared refresh that failed on the way (aborted with its first caller's request): this one asks itself.
      if (shared) return shared.answer.then(toResponse, () => fetch(url, init));
      const entry: { answer: Promise<Answer>; doneAt?: number } = { answer: fetch(url, init).then(readAnswer) };
      this.answers.set(key, entry);
      entry.answer.then(
        (answer) => (rotated(answer, spent) ? (entry.doneAt = this.now()) : this.answers.delete(key)),
        () => this.answers.delete(key),
      );
      return toResponse(await entry.answer);
    };
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [key, entry] of this.answers)
      if (entry.doneAt !== undefined && now - entry.doneAt > REFRESH_REUSE_MS) this.answers.delete(key);
  }
}

/** The refresh token a POST spends (grant_type=refresh_token); undefined for anything else. */
function refreshTokenOf(init: RequestInit | undefined): string | undefined {
  // The SDK sends token requests as URLSearchParams; an MCP request's JSON string is never parsed here.
  const params = init?.body;
  if (init?.method?.toUpperCase() !== 'POST' || !(params instanceof URLSearchParams)) return undefined;
  if (params.get('grant_type') !== 'refresh_token') return undefined;
  return params.get('refresh_token') ?? undefined;
}

/** A successful answer that issued another refresh token: the one spent is gone. */
function rotated(answer: Answer, spent: string): boolean {
  if (answer.status < 200 || answer.status >= 300) return false;
  try {
    const issued = (JSON.parse(answer.body) as { refresh_token?: unknown }).refresh_token;
    return typeof issued === 'string' && issued !== spent;
  } catch {
    return false;
  }
}

async function readAnswer(response: Response): Promise<Answer> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: await response.text(),
  };
}

const toResponse = (answer: Answer): Response =>
  new Response(NO_BODY.has(answer.status) ? null : answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });

/** Statuses a Response may not be built with a body for. */
const NO_BODY = new Set([204, 205, 304]);
