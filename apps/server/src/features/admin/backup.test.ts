import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { dataModels, datumFields, teamMembers, users } from '../../db/schema/index.ts';
import { openDataDir, openTestDatabase } from '../../test/database.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { resolveJwtSecret } from '../auth/jwt-secret.ts';
import { createTeam } from '../teams/service.ts';
import { backup, restore } from './backup.ts';
import { createUserCommand } from './commands.ts';

// Each test opens the embedded database on a new DATA_DIR two or three times (every migration each time before
// openDataDir loaded the migrated template): 30 to 47 s a test on the 2-core machine under a load of 13.
vi.setConfig({ testTimeout: 180_000 });

const work = mkdtempSync(path.join(tmpdir(), 'shortlist-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

/** The app as server.ts runs it on a DATA_DIR: the embedded database and the files on disk (or in `env`'s bucket). */
async function openAppOn(dataDir: string, env: Record<string, string> = {}) {
  const unlock = lockDataDir(dataDir);
  const database = await openDataDir(dataDir);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shortlist.test', ...env }),
    db: database.db,
    jwtSecret: resolveJwtSecret(undefined, dataDir),
    logger: false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      unlock();
    },
  };
}

type OpenApp = Awaited<ReturnType<typeof openAppOn>>;

/** A PDF (its type is read from its first bytes) of a size that spans many tar blocks and zlib chunks. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_001), Buffer.from('\n%%EOF\n')]);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----shortlist-backup-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An admin's item with a file answer, the file uploaded through the API; returns its signed link. */
async function uploadThroughApi({ app, db }: OpenApp, bytes: Buffer) {
  const [user] = await db
    .insert(users)
    .values({ username: 'ada@example.org', email: 'ada@example.org' })
    .returning();
  if (!user) throw new Error('no user');
  const team = await createTeam({ db }, { title: 'Acme Ventures' });
  await db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'admin' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Startups' }).returning();
  const [field] = await db
    .insert(datumFields)
    .values({
      dataModelId: model?.id ?? 0,
      resourcetype: 'file',
      label: 'Deck',
      mimeTypes: ['application/pdf'],
      maxSizeBytes: 1024 * 1024,
    })
    .returning();
  const authorization = `Bearer ${(await app.ctx.tokens.issuePair(user.id)).access}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/datasets/',
    headers: { authorization },
    payload: {
      data_model: model?.id,
      title: 'Acme',
      datum_values: [{ datum_field: field?.id, resourcetype: 'file' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const item = created.json();
  const { payload, headers } = multipart('deck.pdf', bytes);
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/v1/datum-values/${item.datum_values[0].id}/upload/`,
    headers: { ...headers, authorization },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return { itemId: item.id as number, userId: user.id, url: uploaded.json().file_url_signed as string };
}

it.skipIf(isPostgresRun)(
  'restores the uploaded files: an app on the new DATA_DIR downloads the same bytes',
  async () => {
    const originalDir = path.join(work, 'with-files');
    const original = await openAppOn(originalDir);
    const { itemId, userId, url } = await uploadThroughApi(original, PDF);
    await original.close();

    const file = path.join(work, 'with-files.tar.gz');
    const lines = await backup(loadConfig({ DATA_DIR: originalDir }), file);
    expect(lines[0]).toMatch(`the database and 1 uploaded file (${PDF.length} bytes)`);
    const listing = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listing.stdout.split('\n').filter(Boolean)).toEqual([
      'database.tar',
      'jwt-secret',
      expect.stringMatching(/^files\/[a-f0-9]{48}$/),
    ]);

    const restoredDir = path.join(work, 'restored-with-files');
    expect(await restore(loadConfig({ DATA_DIR: restoredDir }), file)).toEqual([
      `Restored ${file} into ${restoredDir}: the database and 1 uploaded file.`,
    ]);
    const restored = await openAppOn(restoredDir);
    try {
      const authorization = `Bearer ${(await restored.app.ctx.tokens.issuePair(userId)).access}`;
      const item = await restored.app.inject({
        method: 'GET',
        url: `/api/v1/datasets/${itemId}/`,
        headers: { authorization },
      });
      expect(item.statusCode, item.body).toBe(200);
      const fresh = await restored.app.inject({
        method: 'GET',
        url: item.json().datum_values[0].file_url_signed,
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.rawPayload.equals(PDF)).toBe(true);
      // The JWT secret came along: links signed before the backup still open.
      const old = await restored.app.inject({ method: 'GET', url });
      expect(old.statusCode).toBe(200);
      expect(old.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await restored.close();
    }
    await expect(restore(loadConfig({ DATA_DIR: restoredDir }), file)).rejects.toThrow(
      /pgdata, .*files, .*jwt-secret is not empty: restore into a new DATA_DIR/,
    );
  },
);

it.skipIf(isPostgresRun)(
  'with files in an S3 bucket, backs up the database alone and says where the files are',
  async () => {
    const s3 = await startS3Server();
    try {
      const originalDir = path.join(work, 'with-bucket');
      const original = await openAppOn(originalDir, s3.env);
      const { itemId, userId, url } = await uploadThroughApi(original, PDF);
      await original.close();
      expect(existsSync(path.join(originalDir, 'files'))).toBe(false);

      const file = path.join(work, 'with-bucket.tar.gz');
      const lines = await backup(loadConfig({ DATA_DIR: originalDir, ...s3.env }), file);
      expect(lines[0]).toMatch(/: the database\.$/);
      expect(lines[1]).toBe(
        'Uploaded files are not in it: they are in the bucket s3://shortlist-test, back it up as well (docs/operations.md).',
      );
      const listing = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
      expect(listing.stdout.split('\n').filter(Boolean)).toEqual(['database.tar', 'jwt-secret']);

      const restoredDir = path.join(work, 'restored-with-bucket');
      await restore(loadConfig({ DATA_DIR: restoredDir, ...s3.env }), file);
      const restored = await openAppOn(restoredDir, s3.env);
      try {
        const authorization = `Bearer ${(await restored.app.ctx.tokens.issuePair(userId)).access}`;
        const item = await restored.app.inject({
          method: 'GET',
          url: `/api/v1/datasets/${itemId}/`,
          headers: { authorization },
        });
        const fresh = await restored.app.inject({
          method: 'GET',
          url: item.json().datum_values[0].file_url_signed,
        });
        expect(fresh.rawPayload.equals(PDF)).toBe(true);
        expect((await restored.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await s3.close();
    }
  },
);

it.skipIf(isPostgresRun)('backs up the embedded database into a file that restores', async () => {
  const config = loadConfig({ DATA_DIR: path.join(work, 'original') });
  const original = await openDataDir(config.dataDir);
  await createUserCommand(original.db, { email: 'kept@example.org', password: 'kept-password' });
  await original.close();

  const file = path.join(work, 'backup.tar.gz');
  await backup(config, file);
  expect(statSync(file).size).toBeGreaterThan(1000);
  expect(readdirSync(work).filter((name) => name.endsWith('.partial'))).toEqual([]);

  const restoredConfig = loadConfig({ DATA_DIR: path.join(work, 'restored') });
  await restore(restoredConfig, file);
  const restored = await openDataDir(restoredConfig.dataDir);
  const rows = await restored.db.select().from(users);
  await restored.close();
  expect(rows.map((row) => row.email)).toEqual(['kept@example.org']);

  await expect(restore(restoredConfig, file)).rejects.toThrow(/not empty/);
  expect(existsSync(path.join(restoredConfig.dataDir, 'shortlist.lock'))).toBe(false);
});

it.skipIf(isPostgresRun)('restores an older backup, the database alone, and says so', async () => {
  const dataDir = path.join(work, 'older');
  const original = await openDataDir(dataDir);
  await createUserCommand(original.db, { email: 'older@example.org', password: 'kept-password' });
  const dump = await original.pglite?.dumpDataDir('gzip');
  await original.close();
  const file = path.join(work, 'older.tar.gz');
  writeFileSync(file, Buffer.from(await (dump as Blob).arrayBuffer()));

  const restoredDir = path.join(work, 'restored-older');
  const lines = await restore(loadConfig({ DATA_DIR: restoredDir }), file);
  expect(lines[0]).toBe(`Restored ${file} into ${restoredDir}: the database only.`);
  expect(lines[1]).toMatch(/predates the archiving of uploaded files/);
  const restored = await openDataDir(restoredDir);
  const rows = await restored.db.select().from(users);
  await restored.close();
  expect(rows.map((row) => row.email)).toEqual(['older@example.org']);
});

it.skipIf(isPostgresRun)(
  'refuses a file that is not a backup, and leaves the DATA_DIR unlocked',
  async () => {
    const file = path.join(work, 'notes.txt');
    writeFileSync(file, 'not a backup');
    const dataDir = path.join(work, 'never-restored');
    await expect(restore(loadConfig({ DATA_DIR: dataDir }), file)).rejects.toThrow(
      /notes\.txt is not a Shortlist backup, or it is damaged/,
    );
    expect(existsSync(path.join(dataDir, 'shortlist.lock'))).toBe(false);
  },
);

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
