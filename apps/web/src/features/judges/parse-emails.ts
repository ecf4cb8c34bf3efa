import { emailSchema } from '@shortlist/contract';

/** Addresses typed one per line or separated by commas (or semicolons, spaces), deduplicated. */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const part of parts) {
    const parsed = emailSchema.safeParse(part);
    if (parsed.success) valid.add(parsed.data);
    else invalid.add(part);
  }
  return { valid: [...valid], invalid: [...invalid] };
}
