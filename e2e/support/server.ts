import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../apps/server/src/test/pg-admin.ts';
import { e2eDatabaseServer } from './database.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A DATA_DIR after a first start, which each test file's server starts from a copy of. */
    e2eDataDir: string;
    /** On a PostgreSQL run, the database of that first start, which each file's database is a copy of. */
    e2eDatabaseTemplate: string;
  }
}

/** Frozen: the files of a run share this module (isolate: false), so a file must not change it for the next. */
export const ADMIN = Object.freeze({ email: 'admin@shortlist.test', password: 'e2e-admin-password' });

const root = path.resolve(import.meta.dirname, '../..');

/** A loopback port free now: for a server whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real server, as `npm start` runs it (built web app, a new DATA_DIR, mail kept in the outbox), on a
 * free loopback port; its database embedded, or on PostgreSQL in a test file of a PostgreSQL run
 * (database.ts). `place` starts it where it ran (a release): the same port and data, which then outlive
 * `stop`; there the database is embedded unless `place.databaseUrl` names one.
 */
export async function startServer(
  env: Record<string, string> = {},
  place: { port?: number; dataDir?: string; databaseUrl?: string } = {},
) {
  const port = place.port ?? (await freePort());
  const dataDir = place.dataDir ?? newDataDir();
  const database = place.dataDir ? undefined : await newDatabase();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    // `npm test` builds the server first: a start of the bundle took 4.5 CPU-s, through tsx 10–11 (decision 207).
    process.env.E2E_BUILT_SERVER
      ? [path.join(root, 'apps/server/dist/server.js')]
      : ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        DATABASE_URL: place.databaseUrl ?? database?.url ?? '',
        SMTP_URL: '',
        // A helper's own build (E2E_WEB_DIST) or apps/web/dist.
        WEB_DIST: process.env.E2E_WEB_DIST ?? '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    // A server that did not come up in time must not outlive the test file and load the machine.
    child.kill('SIGTERM');
    await database?.drop();
    throw error;
  }
  return {
    url,
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!place.dataDir) rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** A copy of the suite's started DATA_DIR in a vitest worker; empty in a bench. */
function newDataDir() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-'));
  if (process.env.VITEST_WORKER_ID) cpSync(inject('e2eDataDir'), dataDir, { recursive: true });
  return dataDir;
}

/** In a test file of a PostgreSQL run, a copy of the suite's migrated database. */
async function newDatabase() {
  const server = e2eDatabaseServer();
  const template = process.env.VITEST_WORKER_ID ? inject('e2eDatabaseTemplate') : undefined;
  if (!server || !template) return undefined;
  const { name, url } = await createDatabase(server, 'shortlist_e2e', template);
  return { url, drop: () => dropDatabase(server, name) };
}

/** Well inside the e2e hooks' 180 s: a loaded 2-core machine has taken over 60 s to migrate and listen. */
const START_DEADLINE_MS = 120_000;

async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const reply = await fetch(`${url}/api/v1/users/me/`);
      if (reply.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start within ${START_DEADLINE_MS / 1000} s`);
}
