import type { Command } from 'commander';
import type { Core } from '../core/app';
import type { CliIo } from './io';

export interface ActingIdentityOptions {
  /** `--customer`, the option's first name (kept: scripts use it). */
  customer?: string;
  /** `--identity`, the same option under its general name. */
  identity?: string;
}

/** `--customer <id>` and its alias `--identity <id>`: who the calls act as, sent in each MCP call's `_meta`. */
export function addActingIdentityOption(command: Command): Command {
  return command
    .option(
      '--customer <id>',
      "the acting identity, sent in each MCP call's _meta (default: the application's, the demo shop's u1001)",
    )
    .option('--identity <id>', 'the same as --customer');
}

/** The identity given by either name (`--identity` wins if both are), else `fallback` (the application's default). */
export const actingIdentityOf = (opts: ActingIdentityOptions, fallback?: string): string | undefined =>
  opts.identity ?? opts.customer ?? fallback;

/**
 * The identity a command acts as: the option's, else the application's default (its bundle's: the demo shop's
 * customer). Undefined once it is said that one is needed (no option, and the application has no default).
 */
export function commandActingIdentity(opts: ActingIdentityOptions, core: Core, io: CliIo): string | undefined {
  const identity = actingIdentityOf(opts, core.services.settings.defaultActingIdentity());
  if (identity === undefined) io.stderr('an acting identity is needed: give --customer <id> (or --identity <id>)');
  return identity;
}
