import { randomBytes } from 'node:crypto';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueQuestions,
  issues,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

type IssueValues = Partial<typeof issues.$inferInsert>;

const TYPE_DEFAULTS: Record<string, IssueValues> = {
  RatingIssue: { minRating: 0, maxRating: 5, step: 1 },
  SelectionIssue: { minItems: 0, maxItems: 10 },
  TokenIssue: { nbTokens: 20, maxPerItem: 5 },
  TextIssue: {},
  RankedIssue: { nbRanked: 3 },
  PairwiseIssue: {},
};

/**
 * Selections, their items, criteria and judges written straight to the database: the judging endpoints
 * are what is under test, not how admins set selections up.
 */
export function judgingFactories(t: TestApp) {
  const items = itemFactories(t);

  async function createIssue(teamId: number, resourcetype: string, values: IssueValues = {}) {
    const [issue] = await t.db
      .insert(issues)
      .values({
        teamId,
        resourcetype,
        title: `${resourcetype} selection`,
        ...TYPE_DEFAULTS[resourcetype],
        ...values,
      })
      .returning();
    if (!issue) throw new Error('no issue');
    return issue;
  }

  /** Items of the team, added to the selection. */
  async function addItems(issueId: number, teamId: number, titles: string[]) {
    const model = await items.createDataModel(teamId);
    const rows = await t.db
      .insert(datasets)
      .values(titles.map((title) => ({ title, teamId, dataModelId: model.id })))
      .returning();
    await t.db.insert(issueDatasets).values(rows.map((row) => ({ issueId, datasetId: row.id })));
    return rows;
  }

  async function addQuestions(issueId: number, titles: string[]) {
    return t.db
      .insert(issueQuestions)
      .values(titles.map((title) => ({ issueId, title })))
      .returning();
  }

  /** A judge of the selection with their personal link's token; `items` limits the access to a subset. */
  async function addJudge(
    issueId: number,
    options: {
      email?: string;
      firstName?: string;
      lastName?: string;
      items?: number[];
      origin?: string;
    } = {},
  ) {
    const user = await t.createUser({ email: options.email, password: null });
    const token = randomBytes(24).toString('base64url');
    const [access] = await t.db
      .insert(issueAccesses)
      .values({ issueId, userId: user.id, token, origin: options.origin ?? 'admin' })
      .returning();
    if (!access) throw new Error('no access');
    if (options.items?.length) {
      await t.db
        .insert(issueAccessDatasets)
        .values(options.items.map((datasetId) => ({ accessId: access.id, datasetId })));
    }
    return { user, access, token };
  }

  /** An admin's selection of one type with three items (Charlie, alpha, Bravo) and one judge. */
  async function createSetup(resourcetype = 'RatingIssue', values: IssueValues = {}) {
    const admin = await t.createAdmin();
    const issue = await createIssue(admin.team.id, resourcetype, values);
    const itemRows = await addItems(issue.id, admin.team.id, ['Charlie', 'alpha', 'Bravo']);
    const judge = await addJudge(issue.id);
    return { admin, issue, items: itemRows, judge };
  }

  return { createIssue, addItems, addQuestions, addJudge, createSetup };
}

/** Calls of the judging endpoints with a personal link's token. */
export function judgingCalls(t: TestApp) {
  return {
    /** `v`: the verification code that only the mailed copy of the link carries. */
    view: (issueId: number, token: string, v?: string) =>
      t.request({
        method: 'GET',
        url: `/api/v1/issues/${issueId}/answer_view/?token=${token}${v ? `&v=${v}` : ''}`,
      }),
    submit: (issueId: number, token: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `/api/v1/issues/${issueId}/submissions/?token=${token}`, payload }),
  };
}
