import { z } from 'zod';
import { intentNodeSchema } from '../config/schema';
import { command, query } from './define';

export const intentTreeSchema = z.object({
  intents: z.array(intentNodeSchema),
  /** The config revision this tree was read from; pass it back as baseRevision to detect a concurrent edit. */
  revision: z.number().int(),
});

export const intentRoutes = {
  'intents.get': query(z.strictObject({}).default({}), intentTreeSchema),
  /** Replaces the whole tree; validated with the rest of the config (unique ids, known servers) before writing. */
  'intents.save': command(
    z.strictObject({ intents: z.array(intentNodeSchema).max(20_000), baseRevision: z.number().int().optional() }),
    intentTreeSchema,
  ),
};
