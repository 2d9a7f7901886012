import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import type { Skill as SkillEntry, SkillsClient as SdkSkillsClient } from '@modelcontextprotocol/client/ext/skills';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { retryingOnce } from '../retrying-once';
import { nextTurn } from '../slices';
import { canonicalJson } from '../../../shared/canonical-json';
import { errorText } from '../../../shared/error-text';

/**
 * The SDK's Skills client, loaded with the first server that declares the extension (often at start-up): its
 * schemas first, the client on a later turn, so neither is one long block of the event loop.
 */
const skillsModule = retryingOnce(async () => {
  await import('@modelcontextprotocol/core/ext/skills');
  await nextTurn();
  return import('@modelcontextprotocol/client/ext/skills');
});

/**
 * What one skill may weigh before it is read. The SDK's interoperability limit is 16 MiB per skill, but a skill here is
 * a manual for the model: a megabyte is already far more than a context should carry. The declared sizes are checked
 * before any file is requested, so an oversized skill costs no memory.
 */
export const SERVER_SKILL_LIMITS = { bytes: 1024 * 1024, files: 64, skills: 200 } as const;

/** A skill as read from its server: verified (its SKILL.md body kept as the manual), or refused with the reason. */
export interface ReadSkill {
  name: string;
  description: string;
  uri: string | null;
  digest: string | null;
  files: number;
  bytes: number;
  /** The SKILL.md body after the frontmatter; set only when every file was verified. */
  body: string | null;
  refused: UiMessage | null;
}

export interface SkillsListingResult {
  skills: ReadSkill[];
  ttlMs: number | null;
  cacheScope: 'public' | 'private' | null;
  /** A problem with the listing as a whole that still left some skills read (too many listed). */
  note: UiMessage | null;
}

export interface ReadOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  limits?: { bytes: number; files: number; skills: number };
}

/** Whether the server's capabilities declare the Skills extension. */
export async function declaresSkills(client: Client): Promise<boolean> {
  const { SkillsClient } = await skillsModule();
  return new SkillsClient(client).supported;
}

/**
 * Lists every page of a server's skills and verifies each file of each skill (digest and size, by the SDK's
 * SkillsClient). One bad skill is refused on its own; a listing the SDK refuses as a whole (a 2026-07-28 page without
 * `ttlMs`) throws, and the caller reports it for that server only.
 */
export async function readServerSkills(client: Client, options: ReadOptions): Promise<SkillsListingResult> {
  const { SkillsClient } = await skillsModule();
  const limits = options.limits ?? SERVER_SKILL_LIMITS;
  const skills = new SkillsClient(client, { skipInvalid: true });
  const request = { timeout: options.timeoutMs, signal: options.signal };
  const listing = await skills.list({}, request);
  const out: ReadSkill[] = listing.invalid.map((entry) => ({
    name: nameFromUri(entry.uri) ?? `#${entry.index}`,
    description: '',
    uri: entry.uri ?? null,
    digest: null,
    files: 0,
    bytes: 0,
    body: null,
    refused: say('serverSkill.invalidEntry', { index: entry.index, detail: entry.reason }),
  }));
  const kept = listing.skills.slice(0, limits.skills);
  for (const entry of kept) out.push(await readOne(skills, entry, limits, request));
  return {
    skills: out,
    ttlMs: listing.ttlMs ?? null,
    cacheScope: listing.cacheScope ?? null,
    note:
      listing.skills.length > limits.skills
        ? say('serverSkill.tooMany', { count: listing.skills.length, limit: limits.skills })
        : null,
  };
}

async function readOne(
  skills: SdkSkillsClient,
  entry: SkillEntry,
  limits: ReadOptions['limits'] & object,
  request: { timeout: number; signal?: AbortSignal },
): Promise<ReadSkill> {
  const base = { name: entry.frontmatter.name, description: entry.frontmatter.description, uri: entry.uri };
  if (entry.resources === 'dynamic')
    return { ...base, digest: null, files: 0, bytes: 0, body: null, refused: say('serverSkill.dynamic') };
  const files = entry.resources.length;
  const bytes = entry.resources.reduce((sum, file) => sum + file.size, 0);
  const refuse = (refused: UiMessage, digest: string | null = null): ReadSkill => ({
    ...base,
    digest,
    files,
    bytes,
    body: null,
    refused,
  });
  if (files > limits.files)
    return refuse(
      say('serverSkill.tooManyFiles', { files: files.toLocaleString('en'), limit: limits.files.toLocaleString('en') }),
    );
  if (bytes > limits.bytes)
    return refuse(
      say('serverSkill.tooBig', { bytes: bytes.toLocaleString('en'), limit: limits.bytes.toLocaleString('en') }),
    );
  const digest = skillDigest(entry);
  let body: string | null = null;
  // One file at a time: at most one file's bytes (under the cap) are held at once.
  for (const file of entry.resources) {
    try {
      const read = await skills.read(entry, file.uri, request);
      if (read.body !== undefined) body = read.body;
    } catch (error) {
      const reason = (error as { reason?: unknown }).reason;
      const detail = errorText(error);
      return refuse(
        typeof reason === 'string'
          ? say('serverSkill.verifyFailed', { uri: file.uri, check: reason, detail })
          : say('serverSkill.readFailed', { uri: file.uri, detail }),
        digest,
      );
    }
  }
  return { ...base, digest, files, bytes, body: body ?? '', refused: null };
}

/** What is pinned: every file's URI, size and digest, and the frontmatter, in a stable order. */
export function skillDigest(entry: SkillEntry): string {
  const files =
    entry.resources === 'dynamic' ? [] : [...entry.resources].map((f) => `${f.uri}\n${f.size}\n${f.digest}`).sort();
  return createHash('sha256')
    .update(`${canonicalJson(entry.frontmatter)}\n${files.join('\n')}`)
    .digest('hex');
}

/** `skill://acme/after-sales/SKILL.md` -> `after-sales`. */
function nameFromUri(uri: string | undefined): string | undefined {
  const match = uri ? /([^/]+)\/SKILL\.md$/.exec(uri) : null;
  return match?.[1];
}
