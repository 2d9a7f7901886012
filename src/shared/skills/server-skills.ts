import type { UiMessage } from '../i18n-message';

/**
 * A skill a server publishes (the MCP Skills extension, `io.modelcontextprotocol/skills`), as the console shows it.
 * `verified`: every file matched its digest and size, and the skill matches its pin (or was pinned now, first sight).
 * `quarantined`: verified, but its files changed since the operator's pin; not loadable until accepted.
 * `refused`: an invalid entry, a file that failed verification, or over the size cap; never loadable.
 */
export type ServerSkillState = 'verified' | 'quarantined' | 'refused';

export interface ServerSkillView {
  server: string;
  /** The frontmatter name; for an entry too broken to have one, its URI's last folder or `#index`. */
  name: string;
  description: string;
  uri: string | null;
  state: ServerSkillState;
  /** sha256 over every file's URI, size and digest, and the frontmatter: what is pinned. Null when refused before reading. */
  digest: string | null;
  pinnedDigest: string | null;
  pinnedAt: string | null;
  files: number;
  /** The declared size of all its files. */
  bytes: number;
  /** Why it is refused or quarantined; null when verified. */
  reason: UiMessage | null;
  /** A config skill that takes its manual from this one (`server:`), if any. */
  usedBy: string | null;
}

/** One server's listing of its skills. */
export interface ServerSkillsListing {
  server: string;
  state: 'listing' | 'listed' | 'failed';
  error: UiMessage | null;
  /** From the first page (2026-07-28); null on a 2025 connection, which has no caching fields. */
  ttlMs: number | null;
  cacheScope: 'public' | 'private' | null;
  listedAt: string | null;
  /** When the listing is taken again because its ttlMs ran out; null when nothing is scheduled. */
  nextListAt: string | null;
}

/** Where a config skill's manual comes from when it names a `server:`, and whether it can be loaded now. */
export interface SkillSource {
  server: string;
  skill: string;
  state: ServerSkillState | 'missing' | 'not-connected' | 'not-listed';
  reason: UiMessage | null;
}
