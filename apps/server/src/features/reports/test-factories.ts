import { randomBytes } from 'node:crypto';
import type { EmailVerificationStatus } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueAnswers,
  issueComments,
  issueDatasets,
  issueQuestions,
  issueSubmissions,
  issues,
  users,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

type IssueValues = Partial<typeof issues.$inferInsert>;

/**
 * Selections, judges and their answers written straight to the database: the endpoints that write them
 * belong to other features; the report only reads them.
 */
export function reportFactories(t: TestApp) {
  const items = itemFactories(t);

  async function createItems(teamId: number, specs: { title: string; tags?: string[] }[]) {
    const model = await items.createDataModel(teamId);
    const rows = await t.db
      .insert(datasets)
      .values(
        specs.map((spec) => ({ dataModelId: model.id, teamId, title: spec.title, tags: spec.tags ?? [] })),
      )
      .returning();
    return rows;
  }

  async function createIssue(teamId: number, resourcetype: string, values: IssueValues = {}) {
    const [issue] = await t.db
      .insert(issues)
      .values({ teamId, resourcetype, title: `${resourcetype} selection`, ...values })
      .returning();
    if (!issue) throw new Error('no issue');
    return issue;
  }

  async function addItems(issueId: number, datasetIds: number[]) {
    await t.db.insert(issueDatasets).values(datasetIds.map((datasetId) => ({ issueId, datasetId })));
  }

  async function addQuestion(issueId: number, title: string, weight = 1) {
    const [question] = await t.db.insert(issueQuestions).values({ issueId, title, weight }).returning();
    if (!question) throw new Error('no question');
    return question;
  }

  /** A judge with access to every item, or to `datasetIds` only; `status` is the e-mail verification. */
  async function addJudge(
    issueId: number,
    options: { status?: EmailVerificationStatus; datasetIds?: number[] } = {},
  ) {
    const user = await t.createUser();
    if (options.status) {
      await t.db.update(users).set({ emailVerificationStatus: options.status }).where(eq(users.id, user.id));
    }
    const [access] = await t.db
      .insert(issueAccesses)
      .values({ issueId, userId: user.id, token: randomBytes(16).toString('hex') })
      .returning();
    if (!access) throw new Error('no access');
    if (options.datasetIds?.length) {
      await t.db
        .insert(issueAccessDatasets)
        .values(options.datasetIds.map((datasetId) => ({ accessId: access.id, datasetId })));
    }
    return user;
  }

  /** A submission with its answers: [datasetId, value, questionId?]. */
  async function submit(
    issueId: number,
    userId: number,
    answers: [number, number, number?][],
    comments: [number, string, number?][] = [],
  ) {
    await t.db.insert(issueSubmissions).values({ issueId, userId });
    if (answers.length > 0) {
      await t.db.insert(issueAnswers).values(
        answers.map(([datasetId, value, questionId]) => ({
          issueId,
          userId,
          datasetId,
          value,
          questionId,
        })),
      );
    }
    if (comments.length > 0) {
      await t.db.insert(issueComments).values(
        comments.map(([datasetId, content, questionId]) => ({
          issueId,
          userId,
          datasetId,
          content,
          questionId,
        })),
      );
    }
  }

  /**
   * Rating 0–5, criteria Q1 (weight 1) and Q2 (weight 0.5); a judge's score is (Q1 + 0.5·Q2) / 1.5 over the
   * criteria they answered. J1: A (4,1)→3, B (3,3)→3, C (5,5)→5. J2: A (2,5)→3, B (5,–)→5. J3 (unverified):
   * A (0,0)→0, C (1,4)→2. Items: A mean(3,3,0)=2, B mean(3,5)=4, C mean(5,2)=3.5, D nobody.
   */
  async function createRatingSetup() {
    const admin = await t.createAdmin();
    const [a, b, c, d] = await createItems(admin.team.id, [
      { title: 'A', tags: ['health'] },
      { title: 'B', tags: ['energy', 'health'] },
      { title: 'C', tags: ['food'] },
      { title: 'D' },
    ]);
    if (!a || !b || !c || !d) throw new Error('no items');
    const issue = await createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 5, step: 1 });
    await addItems(issue.id, [a.id, b.id, c.id, d.id]);
    const q1 = await addQuestion(issue.id, 'Team', 1);
    const q2 = await addQuestion(issue.id, 'Market', 0.5);
    const j1 = await addJudge(issue.id, { status: 'ver' });
    const j2 = await addJudge(issue.id, { status: 'ver' });
    const j3 = await addJudge(issue.id, { status: 'unc' });
    await submit(issue.id, j1.id, [
      [a.id, 4, q1.id],
      [a.id, 1, q2.id],
      [b.id, 3, q1.id],
      [b.id, 3, q2.id],
      [c.id, 5, q1.id],
      [c.id, 5, q2.id],
    ]);
    await submit(issue.id, j2.id, [
      [a.id, 2, q1.id],
      [a.id, 5, q2.id],
      [b.id, 5, q1.id],
    ]);
    await submit(issue.id, j3.id, [
      [a.id, 0, q1.id],
      [a.id, 0, q2.id],
      [c.id, 1, q1.id],
      [c.id, 4, q2.id],
    ]);
    return { ...admin, issue, items: { a, b, c, d }, q1, q2, judges: { j1, j2, j3 } };
  }

  /**
   * Rating 0–10, no criteria (docs/judging.md, "Judge-bias correction"). H, harsh: A 3, B 2, C 1 (mean 2,
   * σ 0.8165). G, generous: B 9, C 8, D 10 (mean 9, σ 0.8165). L rated only A 5: fewer than 3 ratings, left
   * raw. All seven values: mean 38/7 = 5.4286, σ 3.3320. Raw: A (3+5)/2 = 4, B 5.5, C 4.5, D 10, ranked D B C A.
   * Normalised: each z of ±1.2247 maps to 5.4286 ± 4.0808, 0 to 5.4286. A (9.5094+5)/2 = 7.255, B 5.429,
   * C 1.348, D 9.509, ranked D A B C: A moves up 2, B and C down 1.
   */
  async function createBiasSetup() {
    const admin = await t.createAdmin();
    const [a, b, c, d] = await createItems(admin.team.id, [
      { title: 'A' },
      { title: 'B' },
      { title: 'C' },
      { title: 'D' },
    ]);
    if (!a || !b || !c || !d) throw new Error('no items');
    const issue = await createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
    await addItems(issue.id, [a.id, b.id, c.id, d.id]);
    const [harsh, generous, lone] = [
      await addJudge(issue.id),
      await addJudge(issue.id),
      await addJudge(issue.id),
    ];
    if (!harsh || !generous || !lone) throw new Error('no judges');
    await submit(issue.id, harsh.id, [
      [a.id, 3],
      [b.id, 2],
      [c.id, 1],
    ]);
    await submit(issue.id, generous.id, [
      [b.id, 9],
      [c.id, 8],
      [d.id, 10],
    ]);
    await submit(issue.id, lone.id, [[a.id, 5]]);
    return { ...admin, issue, lone, items: { a, b, c, d } };
  }

  return {
    ...items,
    createItems,
    createIssue,
    addItems,
    addQuestion,
    addJudge,
    submit,
    createRatingSetup,
    createBiasSetup,
  };
}
