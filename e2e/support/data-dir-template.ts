import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase } from '../../apps/server/src/test/pg-admin.ts';
import { e2eDatabaseServer } from './database.ts';
import { startServer } from './server.ts';

/**
 * The e2e suite's global set-up: one server's first start (migrations, the admin), whose DATA_DIR, and on
 * a PostgreSQL run whose database, each test file's server starts from a copy of. A first start took 10 s,
 * a start on a copy 5 s (2026-11-29).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-template-'));
  const databaseServer = e2eDatabaseServer();
  const database = databaseServer ? await createDatabase(databaseServer, 'shortlist_e2e') : undefined;
  const server = await startServer({}, { dataDir, databaseUrl: database?.url });
  await server.stop();
  project.provide('e2eDataDir', dataDir);
  project.provide('e2eDatabaseTemplate', database?.name ?? '');
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseServer && database) await dropDatabase(databaseServer, database.name);
  };
}
