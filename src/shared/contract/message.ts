import { z } from 'zod';
import type { Message, UiMessage } from '../i18n-message';

/** The wire shapes of shared/i18n-message.ts's messages: here, so that module stays pure (the renderer uses it). */
export const messageSchema: z.ZodType<Message> = z.lazy(() =>
  z.object({
    code: z.string(),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), messageSchema, z.array(messageSchema)]))
      .optional(),
  }),
);

/** Its params are a Message's (the one message type); `text` is its English rendering. */
export const uiMessageSchema: z.ZodType<UiMessage> = z.object({
  code: z.string(),
  params: z
    .record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), messageSchema, z.array(messageSchema)]))
    .optional(),
  text: z.string(),
});
