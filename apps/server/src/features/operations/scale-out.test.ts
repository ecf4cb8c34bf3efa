import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  dataModels,
  datumFields,
  datumValues,
  formSubmissions,
  intakeForms,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { cheapCaptcha } from '../../test/captcha.ts';
import { openDataDir, openTestDatabase } from '../../test/database.ts';
import { startServerProcess } from '../../test/processes.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createFileDriver } from '../items/file-store.ts';
import { createTeam } from '../teams/service.ts';

// What processes.test.ts proves already (200 queued e-mails sent once by two processes, a daily digest
// sent once) is not repeated here: these are the files, the limits and a crash in the middle of a burst.
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const JWT_SECRET = 'scale-out-secret-scale-out-secret-42';
const PASSWORD = 'correct-horse-battery';

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** A published form whose one question is a required PDF, and a team admin who can sign in. */
async function seedForm(db: Db) {
  const team = await createTeam({ db }, { title: 'Scale-out' });
  const [admin] = await db
    .insert(users)
    .values({
      username: 'admin@scale.test',
      email: 'admin@scale.test',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  if (!admin) throw new Error('no admin');
  await db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Applications' }).returning();
  if (!model) throw new Error('no model');
  const [deck] = await db
    .insert(datumFields)
    .values({
      dataModelId: model.id,
      resourcetype: 'file',
      label: 'Deck',
      required: true,
      mimeTypes: ['application/pdf'],
      maxSizeBytes: 1024 * 1024,
      order: 1,
    })
    .returning();
  const [form] = await db
    .insert(intakeForms)
    .values({ teamId: team.id, dataModelId: model.id, title: 'Call', published: true })
    .returning();
  if (!deck || !form) throw new Error('no form');
  return { formId: form.id, deckId: deck.id };
}
type Seeded = Awaited<ReturnType<typeof seedForm>>;

/** Respondent i's deck: a PDF of its own bytes (about 16 KB), to tell one stored file from another. */
const deckOf = (i: number) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% respondent ${i}\n`),
    Buffer.alloc(16 * 1024, `${i} `),
    Buffer.from('\n%%EOF\n'),
  ]);
/** The respondent of the test of one file through two processes, not one of the burst's. */
const ONE_FILE = 100_000;
const ONE_FILE_EMAIL = `respondent${ONE_FILE}@scale.test`;
const addressOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/**
 * The public page's protocol for respondent i: create (with a captcha), upload the deck by its grant,
 * commit. `base(step)` says which process each of the three requests goes to. True only when the commit
 * answered 200: the respondent was told that the submission was received.
 */
async function respond(base: (step: number) => Promise<string>, i: number, seeded: Seeded) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) };
  const deck = deckOf(i);
  const created = await fetch(`${await base(0)}/api/v1/form-submissions/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      form: seeded.formId,
      email: `respondent${i}@scale.test`,
      captcha: await cheapCaptcha(JWT_SECRET),
      datum_values: [
        {
          datum_field: seeded.deckId,
          file: { name: 'deck.pdf', size: deck.length, type: 'application/pdf' },
        },
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const submission = (await created.json()) as {
    submission_id: number;
    edit_token: string;
    file_uploads_grants: { file_key: string }[];
  };
  const body = new FormData();
  body.append('key', submission.file_uploads_grants[0]?.file_key ?? '');
  body.append('file', new Blob([deck], { type: 'application/pdf' }), 'deck.pdf');
  const uploaded = await fetch(
    `${await base(1)}/api/v1/form-submissions/${submission.submission_id}/upload/`,
    {
      method: 'POST',
      headers: { 'x-forwarded-for': addressOf(i) },
      body,
    },
  );
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const committed = await fetch(
    `${await base(2)}/api/v1/form-submissions/${submission.submission_id}/commit/`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: submission.edit_token, action: 'submit' }),
    },
  );
  await committed.arrayBuffer();
  return committed.status === 200;
}

/**
 * `count` respondents, `clients` at a time; once `killAfter` of them are acknowledged, `crash` runs
 * (concurrently: respondents keep coming). A respondent whose request fails (connection reset or
 * refused by the killed process) is not acknowledged and does not try again.
 */
async function burst(options: {
  count: number;
  clients: number;
  killAfter: number;
  base: (i: number, step: number) => Promise<string>;
  seeded: Seeded;
  crash: () => Promise<void>;
}) {
  const acknowledged: number[] = [];
  const failed: string[] = [];
  let crashed: Promise<void> | undefined;
  let next = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < options.count) {
        const i = next++;
        const ok = await respond((step) => options.base(i, step), i, options.seeded).catch((error: Error) => {
          failed.push(`${i}: ${error.message}`);
          return false;
        });
        if (ok) acknowledged.push(i);
        if (!crashed && acknowledged.length >= options.killAfter) crashed = options.crash();
      }
    }),
  );
  await crashed;
  return { acknowledged, failed };
}

/** Every acknowledged respondent's submission is submitted, with its deck stored byte for byte. */
async function expectStored(db: Db, files: ReturnType<typeof createFileDriver>, acknowledged: number[]) {
  const rows = await db
    .select({ email: formSubmissions.email, status: formSubmissions.status, fileKey: datumValues.fileKey })
    .from(formSubmissions)
    .leftJoin(datumValues, eq(datumValues.datasetId, formSubmissions.datasetId))
    .where(
      inArray(
        formSubmissions.email,
        acknowledged.map((i) => `respondent${i}@scale.test`),
      ),
    );
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const missing: string[] = [];
  for (const i of acknowledged) {
    const row = byEmail.get(`respondent${i}@scale.test`);
    if (row?.status !== 'submitted' || !row.fileKey) {
      missing.push(`${i}: ${row ? `${row.status}, file key ${row.fileKey}` : 'no row'}`);
      continue;
    }
    const stored = await files.get(row.fileKey);
    const bytes = stored ? Buffer.concat(await (stored.body as Readable).toArray()) : null;
    if (!bytes?.equals(deckOf(i))) missing.push(`${i}: file ${bytes ? 'differs' : 'missing'}`);
  }
  expect(missing).toEqual([]);
  // No submission is submitted without its file either, acknowledged or not.
  const submitted = await db
    .select({ fileKey: datumValues.fileKey })
    .from(formSubmissions)
    .innerJoin(datumValues, eq(datumValues.datasetId, formSubmissions.datasetId))
    .where(and(eq(formSubmissions.status, 'submitted'), ne(formSubmissions.email, ONE_FILE_EMAIL)));
  for (const { fileKey } of submitted) expect(await files.sizeOf(fileKey ?? '')).toBeGreaterThan(0);
  return submitted.length;
}

describe.runIf(isPostgres)('two server processes on one PostgreSQL and one S3 bucket', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let env: Record<string, string>;
  let processes: ServerProcess[];
  let seeded: Seeded;

  beforeAll(async () => {
    database = await openTestDatabase();
    s3 = await startS3Server();
    seeded = await seedForm(database.db);
    env = { DATABASE_URL: database.url ?? '', JWT_SECRET, TRUST_PROXY: 'true', ...s3.env };
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all((processes ?? []).map((p) => p.stop()));
    await s3?.close();
    await database?.close();
  });

  it('downloads through one process, by its signed link, the file uploaded through the other', async () => {
    const [a, b] = processes as [ServerProcess, ServerProcess];
    // Created and committed through A, uploaded through B.
    const at = [a.url, b.url, a.url];
    expect(await respond(async (step) => at[step] ?? '', ONE_FILE, seeded)).toBe(true);
    const signIn = await fetch(`${b.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.1' },
      body: JSON.stringify({ username: 'admin@scale.test', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const [submission] = await database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.email, ONE_FILE_EMAIL));
    for (const [linker, downloader] of [
      [a, b],
      [b, a],
    ] as const) {
      const item = await fetch(`${linker.url}/api/v1/datasets/${submission?.datasetId}/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(item.status).toBe(200);
      const { datum_values } = (await item.json()) as { datum_values: { file_url_signed: string | null }[] };
      const link = datum_values[0]?.file_url_signed;
      expect(link).toMatch(/^\/api\/v1\/files\//);
      const download = await fetch(`${downloader.url}${link}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(deckOf(ONE_FILE))).toBe(true);
    }
  });

  it('refuses 20 of 30 wrong sign-ins spread over both processes, as it does on one', async () => {
    const signIns = async (pick: (i: number) => ServerProcess, address: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const reply = await fetch(`${pick(i).url}/api/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ username: 'admin@scale.test', password: 'wrong-password' }),
        });
        await reply.arrayBuffer();
        statuses.push(reply.status);
      }
      return statuses;
    };
    const [a, b] = processes as [ServerProcess, ServerProcess];
    const onOne = await signIns(() => a, '10.79.0.1');
    const spread = await signIns((i) => (i % 2 === 0 ? a : b), '10.79.0.2');
    expect(onOne.filter((status) => status === 429)).toHaveLength(20);
    expect(spread).toEqual(onOne);
  });

  it('keeps every acknowledged submission with its file (in the bucket) when one of two processes is killed with SIGKILL during a burst of 300', async () => {
    const [a, b] = processes as [ServerProcess, ServerProcess];
    let alive = [a, b];
    // As a load balancer would: each request to the next live process, so that one respondent's three
    // requests go to both; the killed process is taken out of the rotation once it is down.
    const result = await burst({
      count: 300,
      clients: 20,
      killAfter: 100,
      seeded,
      base: async (i, step) => (alive[(i + step) % alive.length] as ServerProcess).url,
      crash: async () => {
        await b.kill();
        alive = [a];
      },
    });
    // The kill cut some respondents short, and the rest went on through the survivor.
    expect(result.failed.length).toBeGreaterThan(0);
    expect(result.failed.length).toBeLessThan(40);
    expect(result.acknowledged.length).toBeGreaterThan(250);
    const submitted = await expectStored(
      database.db,
      createFileDriver({ dataDir: '/nonexistent', s3: s3.config }),
      [...result.acknowledged],
    );
    // Submitted but not acknowledged: the commit went through and the reply was lost in the kill.
    expect(submitted - result.acknowledged.length).toBeLessThanOrEqual(result.failed.length);
  }, 60_000);
});

describe.runIf(!isPostgres)(
  'the embedded engine: one process killed with SIGKILL and restarted on its DATA_DIR',
  () => {
    it('keeps every acknowledged submission with its file (in DATA_DIR/files) through a kill -9 and a restart, in a burst of 150 (300 on PostgreSQL)', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shortlist-crash-'));
      const env = { JWT_SECRET, TRUST_PROXY: 'true' };
      try {
        // Seeded before the server starts: the embedded database is one process's at a time.
        const seeding = await openDataDir(dataDir);
        const seeded = await seedForm(seeding.db);
        await seeding.close();

        let server = await startServerProcess(env, { dataDir });
        let restarted: Promise<ServerProcess> | undefined;
        const result = await burst({
          count: 150,
          clients: 10,
          killAfter: 50,
          seeded,
          // While the process is down, respondents wait for it to be back, as behind a proxy that retries.
          base: async () => (restarted ? await restarted : server).url,
          crash: async () => {
            const killed = server;
            restarted = killed.kill().then(() => startServerProcess(env, { dataDir, port: killed.port }));
            server = await restarted;
            restarted = undefined;
          },
        });
        await server.stop();

        expect(result.failed.length).toBeGreaterThan(0);
        expect(result.failed.length).toBeLessThan(20);
        expect(result.acknowledged.length).toBeGreaterThan(130);
        const reopened = await openDataDir(dataDir);
        try {
          const config: Pick<Config, 'dataDir' | 's3'> = loadConfig({ DATA_DIR: dataDir });
          await expectStored(reopened.db, createFileDriver(config), result.acknowledged);
        } finally {
          await reopened.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 90_000);
  },
);
