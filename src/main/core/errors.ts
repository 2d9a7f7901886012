import type { UiMessage } from '../../shared/i18n-message';

/**
 * What a core service says when it refuses: the kind of refusal, in the domain's words. The core knows
 * nothing of transports; `rpc/domain-errors.ts` maps each kind to the contract's error code. Anything
 * else a service throws is a bug and travels as `internal`.
 */
export abstract class DomainError extends Error {
  /** The refusal as a code and params the console translates; `message` is its English text (CLI, logs). */
  readonly uiMessage?: UiMessage;
  constructor(
    message: string | UiMessage,
    /** Structured detail for the caller, e.g. config problems with their paths and lines. */
    public readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.text);
    if (typeof message !== 'string') this.uiMessage = message;
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (a conversation, a record, a configured server). */
export class NotFound extends DomainError {}

/** The request is well-formed but clashes with the current state: a stale revision, a name taken, a turn running. */
export class Conflict extends DomainError {}

/** The request itself is wrong (an edit that would make the config invalid, a rejection without a reason). */
export class Invalid extends DomainError {}

/** The config file on disk (or the YAML offered to replace it) has problems; `details` lists them. */
export class InvalidConfig extends DomainError {}

/** The service cannot do this here or now (a server not connected, no key store on this host). */
export class Unavailable extends DomainError {}

/** A gate refused it on purpose (an MCP App's bad resource, a call outside its server, a bound reached); `details.reason` says which. */
export class Refused extends DomainError {}
