import { type DatasetRowError, type FieldErrors, withColon } from '@shortlist/contract';
import { interfaceLanguage } from '../../lib/api-client';

/**
 * The 400 of a bulk create, keyed `N.field`, as per-row errors: N is the row's place in the chunk,
 * `indexes` gives its place in the sheet. Errors of the whole request go to the chunk's first row.
 */
export function rowErrorsFromFieldErrors(
  errors: FieldErrors,
  indexes: number[],
  titleOf: (index: number) => string,
): DatasetRowError[] {
  const byRow = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const [, position = '0', field = key] = /^(\d+)\.(.*)$/.exec(key) ?? [];
    const index = indexes[Number(position)] ?? indexes[0] ?? 0;
    const language = interfaceLanguage();
    const named = messages.map((message) => withColon(field, message, language));
    byRow.set(index, [...(byRow.get(index) ?? []), ...named]);
  }
  return [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, messages]) => ({ index, title: titleOf(index), messages }));
}

/** Row numbers as short ranges: 2, 3, 4, 7 → "2–4, 7". */
export function formatRowRanges(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const ranges: string[] = [];
  let start = sorted[0];
  for (let i = 0; start !== undefined && i < sorted.length; i += 1) {
    const current = sorted[i] ?? start;
    const next = sorted[i + 1];
    if (next === current + 1) continue;
    ranges.push(current === start ? `${start}` : `${start}–${current}`);
    start = next;
  }
  return ranges.join(', ');
}

/**
 * A row's message with the wire's name of an item's own part ('contact_email: …') put in the person's
 * words ('Contact e-mail: …'); an answer's message already names its field by label.
 */
export function nameWireField(message: string, names: Record<string, string>): string {
  // The colon is the interface's: "title: …" in English, "title : …" in French.
  const [, key = '', rest = ''] = /^([a-z_]+) ?: (.*)$/s.exec(message) ?? [];
  const name = names[key];
  return name ? withColon(name, rest, interfaceLanguage()) : message;
}
