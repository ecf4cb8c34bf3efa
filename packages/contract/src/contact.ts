import { z } from 'zod';

/** Spec: longer than 2 characters, at most 300. */
export const CONTACT_MESSAGE_MIN_LENGTH = 3;
export const CONTACT_MESSAGE_MAX_LENGTH = 300;

export const contactMessageSchema = z.object({
  message: z.string().trim().min(CONTACT_MESSAGE_MIN_LENGTH).max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
