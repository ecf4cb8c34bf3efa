// Mass e-mail (`npm run bench:emails`): a batch of 5,000 e-mails (and one of 500, for memory) made, rendered
// and sent through the real app to an SMTP sink on loopback at a configured 6,000 a minute, on PGlite and
// PostgreSQL, twice. Each (engine, size) runs in a child process of its own so that its peak RSS is its own.
// Reported: achieved rate / configured rate (goal ≥ 0.9), peak RSS 5,000 / 500 (goal ≤ 1.2×), messages received.
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TEAM_PACKAGE } from '@shortlist/contract';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  dataModels,
  datasets,
  datumFields,
  datumValues,
  formSubmissions,
  intakeForms,
  teamMembers,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { mailJobs } from '../apps/server/src/features/mail/jobs.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { buildBenchApp, describeMachine, withPglite, withPostgres } from './bench-app.ts';

const RATE_PER_MINUTE = 6_000;
const SIZES = [500, 5_000] as const;
const REPEATS = 2;

interface Run {
  engine: string;
  size: number;
  received: number;
  duplicates: number;
  createMs: number;
  renderMs: number;
  sendMs: number;
  /** From the worker's start to the last message received. */
  deliveryMs: number;
  achievedPerMinute: number;
  peakRssMb: number;
}

async function startSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A team allowed mass e-mail, its admin, and `size` items with a submission e-mail and a variable. */
async function seed(database: Database, size: number) {
  const { db } = database;
  const team = await createTeam(
    { db },
    {
      title: 'Bench team',
      package: { ...DEFAULT_TEAM_PACKAGE, mass_emails: true, mass_emails_batch_size_limit: size },
    },
  );
  const [admin] = await db
    .insert(users)
    .values({ username: 'admin@bench.test', email: 'admin@bench.test' })
    .returning();
  if (!admin) throw new Error('no admin');
  await db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Startups' }).returning();
  if (!model) throw new Error('no model');
  const [field] = await db
    .insert(datumFields)
    .values({
      dataModelId: model.id,
      resourcetype: 'text',
      label: 'Project',
      templateVariableEmail: 'project',
    })
    .returning();
  const [form] = await db
    .insert(intakeForms)
    .values({ teamId: team.id, dataModelId: model.id, title: 'Call' })
    .returning();
  if (!field || !form) throw new Error('no field');
  // In chunks of the small batch's size, so that seeding costs the same memory whatever the batch.
  const itemIds: number[] = [];
  for (let from = 0; from < size; from += SIZES[0]) {
    const indexes = Array.from({ length: Math.min(SIZES[0], size - from) }, (_, i) => from + i);
    const items = await db
      .insert(datasets)
      .values(indexes.map((i) => ({ teamId: team.id, dataModelId: model.id, title: `Startup ${i}` })))
      .returning({ id: datasets.id });
    await db.insert(datumValues).values(
      items.map((item, k) => ({
        datasetId: item.id,
        datumFieldId: field.id,
        resourcetype: 'text',
        response: `Project <${indexes[k]}>`,
      })),
    );
    await db.insert(formSubmissions).values(
      items.map((item, k) => ({
        formId: form.id,
        datasetId: item.id,
        email: `founder${indexes[k]}@sink.test`,
        status: 'submitted',
        tokenHash: `h${item.id}`,
      })),
    );
    itemIds.push(...items.map((item) => item.id));
  }
  return { teamId: team.id, adminId: admin.id, itemIds };
}

async function runOne(engine: string, size: number): Promise<Run | undefined> {
  const work = async (database: Database, dataDir: string): Promise<Run> => {
    const sink = await startSink();
    const env = { SMTP_URL: sink.url, MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE) };
    const app = await buildBenchApp(database, dataDir, env);
    await app.ready();
    try {
      const seeded = await seed(database, size);
      const token = (await app.ctx.tokens.issuePair(seeded.adminId)).access;
      const call = async (method: 'POST', url: string, payload: Record<string, unknown>) => {
        const started = performance.now();
        const reply = await app.inject({
          method,
          url: `/api/v1/${url}`,
          payload,
          headers: { authorization: `Bearer ${token}` },
        });
        if (reply.statusCode >= 300) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
        return { body: reply.json(), ms: performance.now() - started };
      };
      const template = await call('POST', 'email-templates/', {
        team: seeded.teamId,
        title: 'News',
        subject: 'News for {{ title }}',
        html_content:
          '<p>Dear founder of {{ project }},</p><p>the jury met. <b>Thank you</b> for applying.</p>',
      });
      const batch = await call('POST', 'email-batches/', {
        team: seeded.teamId,
        title: 'Bench',
        template: template.body.id,
      });
      const created = await call('POST', `email-batches/${batch.body.id}/create_emails/`, {
        datasets: seeded.itemIds,
      });
      if (created.body.nb_emails !== size) throw new Error(`created ${created.body.nb_emails}`);
      const rendered = await call('POST', `email-batches/${batch.body.id}/render_emails/`, {});
      const sent = await call('POST', `email-batches/${batch.body.id}/send_emails/`, {});

      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const worker = startWorker(app.ctx, mailJobs({ mailRatePerMinute: RATE_PER_MINUTE }), {
        log: app.log,
        intervalMs: 100,
      });
      const deadline = started + (size / RATE_PER_MINUTE) * 60_000 * 3 + 30_000;
      while (sink.received.length < size && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const deliveryMs = performance.now() - started;
      await worker.stop();
      clearInterval(sampler);
      await new Promise((r) => setTimeout(r, 500));
      const received = sink.received.length;
      return {
        engine: database.engine,
        size,
        received,
        duplicates: received - new Set(sink.received).size,
        createMs: created.ms,
        renderMs: rendered.ms,
        sendMs: sent.ms,
        deliveryMs,
        achievedPerMinute: received / (deliveryMs / 60_000),
        peakRssMb: peakRss / 2 ** 20,
      };
    } finally {
      await app.close();
      await sink.close();
    }
  };
  return engine === 'pglite' ? withPglite(work) : withPostgres(work);
}

/**
 * One child per (engine, size): it prints its Run as JSON on the last line. Each runs with the same cap
 * on V8's old space: uncapped, V8 defers collection as the heap grows, and peak RSS shows that policy
 * rather than what the sending keeps (docs/performance.md).
 */
const HEAP_CAP_MB = 256;
function runChild(engine: string, size: number): Run | undefined {
  const child = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_CAP_MB}`,
      ...process.execArgv,
      process.argv[1] ?? '',
      '--child',
      engine,
      String(size),
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 2 ** 20,
    },
  );
  const last = child.stdout.trim().split('\n').at(-1);
  return last?.startsWith('{') ? (JSON.parse(last) as Run) : undefined;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function main() {
  const [flag, engine, size] = process.argv.slice(2);
  if (flag === '--child' && engine && size) {
    console.log(JSON.stringify(await runOne(engine, Number(size))));
    process.exit(0);
  }
  console.error(`Benchmarking mass e-mail at ${RATE_PER_MINUTE}/min...`);
  const runs: Run[] = [];
  for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
    for (const name of ['pglite', 'postgres']) {
      for (const n of SIZES) {
        console.error(`  repeat ${repeat}: ${name}, ${n} e-mails...`);
        const run = runChild(name, n);
        if (run) runs.push(run);
      }
    }
  }
  console.log(describeMachine());
  console.log(
    `Configured rate: ${RATE_PER_MINUTE} a minute. Times in ms; peak RSS of the whole process (app, engine, sink), old space capped at ${HEAP_CAP_MB} MB.\n`,
  );
  console.log(
    '| engine | e-mails | received | duplicates | create_emails | render_emails | send_emails | delivery | achieved / configured | peak RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) {
    console.log(
      `| ${r.engine} | ${r.size} | ${r.received} | ${r.duplicates} | ${fmt(r.createMs)} | ${fmt(r.renderMs)} | ${fmt(r.sendMs)} | ${fmt(r.deliveryMs)} | ${fmt(r.achievedPerMinute / RATE_PER_MINUTE, 2)} | ${fmt(r.peakRssMb)} |`,
    );
  }
  for (const name of ['pglite', 'postgres']) {
    const big = runs.filter((r) => r.engine === name && r.size === SIZES[1]);
    const small = runs.filter((r) => r.engine === name && r.size === SIZES[0]);
    if (big.length === 0) continue;
    const worstRate = Math.min(...big.map((r) => r.achievedPerMinute / RATE_PER_MINUTE));
    const rss = big.map((r, i) => r.peakRssMb / (small[i]?.peakRssMb ?? Number.NaN));
    console.log(
      `ratio ${name}: achieved/configured (slower repeat) = ${fmt(worstRate, 2)}; peak RSS 5000/500 = ${rss.map((x) => fmt(x, 2)).join(', ')}; received ${big.map((r) => r.received).join(', ')} of ${SIZES[1]}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
