import { z } from 'zod';
import { skillSchema } from '../config/schema';
import { command, query } from './define';

export const skillListSchema = z.object({ skills: z.array(skillSchema), revision: z.number().int() });

export const skillRoutes = {
  'skills.get': query(z.strictObject({}).default({}), skillListSchema),
  /** Replaces every skill; validated with the rest of the config before writing. */
  'skills.save': command(z.strictObject({ skills: z.array(skillSchema).max(1_000), baseRevision: z.number().int().optional() }), skillListSchema),
};
