import { z } from 'zod';

/** Events main pushes to every connected renderer. Named domain.pastTense. */
export const appEvents = {
  'config.changed': z.object({ revision: z.number().int(), source: z.enum(['app', 'external']) }),
};
