import { z } from 'zod';
import type { Message } from '../i18n-message';

/** The wire shapes of shared/i18n-message.ts's messages: here, so that module stays pure (the renderer uses it). */
export const messageSchema: z.ZodType<Message> = z.lazy(() =>
  z.object({
    code: z.string(),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), messageSchema, z.array(messageSchema)]))
      .optional(),
  }),
);

export const uiMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), messageSchema])).optional(),
  text: z.string(),
});
