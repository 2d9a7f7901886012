import { z } from 'zod';
import { skillSchema } from '../config/schema';
import { uiMessageSchema } from './message';
import { command, query } from './define';

export const skillListSchema = z.object({ skills: z.array(skillSchema), revision: z.number().int() });

/** A skill a server publishes (shared/skills/server-skills.ts). */
export const serverSkillViewSchema = z.object({
  server: z.string(),
  name: z.string(),
  description: z.string(),
  uri: z.string().nullable(),
  state: z.enum(['verified', 'quarantined', 'refused']),
  digest: z.string().nullable(),
  pinnedDigest: z.string().nullable(),
  pinnedAt: z.string().nullable(),
  files: z.number().int(),
  bytes: z.number(),
  reason: uiMessageSchema.nullable(),
  usedBy: z.string().nullable(),
});

export const serverSkillsListingSchema = z.object({
  server: z.string(),
  state: z.enum(['listing', 'listed', 'failed']),
  error: uiMessageSchema.nullable(),
  ttlMs: z.number().nullable(),
  cacheScope: z.enum(['public', 'private']).nullable(),
  listedAt: z.string().nullable(),
  nextListAt: z.string().nullable(),
});

export const serverSkillsSchema = z.object({
  skills: z.array(serverSkillViewSchema),
  listings: z.array(serverSkillsListingSchema),
});

const name = z.string().min(1).max(200);

export const skillRoutes = {
  'skills.get': query(z.strictObject({}).default({}), skillListSchema),
  /** Replaces every skill; validated with the rest of the config before writing. */
  'skills.save': command(
    z.strictObject({ skills: z.array(skillSchema).max(1_000), baseRevision: z.number().int().optional() }),
    skillListSchema,
  ),
  /** The skills servers publish, with their verification and pin state. */
  'skills.servers': query(z.strictObject({}).default({}), serverSkillsSchema),
  /** Lists one server's skills again now, or every server's. */
  'skills.refreshServer': command(z.strictObject({ server: name.optional() }).default({}), serverSkillsSchema),
  /** Trusts a quarantined server skill's current version; `digest` is what the operator reviewed. */
  'skills.acceptServerSkill': command(
    z.strictObject({ server: name, name, digest: z.string().min(1).max(128) }),
    serverSkillViewSchema,
  ),
};

export const skillEvents = {
  /** A server's published skills were listed again, changed state, or were accepted. */
  'skills.serverSkillsChanged': z.object({ server: z.string() }),
};
