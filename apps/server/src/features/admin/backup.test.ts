import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/database.ts';
import { backup, restore } from './backup.ts';
import { createUserCommand } from './commands.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shortlist-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

it.skipIf(isPostgresRun)('backs up the embedded database into a file that restores', async () => {
  const config = loadConfig({ DATA_DIR: path.join(work, 'original') });
  const original = await openDatabase({ dataDir: config.dataDir });
  await createUserCommand(original.db, { email: 'kept@example.org', password: 'kept-password' });
  await original.close();

  const file = path.join(work, 'backup.tar.gz');
  await backup(config, file);
  expect(statSync(file).size).toBeGreaterThan(1000);

  const restoredConfig = loadConfig({ DATA_DIR: path.join(work, 'restored') });
  await restore(restoredConfig, file);
  const restored = await openDatabase({ dataDir: restoredConfig.dataDir });
  const rows = await restored.db.select().from(users);
  await restored.close();
  expect(rows.map((row) => row.email)).toEqual(['kept@example.org']);

  await expect(restore(restoredConfig, file)).rejects.toThrow(/not empty/);
  expect(existsSync(path.join(restoredConfig.dataDir, 'shortlist.lock'))).toBe(false);
});

it.skipIf(!isPostgresRun)('backs up PostgreSQL with pg_dump into a file pg_restore reads', async () => {
  const database = await openTestDatabase();
  await createUserCommand(database.db, { email: 'kept@example.org', password: 'kept-password' });
  const config = loadConfig({ DATA_DIR: work, DATABASE_URL: database.url ?? '' });
  const file = path.join(work, 'backup.dump');
  try {
    await backup(config, file);
  } finally {
    await database.close();
  }
  const listing = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8' });
  expect(listing.status).toBe(0);
  expect(listing.stdout).toMatch(/TABLE public users/);
});
