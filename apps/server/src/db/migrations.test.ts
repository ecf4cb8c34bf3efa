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

describe('migration 0040_pairwise_second_look', () => {
  it('marks as skipped the items a judge was shown, is not shown now and never voted on', {
    timeout: 180_000,
  }, async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0040_pairwise_second_look') });
      await client.exec(`
        insert into teams (id, title, package) values (1, 'Team', '{}');
        insert into data_models (id, team_id, title) values (1, 1, 'Type');
        insert into datasets (id, data_model_id, team_id, title)
          values (1, 1, 1, 'A'), (2, 1, 1, 'B'), (3, 1, 1, 'C'), (4, 1, 1, 'D'), (5, 1, 1, 'E');
        insert into issues (id, team_id, resourcetype, title) values (1, 1, 'PairwiseIssue', 'Expo');
        insert into users (id, username, email) values (1, 'j@x.org', 'j@x.org'), (2, 'k@x.org', 'k@x.org');
        insert into issue_accesses (id, issue_id, user_id, token) values (1, 1, 1, 't1'), (2, 1, 2, 't2');
        insert into pairwise_judges (access_id, issue_id, alpha, beta, previous_id, next_id)
          values (1, 1, 10, 1, 2, 3), (2, 1, 10, 1, null, 5);
        insert into pairwise_seen (access_id, dataset_id)
          values (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (2, 5);
        insert into pairwise_votes (issue_id, user_id, winner_id, loser_id) values (1, 1, 1, 2), (1, 2, 4, 1);
      `);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query(
        'select access_id, dataset_id, times, skipped from pairwise_seen order by access_id, dataset_id',
      );
      // Judge 1 voted on A and B, has C on screen: D was skipped. Judge 2 voted on D, has E on screen.
      expect(rows).toEqual([
        { access_id: 1, dataset_id: 1, times: 1, skipped: false },
        { access_id: 1, dataset_id: 2, times: 1, skipped: false },
        { access_id: 1, dataset_id: 3, times: 1, skipped: false },
        { access_id: 1, dataset_id: 4, times: 1, skipped: true },
        { access_id: 2, dataset_id: 4, times: 1, skipped: false },
        { access_id: 2, dataset_id: 5, times: 1, skipped: false },
      ]);
    } finally {
      await client.close();
    }
  });
});
