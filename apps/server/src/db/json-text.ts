import { type SQL, sql } from 'drizzle-orm';

// JSON text assembled by concatenation in SQL, for replies of thousands of objects sent as they are.
// PGlite's `json_build_object` works out the type of each argument on every call: for a report's 12,000
// objects that was a third of its statement (decision 66). Each field's value is an expression that
// already yields JSON text: `jsonNumber`, `jsonValue`, or JSON built the same way.

/** A SQL string literal of text written in our code. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** The members of an object (`"key":value,…`, no braces), in their order. */
export function jsonMembersText(fields: Record<string, SQL>): SQL {
  const parts = Object.entries(fields).map(
    ([key, value], index) => sql`${literal(`${index === 0 ? '' : ','}${JSON.stringify(key)}:`)} || ${value}`,
  );
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** An object of the given fields, in their order. */
export const jsonObjectText = (fields: Record<string, SQL>) =>
  sql`('{' || ${jsonMembersText(fields)} || '}')`;

/** A finite number or null: float8's shortest exact text, which is also what `json_build_object` writes. */
export const jsonNumber = (value: SQL) => sql`coalesce((${value})::text, 'null')`;

/** A string, an array or null, escaped by `to_json`. */
export const jsonValue = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/** An aggregate: the group's JSON texts as one array in the given order, `[]` for none. */
export const jsonArrayText = (element: SQL, orderBy: SQL) =>
  sql`coalesce('[' || string_agg(${element}, ',' ORDER BY ${orderBy}) || ']', '[]')`;
