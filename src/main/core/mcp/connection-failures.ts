import { ProtocolError } from '@modelcontextprotocol/client';
import { isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { describeError } from './describe-error';
import { packageRunnerOf } from './package-runner';
import { EraContradictionError, MODERN_REVISION, unsupportedRevision } from './protocol-era';
import { ServerConfigError } from './server-endpoint';
import type { AuthVerdict, ConnectionSettings, StartupBudget } from './types';

export { httpStatusOf } from './describe-error';

/** Why a server connection is not usable, and how a failed start or a timed-out attempt is told to the operator. */

/** A call refused for authorization: the operator must sign in (again), or the server refuses for good. */
export class AuthorizationRequiredError extends Error {
  override readonly name = 'AuthorizationRequiredError';
  constructor(
    readonly server: string,
    readonly verdict: AuthVerdict,
  ) {
    super(verdict.message);
  }
}

export class ServerUnavailableError extends Error {
  override readonly name = 'ServerUnavailableError';
  constructor(
    readonly server: string,
    /** What the connection says of itself (its status, its error), verbatim. */
    readonly detail: string,
  ) {
    super(say('connection.notConnected', { server, detail }).text);
  }
}

/**
 * The budget of one attempt: the server's `timeoutMs`, or for a package runner (npx, uvx…) that has not connected yet
 * in this run, `installTimeoutMs` (default 120 s): its first start may download and install the package.
 */
export function startBudget(
  config: ServerConfig,
  settings: ConnectionSettings,
  everConnected: boolean,
): { ms: number; startup: StartupBudget | null } {
  const ms = config.timeoutMs ?? settings.defaultTimeoutMs;
  const runner = isStdioServer(config) && !everConnected ? packageRunnerOf(config.command, config.args) : null;
  if (!runner) return { ms, startup: null };
  const install =
    (isStdioServer(config) ? config.installTimeoutMs : undefined) ?? Math.max(ms, settings.defaultInstallTimeoutMs);
  return { ms: install, startup: { runner, budgetMs: install } };
}

/** Which limit ran out, and the field that raises it. */
export function timeoutMessage(ms: number, phase: string, startup: StartupBudget | null): UiMessage {
  return startup
    ? say('connection.installTimeout', { ms, phase, runner: startup.runner })
    : say('connection.timeout', { ms, phase });
}

/**
 * One line saying why a start failed. A stdio child that exits before answering shows to the SDK as "Connection
 * closed": say that the command exited, and quote the first error line of its stderr (the rest, stack traces included,
 * stays in the stderr tail behind the card's Details).
 */
export function startFailureMessage(
  config: ServerConfig,
  phase: string,
  error: unknown,
  stderr: string | null,
): UiMessage | string {
  if (error instanceof EraContradictionError)
    return say('connection.eraContradiction', {
      negotiated: error.negotiated,
      supported: error.supported.join(', ') || '?',
    });
  const refused = unsupportedRevision(error);
  if (refused?.noModern) return say('connection.noModernRevision', { revision: MODERN_REVISION });
  if (refused)
    return say('connection.unsupportedRevision', {
      requested: refused.requested ?? (config.protocol === MODERN_REVISION ? MODERN_REVISION : '2025-11-25'),
      supported: refused.supported.join(', ') || '?',
    });
  const text = describeError(error);
  if (!isStdioServer(config) || !/Connection closed/i.test(text)) return text; // the transport's or the server's own words
  const line = firstErrorLine(stderr);
  return line ? say('connection.exited', { phase, line }) : say('connection.exitedSilently', { phase });
}

/**
 * The line of stderr that states the error: not a stack frame, not a warning (npx announces its install with
 * "npm warn exec … not found"); an error-named line first (`Error:`, `npm error`, `ERR!`), else a line that sounds
 * like a failure, else the first line left.
 */
export function firstErrorLine(stderr: string | null): string | undefined {
  const lines = (stderr ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^at\s/.test(l));
  const told = lines.filter((l) => !/\bwarn(ing)?\b/i.test(l));
  const line =
    told.find((l) => /\b\w*(Error|Exception)\b:|^(npm )?error\b|ERR!|^fatal\b|traceback/i.test(l)) ??
    told.find((l) => /not found|cannot|failed|no such/i.test(l)) ??
    told[0] ??
    lines[0];
  return line && line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** A request that ran out of time: v2's SdkError says REQUEST_TIMEOUT; -32001 is the JSON-RPC code a server (or v1) uses. */
export const isRequestTimeout = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === -32001 || code === 'REQUEST_TIMEOUT';
};

/** A JSON-RPC error response from the server, as opposed to a timeout or a closed connection (v2: SdkError; v1: -32001, -32000). */
export const answeredByPeer = (error: unknown): boolean =>
  error instanceof ProtocolError && error.code !== -32000 && error.code !== -32001;

/** How a failed start ends: waiting for a sign-in (no retry loop), or failed with what to show and whether to retry. */
export type FailedStart =
  | { status: 'needs-auth'; message: UiMessage | string; logText: string }
  | { status: 'failed'; message: UiMessage | string; logText: string; retry: boolean };

/** How a start failed: what it threw (or that it ran out of time in `phase`), and what the server printed. */
export interface StartFailure {
  error: unknown;
  timedOut: boolean;
  verdict: AuthVerdict | undefined;
  phase: string;
  timeoutMs: number;
  startup: StartupBudget | null;
  stderr: string | null;
}

/** What a start that threw (or ran out of time in `phase`) tells the operator, and whether backing off can help. */
export function failedStart(config: ServerConfig, failure: StartFailure): FailedStart {
  const { error, verdict } = failure;
  if (verdict?.kind === 'needs-auth' || verdict?.kind === 'step-up')
    return { status: 'needs-auth', message: verdict.uiMessage ?? verdict.message, logText: verdict.message };
  const message = verdict
    ? (verdict.uiMessage ?? verdict.message)
    : failure.timedOut || isRequestTimeout(error)
      ? timeoutMessage(failure.timeoutMs, failure.phase, failure.startup)
      : startFailureMessage(config, failure.phase, error, failure.stderr);
  // A config error (a missing variable) and an authorization refusal come back the same on every try.
  return {
    status: 'failed',
    message,
    logText: typeof message === 'string' ? message : message.text,
    retry: !(error instanceof ServerConfigError) && !verdict,
  };
}
