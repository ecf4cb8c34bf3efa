import { it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { recordAnswersAudit } from './answers.ts';

it('times', async () => {
  const t = await createTestApp();
  const f = judgingFactories(t);
  const call = judgingCalls(t);
  const admin = await t.createAdmin();
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 10 });
  const items = await f.addItems(issue.id, admin.team.id, Array.from({ length: 2000 }, (_, i) => `I${i}`));
  const qs = await f.addQuestions(issue.id, ['A', 'B', 'C', 'D', 'E']);
  const judge = await f.addJudge(issue.id);
  const body = (v: number) => ({
    answers: items.flatMap((item) => qs.map((q) => ({ dataset: item.id, question: q.id, value: (v + item.id + q.id) % 11 }))),
    comments: [],
  });
  const times: string[] = [];
  for (let round = 0; round < 4; round++) {
    const payload = body(round);
    const auditStart = performance.now();
    await t.db
      .transaction(async (tx) => {
        await recordAnswersAudit(tx, { teamId: admin.team.id, issueId: issue.id, userId: judge.user.id, isEdit: round > 0, ...payload });
        throw new Error('rollback');
      })
      .catch(() => {});
    const audit = performance.now() - auditStart;
    const start = performance.now();
    const reply = await call.submit(issue.id, judge.token, payload);
    if (reply.statusCode !== 201) throw new Error(reply.body);
    times.push(`round ${round}: submit ${(performance.now() - start).toFixed(0)} ms, audit insert alone ${audit.toFixed(0)} ms`);
  }
  console.log(`ENGINE ${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}\n${times.join('\n')}`);
  await t.close();
}, 600_000);
