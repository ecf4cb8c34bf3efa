// A decisions mailing's render (issue 28's review): 5,000 e-mails of a rating selection's items (5,000 items
// × 10 judges × 3 criteria, report-scale/seed.ts), each telling its rank, decision and round, rendered through
// the real app on PGlite. Prints the render's wall time and this process's CPU time (app and engine share it)
// with the load average, and a digest of the rendered e-mails, so that two versions can be checked to write
// the same ones. `tsx bench/render-decisions.ts` (not part of `npm run bench:*`).
import { createHash } from 'node:crypto';
import os from 'node:os';
import { DEFAULT_TEAM_PACKAGE } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { teams } from '../apps/server/src/db/schema/index.ts';
import { buildBenchApp, seedAdminTeam, withPglite } from './bench-app.ts';
import { seedReport } from './report-scale/seed.ts';

const SIZE = 5_000;

async function seed(database: Database) {
  const { db } = database;
  const { user, team } = await seedAdminTeam(database);
  await db
    .update(teams)
    .set({ package: { ...DEFAULT_TEAM_PACKAGE, mass_emails: true, mass_emails_batch_size_limit: SIZE } })
    .where(sql`id = ${team.id}`);
  const issueId = await seedReport(database, team.id, {
    items: SIZE,
    judges: 10,
    criteria: 3,
    prefix: 'mail',
  });
  await db.execute(sql`INSERT INTO intake_forms (team_id, data_model_id, title, language_code)
    SELECT ${team.id}, id, 'Call', 'fr' FROM data_models WHERE team_id = ${team.id}`);
  await db.execute(sql`INSERT INTO form_submissions (form_id, dataset_id, email, status, token_hash)
    SELECT f.id, d.id, 'founder' || d.id || '@sink.test', 'submitted', 'h' || d.id
    FROM datasets d JOIN intake_forms f ON f.data_model_id = d.data_model_id WHERE d.team_id = ${team.id}`);
  await db.execute(sql`INSERT INTO item_decisions (dataset_id, team_id, decision)
    SELECT id, ${team.id}, (ARRAY['accepted', 'waitlisted', 'declined'])[1 + id % 3] FROM datasets
    WHERE team_id = ${team.id}`);
  return { userId: user.id, teamId: team.id, issueId };
}

async function main() {
  await withPglite(async (database, dataDir) => {
    const app = await buildBenchApp(database, dataDir);
    await app.ready();
    try {
      const seeded = await seed(database);
      const token = (await app.ctx.tokens.issuePair(seeded.userId)).access;
      const call = async (url: string, payload: Record<string, unknown>) => {
        const reply = await app.inject({
          method: 'POST',
          url: `/api/v1/${url}`,
          payload,
          headers: { authorization: `Bearer ${token}` },
        });
        if (reply.statusCode >= 300) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
        return reply.json();
      };
      const template = await call('email-templates/', {
        team: seeded.teamId,
        title: 'Decision',
        subject: '{{ title }}: {{ decision }}',
        html_content: '<p>{{ title }} ranked {{ rank }} in round {{ round }}: {{ decision }}.</p>',
      });
      const batch = await call('email-batches/', {
        team: seeded.teamId,
        title: 'Decisions',
        template: template.id,
        sends_decisions: true,
        issue: seeded.issueId,
      });
      await call(`email-batches/${batch.id}/add_audience/`, { audience: { issue: seeded.issueId } });
      for (let run = 1; run <= 2; run += 1) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        await call(`email-batches/${batch.id}/render_emails/`, {});
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const rows = (await database.db.execute(
          sql`SELECT subject, html_message, decision FROM batch_emails WHERE batch_id = ${batch.id} ORDER BY id`,
        )) as unknown as { rows: unknown[] };
        const digest = createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex').slice(0, 12);
        console.log(
          `render ${rows.rows.length} e-mails, run ${run}: ${ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU; digest ${digest}; load ${os
            .loadavg()
            .map((x) => x.toFixed(2))
            .join(' ')}`,
        );
      }
    } finally {
      await app.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
