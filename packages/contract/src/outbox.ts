import { z } from 'zod';

/** A message kept by the built-in outbox when no SMTP server is configured. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  create_time: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
