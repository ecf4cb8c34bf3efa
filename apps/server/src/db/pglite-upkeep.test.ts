import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upkeepPglite } from './pglite-upkeep.ts';

// The embedded engine's own upkeep: a PostgreSQL server has autovacuum, and the run on it has nothing to add.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the upkeep of PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table items (id int primary key, value int); create table quiet (id int)');
    await client.exec('insert into quiet select generate_series(1, 10)');
    await upkeepPglite(client);
  });
  afterAll(() => client.close());

  /** How many times each table was vacuumed and analyzed, by anyone. */
  async function counts(table: string) {
    const { rows } = await client.query<{ vacuums: number; analyzes: number }>(
      `select vacuum_count::int as vacuums, analyze_count::int as analyzes
     from pg_stat_user_tables where relname = $1`,
      [table],
    );
    return rows[0];
  }

  it('vacuums and analyzes a table once enough rows were written, as autovacuum would, and no other', async () => {
    await client.exec('insert into items select i, i from generate_series(1, 2000) as i');
    // 2,000 rows inserted into an empty table: past the 1,000 that call for a vacuum.
    expect(await upkeepPglite(client)).toEqual([{ table: 'items', vacuum: true }]);
    expect(await counts('items')).toEqual({ vacuums: 1, analyzes: 1 });
    // Nothing changed since: nothing to do, for any table.
    expect(await upkeepPglite(client)).toEqual([]);
    expect(await counts('quiet')).toEqual({ vacuums: 0, analyzes: 0 });
  });

  it('analyzes a table past 10 % of its rows changed, and vacuums it past 20 % of them dead', async () => {
    // 200 of 2,000 rows: within the 50 + 10 % that autovacuum lets change before an analyze.
    await client.exec('update items set value = value + 1 where id <= 200');
    expect(await upkeepPglite(client)).toEqual([]);
    await client.exec('update items set value = value + 1 where id <= 100');
    expect(await upkeepPglite(client)).toEqual([{ table: 'items', vacuum: false }]);
    // 300 dead rows so far; 200 more pass the 50 + 20 % that call for a vacuum.
    await client.exec('delete from items where id > 1800');
    expect(await upkeepPglite(client)).toEqual([{ table: 'items', vacuum: true }]);
    expect(await counts('items')).toEqual({ vacuums: 2, analyzes: 3 });
  });
});
