/**
 * JSON text that PostgreSQL wrote, to be put in a reply as is rather than parsed, checked and written
 * again: an items page's answers are most of its bytes, and their round trip through objects cost a
 * tenth of a list request's CPU (decision 133).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The type of a reply sent as JSON text. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A mark no text of ours can hold: PostgreSQL's text refuses the NUL character, and JSON.stringify
 * writes any other string's NUL escaped, as this mark is.
 */
const MARK = '\u0000raw:';
const MARKED = /"\\u0000raw:(\d+)"/g;

/** `value` as JSON, each RawJson in it written as its text. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const marked = JSON.stringify(value, (_key, part: unknown) => {
    if (!(part instanceof RawJson)) return part;
    raws.push(part.text);
    return `${MARK}${raws.length - 1}`;
  });
  if (raws.length === 0) return marked;
  return marked.replace(MARKED, (_match, index: string) => raws[Number(index)] ?? 'null');
}
