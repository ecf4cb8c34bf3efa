import type { AnswerParts, DatumField, DatumValue } from '@shortlist/contract';

/** An answer as the pages show it: the parts the contract's text reads, and a file's link and type. */
export interface ShownAnswer extends AnswerParts {
  file_url_signed: string | null;
  mime_type: string | null;
  file_size?: number | null;
}

/** An item's answer (to `field`, which tells a text answer's format), or null when it has none. */
export function shownAnswer(value: DatumValue | undefined, field?: DatumField): ShownAnswer | null {
  if (!value) return null;
  return { ...value, format: field?.resourcetype === 'text' ? field.format : null };
}
