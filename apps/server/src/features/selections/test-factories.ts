import { eq } from 'drizzle-orm';
import { issueAccesses, issueAnswers, issueComments, issues, tags } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

export type IssueBody = Record<string, unknown>;

/** Selections through the API; judges' rows written directly, their endpoints belong to other features. */
export function selectionFactories(t: TestApp) {
  async function createIssue(token: string, teamId: number, body: IssueBody = {}) {
    const reply = await t.request({
      method: 'POST',
      url: '/api/v1/issues/',
      token,
      payload: { team: teamId, resourcetype: 'RatingIssue', title: 'Best startup', ...body },
    });
    if (reply.statusCode !== 201) throw new Error(`issue not created: ${reply.body}`);
    return reply.json() as { id: number } & Record<string, unknown>;
  }

  async function createTag(teamId: number, name: string) {
    const [tag] = await t.db.insert(tags).values({ teamId, name }).returning();
    if (!tag) throw new Error('no tag');
    return tag;
  }

  async function addJudge(issueId: number) {
    const judge = await t.createUser();
    const [access] = await t.db
      .insert(issueAccesses)
      .values({ issueId, userId: judge.id, token: `token-${issueId}-${judge.id}` })
      .returning();
    if (!access) throw new Error('no access');
    return { judge, access };
  }

  /** A judge's answer and comment on an item of the selection. */
  async function addAnswerAndComment(issueId: number, userId: number, datasetId: number) {
    await t.db.insert(issueAnswers).values({ issueId, userId, datasetId, value: 3 });
    await t.db.insert(issueComments).values({ issueId, userId, datasetId, content: 'Great team' });
  }

  return { createIssue, createTag, addJudge, addAnswerAndComment };
}

/** The selection endpoints as a client calls them, and the stored row to check what changed. */
export function issueCalls(t: TestApp) {
  return {
    post: (token: string, payload: object) =>
      t.request({ method: 'POST', url: '/api/v1/issues/', token, payload }),
    patch: (token: string, id: number, payload: object) =>
      t.request({ method: 'PATCH', url: `/api/v1/issues/${id}/`, token, payload }),
    get: (token: string, id: number) => t.request({ method: 'GET', url: `/api/v1/issues/${id}/`, token }),
    list: (token: string, query: string) =>
      t.request({ method: 'GET', url: `/api/v1/issues/?${query}`, token }),
    storedIssue: async (id: number) => (await t.db.select().from(issues).where(eq(issues.id, id)))[0],
  };
}
