import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations as they stood before `tag`: a copy of the folder whose journal stops there. */
function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shortlist-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

describe('migration 0030_items_search', () => {
  // Two runs of the migrations on a fresh PGlite: longer than a test's default 30 s on a loaded machine.
  it('copies the status of each item’s own review made before it, not those within a selection', {
    timeout: 180_000,
  }, async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0030_items_search') });
      await client.exec(`
        insert into teams (id, title, package) values (1, 'Team', '{}');
        insert into data_models (id, team_id, title) values (1, 1, 'Type');
        insert into datasets (id, data_model_id, team_id, title) values (1, 1, 1, 'A'), (2, 1, 1, 'B'), (3, 1, 1, 'C');
        insert into review_statuses (id, team_id, label, bg_color) values (7, 1, 'Yes', '#fff');
        insert into issues (id, team_id, resourcetype, title) values (1, 1, 'RatingIssue', 'One');
        insert into reviews (dataset_id, issue_id, status_id) values (1, null, 7), (2, 1, 7), (3, null, null);
      `);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query('select id, review_status_id from datasets order by id');
      expect(rows).toEqual([
        { id: 1, review_status_id: 7 },
        { id: 2, review_status_id: null },
        { id: 3, review_status_id: null },
      ]);
    } finally {
      await client.close();
    }
  });
});
