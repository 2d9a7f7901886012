import type { Command } from 'commander';

/** The acting identity when none is given: the demo shop's seeded customer. */
export const DEFAULT_ACTING_IDENTITY = 'u1001';

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
      `the acting identity, sent in each MCP call's _meta (default ${DEFAULT_ACTING_IDENTITY})`,
    )
    .option('--identity <id>', 'the same as --customer');
}

/** The identity given by either name (`--identity` wins if both are), else the default. */
export const actingIdentityOf = (opts: ActingIdentityOptions): string =>
  opts.identity ?? opts.customer ?? DEFAULT_ACTING_IDENTITY;
