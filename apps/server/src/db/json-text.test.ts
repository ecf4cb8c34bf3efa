import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import type { Database } from './client.ts';
import { jsonArrayText, jsonNumber, jsonObjectText, jsonValue } from './json-text.ts';
import { selectRows } from './raw-rows.ts';

/** JSON built by concatenation is valid and says what `json_build_object` says, on either engine. */
describe('JSON text built in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  // Titles that need escaping, tags absent or empty, numbers with long or no fractions, nulls.
  const rows = sql`SELECT * FROM (VALUES
      (1, 'Plain', ARRAY['a', 'b'], 0.1::float8, 3),
      (2, E'Quote " back\\\\slash \\n new line, tab \\t, é ✓ \\u0001', NULL::text[], -2.5e-7::float8, NULL::int),
      (3, 'It''s', ARRAY[]::text[], NULL::float8, 0),
      (4, NULL, ARRAY['x"y'], 1e21::float8, -1),
      (5, 'Third of 10', ARRAY['t'], (10 / 3.0)::float8, 2147483647)
    ) AS r(id, title, tags, value, n)`;

  it('gives the objects and the array json_build_object and json_agg give', async () => {
    const [built] = await selectRows<{ text: string; reference: unknown }>(
      database.db,
      sql`SELECT ${jsonArrayText(
        jsonObjectText({
          id: jsonNumber(sql`r.id`),
          title: jsonValue(sql`r.title`),
          tags: jsonValue(sql`r.tags`),
          value: jsonNumber(sql`r.value`),
          n: jsonNumber(sql`r.n`),
        }),
        sql`r.id DESC`,
      )} AS text,
        json_agg(json_build_object('id', r.id, 'title', r.title, 'tags', r.tags, 'value', r.value, 'n', r.n)
          ORDER BY r.id DESC) AS reference
      FROM (${rows}) r`,
    );
    const parsed = JSON.parse(built?.text ?? '');
    expect(parsed).toEqual(built?.reference);
    expect(parsed.map((row: { id: number }) => row.id)).toEqual([5, 4, 3, 2, 1]);
    expect(parsed[3].title).toBe('Quote " back\\slash \n new line, tab \t, é ✓ \u0001');
    expect(parsed[2].value).toBe(null);
  });

  it('gives an empty array for no rows', async () => {
    const [built] = await selectRows<{ text: string }>(
      database.db,
      sql`SELECT ${jsonArrayText(jsonObjectText({ id: jsonNumber(sql`r.id`) }), sql`r.id`)} AS text
        FROM (${rows}) r WHERE false`,
    );
    expect(built?.text).toBe('[]');
  });
});
