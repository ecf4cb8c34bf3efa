/// <reference path="../apps/server/src/test/s3rver.d.ts" />
// Public form submissions at once (`npm run bench:submissions`): 500 respondents, 50 at a time, each
// sending the whole protocol of the public page (POST answers with a solved captcha, upload of a 500 KB
// PDF for one in five, commit submit) through the real app over loopback HTTP, on PGlite and
// PostgreSQL. Captchas are solved before the burst (that is the respondents' CPU, not the server's).
// Afterwards the rows and files are counted: nothing may be lost or doubled.
//
// `npm run bench:submissions -- --processes`: the same burst against one, then three real server processes
// (`src/server.ts`, background jobs on) on one PostgreSQL, files to an S3 server on loopback (s3rver),
// each respondent's requests spread over the processes as a load balancer would (issue 17).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  dataModels,
  datumFields,
  datumValues,
  formSubmissions,
  intakeForms,
  mailQueue,
} from '../apps/server/src/db/schema/index.ts';
import { createFileDriver } from '../apps/server/src/features/items/file-store.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { cheapCaptcha } from '../apps/server/src/test/captcha.ts';
import { startServerProcess } from '../apps/server/src/test/processes.ts';
import { startS3Server } from '../apps/server/src/test/s3-server.ts';
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { benchBothEngines, describeMachine, percentile } from './bench-app.ts';

const SUBMISSIONS = 500;
const CLIENTS = 50;
const WITH_FILE_EVERY = 5;
const FILE_BYTES = 500 * 1024;
const HOST = '127.0.0.1';
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(FILE_BYTES - 15, 32),
  Buffer.from('\n%%EOF\n'),
]);

/** The real app behind a trusted proxy: each respondent has its own address, as in real life. */
function buildBurstApp(database: Database, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
  });
  return buildApp({
    config,
    db: database.db,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
  });
}

async function seed({ db }: Database) {
  const team = await createTeam({ db }, { title: 'Bench team' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Applications' }).returning();
  if (!model) throw new Error('no model');
  const fields = await db
    .insert(datumFields)
    .values([
      {
        dataModelId: model.id,
        resourcetype: 'text',
        label: 'Project',
        required: true,
        responseMaxLength: 200,
        order: 1,
      },
      { dataModelId: model.id, resourcetype: 'text', label: 'Pitch', responseMaxLength: 5000, order: 2 },
      {
        dataModelId: model.id,
        resourcetype: 'choice',
        label: 'Stage',
        options: [{ label: 'Idea' }, { label: 'Prototype' }],
        order: 3,
      },
      {
        dataModelId: model.id,
        resourcetype: 'file',
        label: 'Deck',
        mimeTypes: ['application/pdf'],
        maxSizeBytes: 1024 * 1024,
        order: 4,
      },
    ])
    .returning();
  const [form] = await db
    .insert(intakeForms)
    .values({
      teamId: team.id,
      dataModelId: model.id,
      title: 'Burst',
      published: true,
      respondentEmailActive: true,
      respondentEmailSubject: 'Received',
      respondentEmailContent: 'Thanks.\n[summary]',
    })
    .returning();
  if (!form) throw new Error('no form');
  return { formId: form.id, fields };
}

const addressOf = (i: number) =>
  `10.${Math.floor(i / 62500) % 250}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/** One solved captcha per respondent, several solved at once on libuv's thread pool. */
async function solveCaptchas(base: string) {
  const payloads: string[] = [];
  for (let start = 0; start < SUBMISSIONS; start += 16) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(16, SUBMISSIONS - start) }, async (_, k) => {
        const challenge = await fetch(`${base}/api/v1/captcha/challenge/`, {
          headers: { 'x-forwarded-for': addressOf(start + k) },
        }).then((reply) => reply.json());
        const solution = await solveChallenge({ challenge, deriveKey });
        return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      }),
    );
    payloads.push(...batch);
  }
  return payloads;
}

async function respond(
  base: string | ((step: number) => string),
  i: number,
  captcha: string,
  seeded: Awaited<ReturnType<typeof seed>>,
) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) };
  const [project, pitch, stage, deck] = seeded.fields;
  const withFile = i % WITH_FILE_EVERY === 0;
  const at = (step: number) => (typeof base === 'string' ? base : base(step));
  const created = await fetch(`${at(0)}/api/v1/form-submissions/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      form: seeded.formId,
      email: `respondent${i}@bench.test`,
      captcha,
      datum_values: [
        { datum_field: project?.id, response: `Project ${i}` },
        { datum_field: pitch?.id, response: 'A long pitch. '.repeat(200) },
        { datum_field: stage?.id, response: i % 2 ? 'Idea' : 'Prototype' },
        ...(withFile
          ? [{ datum_field: deck?.id, file: { name: 'deck.pdf', size: PDF.length, type: 'application/pdf' } }]
          : []),
      ],
    }),
  });
  if (created.status !== 201) return false;
  const submission = (await created.json()) as {
    submission_id: number;
    edit_token: string;
    file_uploads_grants: { file_key: string }[];
  };
  for (const grant of submission.file_uploads_grants) {
    const body = new FormData();
    body.append('key', grant.file_key);
    body.append('file', new Blob([PDF], { type: 'application/pdf' }), 'deck.pdf');
    const uploaded = await fetch(`${at(1)}/api/v1/form-submissions/${submission.submission_id}/upload/`, {
      method: 'POST',
      headers: { 'x-forwarded-for': addressOf(i) },
      body,
    });
    await uploaded.arrayBuffer();
    if (uploaded.status !== 200) return false;
  }
  const committed = await fetch(`${at(2)}/api/v1/form-submissions/${submission.submission_id}/commit/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: submission.edit_token, action: 'submit' }),
  });
  await committed.arrayBuffer();
  return committed.status === 200;
}

async function benchEngine(database: Database, dataDir: string) {
  const app = await buildBurstApp(database, dataDir);
  try {
    const seeded = await seed(database);
    const base = await app.listen({ port: 0, host: HOST });
    console.error(`  ${database.engine}: solving ${SUBMISSIONS} captchas...`);
    const captchas = await solveCaptchas(base);
    console.error(`  ${database.engine}: ${SUBMISSIONS} submissions from ${CLIENTS} clients...`);
    const times: number[] = [];
    let failed = 0;
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < SUBMISSIONS) {
          const i = next++;
          const sent = performance.now();
          const ok = await respond(base, i, captchas[i] ?? '', seeded).catch(() => false);
          times.push(performance.now() - sent);
          if (!ok) failed += 1;
        }
      }),
    );
    const wallMs = performance.now() - start;
    times.sort((a, b) => a - b);
    const { db } = database;
    const [[submitted], [files], [mails]] = await Promise.all([
      db
        .select({ n: count() })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.formId, seeded.formId), eq(formSubmissions.status, 'submitted'))),
      db.select({ n: count() }).from(datumValues).where(isNotNull(datumValues.fileKey)),
      db.select({ n: count() }).from(mailQueue),
    ]);
    const filesDir = path.join(dataDir, 'files');
    return {
      engine: database.engine,
      wallMs,
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      max: times.at(-1) ?? 0,
      failed,
      submitted: submitted?.n ?? 0,
      fileRows: files?.n ?? 0,
      filesOnDisk: existsSync(filesDir) ? readdirSync(filesDir).length : 0,
      mails: mails?.n ?? 0,
    };
  } finally {
    await app.close();
  }
}

function report(results: Awaited<ReturnType<typeof benchEngine>>[]) {
  const expectedFiles = Math.ceil(SUBMISSIONS / WITH_FILE_EVERY);
  const lines = [
    describeMachine(),
    `${SUBMISSIONS} public form submissions from ${CLIENTS} parallel clients (POST + upload of a 500 KB PDF for 1 in ${WITH_FILE_EVERY} + commit submit)`,
    '',
    '| engine | wall (s) | submissions/s | p50 (ms) | p99 (ms) | max (ms) | failed | submitted | files (rows/disk) | mails queued |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    const lost =
      r.submitted === SUBMISSIONS && r.fileRows === expectedFiles && r.filesOnDisk === expectedFiles
        ? ''
        : ' ⚠';
    lines.push(
      `| ${r.engine} | ${(r.wallMs / 1000).toFixed(1)} | ${(SUBMISSIONS / (r.wallMs / 1000)).toFixed(0)} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${Math.round(r.max)} | ${r.failed} | ${r.submitted}${lost} | ${r.fileRows}/${r.filesOnDisk} | ${r.mails} |`,
    );
  }
  console.log(lines.join('\n'));
  if (results.some((r) => r.failed > 0 || r.submitted !== SUBMISSIONS || r.filesOnDisk !== expectedFiles))
    process.exitCode = 1;
}

const PROCESS_COUNTS = [1, 3];
const PROCESS_JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

/** The burst against `count` server processes on a fresh database of the cluster, files to the bucket. */
async function benchProcesses(
  processCount: number,
  clusterUrl: string,
  s3: Awaited<ReturnType<typeof startS3Server>>,
) {
  const url = new URL(clusterUrl);
  url.pathname = `/bench_processes_${processCount}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database bench_processes_${processCount}`);
  await admin.end();
  const env = {
    DATABASE_URL: url.toString(),
    JWT_SECRET: PROCESS_JWT_SECRET,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
    // Set, so that the first start prints no generated password into the report.
    ADMIN_PASSWORD: 'bench-admin-password',
    ...s3.env,
  };
  // The first process migrates; the others start once it has.
  const first = await startServerProcess(env);
  const servers = [
    first,
    ...(await Promise.all(Array.from({ length: processCount - 1 }, () => startServerProcess(env)))),
  ];
  const database = await openDatabase({ url: url.toString() });
  try {
    const seeded = await seed(database);
    console.error(`  ${processCount} process(es): ${SUBMISSIONS} captchas...`);
    const captchas: string[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) captchas.push(await cheapCaptcha(PROCESS_JWT_SECRET));
    console.error(`  ${processCount} process(es): ${SUBMISSIONS} submissions from ${CLIENTS} clients...`);
    const cpuBefore = servers.map((server) => server.cpuMs());
    const times: number[] = [];
    let failed = 0;
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < SUBMISSIONS) {
          const i = next++;
          const sent = performance.now();
          const base = (step: number) => (servers[(i + step) % servers.length] as (typeof servers)[0]).url;
          const ok = await respond(base, i, captchas[i] ?? '', seeded).catch(() => false);
          times.push(performance.now() - sent);
          if (!ok) failed += 1;
        }
      }),
    );
    const wallMs = performance.now() - start;
    const cpuMs = servers.reduce((sum, server, k) => sum + server.cpuMs() - (cpuBefore[k] ?? 0), 0);
    times.sort((a, b) => a - b);
    const { db } = database;
    const [submitted] = await db
      .select({ n: count() })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, seeded.formId), eq(formSubmissions.status, 'submitted')));
    const fileKeys = await db
      .select({ key: datumValues.fileKey })
      .from(datumValues)
      .where(isNotNull(datumValues.fileKey));
    const files = createFileDriver({ dataDir: '/nonexistent', s3: s3.config });
    let objects = 0;
    for (const { key } of fileKeys) if ((await files.sizeOf(key ?? '')) === PDF.length) objects += 1;
    const requests = SUBMISSIONS * 2 + Math.ceil(SUBMISSIONS / WITH_FILE_EVERY);
    return {
      processCount,
      wallMs,
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      failed,
      submitted: submitted?.n ?? 0,
      fileRows: fileKeys.length,
      objects,
      cpuMsPerRequest: cpuMs / requests,
      cpuMsPerSubmission: cpuMs / SUBMISSIONS,
      cores: cpuMs / wallMs,
    };
  } finally {
    await database.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function mainProcesses() {
  console.error('Benchmarking a burst of public form submissions against 1 and 3 server processes...');
  const cluster = await startCluster();
  const s3 = await startS3Server();
  try {
    const results = [];
    for (const count of PROCESS_COUNTS) results.push(await benchProcesses(count, cluster.url, s3));
    const expectedFiles = Math.ceil(SUBMISSIONS / WITH_FILE_EVERY);
    const lines = [
      describeMachine(),
      `${SUBMISSIONS} public form submissions from ${CLIENTS} parallel clients (POST + upload of a 500 KB PDF for 1 in ${WITH_FILE_EVERY} + commit submit), server processes on one PostgreSQL, files to s3rver on loopback`,
      '',
      '| processes | submissions/s | p50 (ms) | p99 (ms) | failed | submitted | files (rows/objects) | server CPU per request (ms) | per submission (ms) | cores busy |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const r of results) {
      const lost = r.submitted === SUBMISSIONS && r.objects === expectedFiles ? '' : ' ⚠';
      lines.push(
        `| ${r.processCount} | ${(SUBMISSIONS / (r.wallMs / 1000)).toFixed(0)} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${r.failed} | ${r.submitted}${lost} | ${r.fileRows}/${r.objects} | ${r.cpuMsPerRequest.toFixed(1)} | ${r.cpuMsPerSubmission.toFixed(1)} | ${r.cores.toFixed(2)} |`,
      );
    }
    const [one, three] = results;
    if (one && three) lines.push('', `three / one: ${(one.wallMs / three.wallMs).toFixed(2)}× submissions/s`);
    console.log(lines.join('\n'));
    if (results.some((r) => r.failed > 0 || r.submitted !== SUBMISSIONS || r.objects !== expectedFiles))
      process.exitCode = 1;
  } finally {
    await s3.close();
    stopCluster(cluster.dir);
  }
}

if (process.argv.includes('--processes')) {
  mainProcesses().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  benchBothEngines('a burst of public form submissions (about a minute per engine)', benchEngine, report);
}
