import { Option, type Command } from 'commander';
import type { ServerRequestView } from '../../shared/contract';
import type { Core } from '../core/app';
import type { ElicitPolicy, RequestPolicy, SamplingPolicy } from '../core/requests/server-requests';
import type { Terminal } from './core-session';
import type { CliIo } from './io';
import { createRequestPrompts } from './request-prompts';
import { errorText } from '../../shared/error-text';

export interface ServerRequestOptions {
  /** Default: ask at a terminal, decline without one. */
  elicit?: ElicitPolicy;
  /** Default: ask at a terminal, deny without one. */
  sampling?: SamplingPolicy;
}

/** --elicit and --sampling, as `chat` and `tools call` both take them. */
export function addServerRequestOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--elicit <mode>',
        "how servers' questions are answered (default: ask at a terminal, else decline)",
      ).choices(['ask', 'decline', 'defaults']),
    )
    .addOption(
      new Option(
        '--sampling <mode>',
        "how servers' model requests are handled (default: ask at a terminal, else deny)",
      ).choices(['ask', 'deny']),
    );
}

/**
 * --elicit and --sampling as the core's policy: `ask` answers at the terminal (and becomes decline / deny without
 * one), the others answer every request the same way without asking. Whatever the era: a 2026-07-28 server's
 * multi-round-trip input requests reach the same handlers.
 */
export function requestPolicyOf(opts: ServerRequestOptions, atTerminal: boolean): RequestPolicy {
  const elicit = opts.elicit ?? 'ask';
  const sampling = opts.sampling ?? 'ask';
  return {
    elicit: elicit === 'ask' && !atTerminal ? 'decline' : elicit,
    sampling: sampling === 'ask' && !atTerminal ? 'deny' : sampling,
  };
}

/** Asks the terminal what the policy leaves to the operator (see requestPolicyOf). Returns the unsubscribe function. */
export function answerServerRequests(core: Core, io: CliIo, terminal: Terminal | undefined): () => void {
  if (!terminal) return () => undefined;
  const answer = createRequestPrompts(
    core.services.requests,
    (text) => terminal.question(text),
    (line) => io.stderr(line),
  );
  return core.events.subscribe((name, payload) => {
    if (name === 'requests.opened' || name === 'requests.updated')
      void answer(payload as ServerRequestView).catch((error: unknown) =>
        io.stderr(`request not answered: ${errorText(error)}`),
      );
  });
}
