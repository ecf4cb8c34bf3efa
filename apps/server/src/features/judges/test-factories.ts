import { dataModels, datasets, issueDatasets, issueSubmissions, issues } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

type IssueValues = Partial<typeof issues.$inferInsert>;

/** Selections and items written straight to the database: their endpoints belong to other features. */
export function judgeFactories(t: TestApp) {
  async function createIssue(teamId: number, values: IssueValues = {}) {
    const [issue] = await t.db
      .insert(issues)
      .values({
        teamId,
        resourcetype: 'RatingIssue',
        title: 'Seed round',
        minRating: 0,
        maxRating: 5,
        step: 1,
        ...values,
      })
      .returning();
    if (!issue) throw new Error('no issue');
    return issue;
  }

  /** `count` items of the team, all put in the selection; returns their ids in creation order. */
  async function addItems(issue: { id: number; teamId: number }, count: number) {
    if (count === 0) return [];
    const [model] = await t.db
      .insert(dataModels)
      .values({ teamId: issue.teamId, title: 'Startups' })
      .returning();
    if (!model) throw new Error('no data model');
    const rows = await t.db
      .insert(datasets)
      .values(
        Array.from({ length: count }, (_, i) => ({
          dataModelId: model.id,
          teamId: issue.teamId,
          title: `Item ${i + 1}`,
        })),
      )
      .returning({ id: datasets.id });
    await t.db.insert(issueDatasets).values(rows.map((row) => ({ issueId: issue.id, datasetId: row.id })));
    return rows.map((row) => row.id);
  }

  /** An admin with a team and a selection of `nbItems` items. */
  async function createSetup(nbItems = 3, values: IssueValues = {}) {
    const admin = await t.createAdmin();
    const issue = await createIssue(admin.team.id, values);
    const items = await addItems(issue, nbItems);
    return { ...admin, issue, items };
  }

  async function submitAs(issueId: number, userId: number) {
    await t.db.insert(issueSubmissions).values({ issueId, userId });
  }

  /** POST issues/{id}/{action}/ as `token`. */
  const post = (token: string, issueId: number, action: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/v1/issues/${issueId}/${action}/`, token, payload });
  const get = (token: string, issueId: number, path: string) =>
    t.request({ method: 'GET', url: `/api/v1/issues/${issueId}/${path}`, token });

  /** Adds judges by e-mail through the API; returns their user ids in the order given. */
  async function addJudges(token: string, issueId: number, emails: string[]) {
    const reply = await post(token, issueId, 'set_access', { emails, access: true });
    if (reply.statusCode !== 200) throw new Error(`judges not added: ${reply.body}`);
    return (reply.json() as { results: { user: number }[] }).results.map((result) => result.user);
  }

  return { createIssue, addItems, createSetup, submitAs, post, get, addJudges };
}
