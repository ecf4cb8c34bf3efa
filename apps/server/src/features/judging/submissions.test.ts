import { PARTLY_RATED_MESSAGE } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAnswers, issueComments, issueSubmissions, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

describe('submitting answers', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  const answersOf = (issueId: number, userId: number) =>
    t.db
      .select()
      .from(issueAnswers)
      .where(and(eq(issueAnswers.issueId, issueId), eq(issueAnswers.userId, userId)));
  const commentsOf = (issueId: number, userId: number) =>
    t.db
      .select()
      .from(issueComments)
      .where(and(eq(issueComments.issueId, issueId), eq(issueComments.userId, userId)));

  /** A rating selection with two criteria. */
  async function ratingSetup(values = {}) {
    const setup = await f.createSetup('RatingIssue', { maxRating: 10, step: 0.5, ...values });
    const questions = await f.addQuestions(setup.issue.id, ['Team', 'Market']);
    const [item, other] = setup.items;
    const [team, market] = questions;
    if (!item || !other || !team || !market) throw new Error('setup');
    return { ...setup, item, other, team, market };
  }

  // Decision 229: a burst of submissions keeps about as many cores busy as the machine has, and no more,
  // so that the report's fold (the background pool's) keeps up, and other requests keep their connections.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'writes a judge’s answers on the answers’ own connections (PostgreSQL)',
    async () => {
      const answerSessions = async () => {
        const { rows } = (await t.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'shortlist-answers' AND datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]?.n ?? 0;
      };
      expect(await answerSessions()).toBe(0);
      const { issue, judge, item, other, team, market } = await ratingSetup();
      const reply = await call.submit(issue.id, judge.token, {
        answers: [item, other].flatMap((dataset) =>
          [team, market].map((question) => ({ dataset: dataset.id, question: question.id, value: 7 })),
        ),
      });
      expect(reply.statusCode).toBe(201);
      expect(await answerSessions()).toBeGreaterThan(0);
    },
  );

  it('stores ratings per criterion and comments, and replaces them all when edited', async () => {
    const { issue, judge, item, other, team, market } = await ratingSetup();
    const first = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: item.id, question: team.id, value: 7.5 },
        { dataset: item.id, question: market.id, value: 10 },
        { dataset: other.id, question: team.id, value: 0 },
        { dataset: other.id, question: market.id, value: 0 },
      ],
      comments: [{ dataset: item.id, content: 'Great', shared: true, question: null }],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ issue: issue.id, user: judge.user.id });
    expect(await answersOf(issue.id, judge.user.id)).toHaveLength(4);

    const edit = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: other.id, question: team.id, value: 0 },
        { dataset: other.id, question: market.id, value: 2 },
      ],
      comments: [{ dataset: item.id, content: '', shared: true, question: null }],
    });
    expect(edit.statusCode).toBe(201);
    expect(edit.json().id).toBe(first.json().id);
    const answers = await answersOf(issue.id, judge.user.id);
    expect(answers.map((a) => [a.datasetId, a.questionId, a.value])).toEqual([
      [other.id, team.id, 0],
      [other.id, market.id, 2],
    ]);
    expect(await commentsOf(issue.id, judge.user.id)).toHaveLength(0);
    const view = (await call.view(issue.id, judge.token)).json();
    expect(view.has_submitted).toBe(true);
    expect(view.answers).toEqual([
      expect.objectContaining({ dataset: other.id, question: team.id, value: 0 }),
      expect.objectContaining({ dataset: other.id, question: market.id, value: 2 }),
    ]);
  });

  it('rewrites only what an edit changes: unchanged rows keep their ids, dropped ones go', async () => {
    const { issue, judge, item, other, team, market } = await ratingSetup();
    const answers = [
      { dataset: item.id, question: team.id, value: 3 },
      { dataset: item.id, question: market.id, value: 4 },
      { dataset: other.id, question: team.id, value: 5 },
      { dataset: other.id, question: market.id, value: 6 },
    ];
    await call.submit(issue.id, judge.token, {
      answers,
      comments: [{ dataset: item.id, content: 'Same', shared: false }],
    });
    const before = await answersOf(issue.id, judge.user.id);
    const [commentBefore] = await commentsOf(issue.id, judge.user.id);
    const idOf = (rows: typeof before, dataset: number, question: number) =>
      rows.find((r) => r.datasetId === dataset && r.questionId === question)?.id;
    await call.submit(issue.id, judge.token, {
      answers: [answers[0], { ...answers[1], value: 1 }],
      comments: [{ dataset: item.id, content: 'Same', shared: false }],
    });
    const after = await answersOf(issue.id, judge.user.id);
    expect(after.map((a) => a.value).sort()).toEqual([1, 3]);
    expect(idOf(after, item.id, team.id)).toBe(idOf(before, item.id, team.id));
    expect(idOf(after, item.id, market.id)).toBe(idOf(before, item.id, market.id));
    expect(await commentsOf(issue.id, judge.user.id)).toEqual([commentBefore]);
  });

  it('empties the answers and comments with an edit that sends none, and takes new ones after that', async () => {
    const { issue, judge, item, other, team, market } = await ratingSetup();
    const submit = (answers: object[], comments: object[] = []) =>
      call.submit(issue.id, judge.token, { answers, comments });
    expect((await submit([], [])).statusCode).toBe(201);
    expect(await answersOf(issue.id, judge.user.id)).toEqual([]);
    await submit(
      [
        { dataset: item.id, question: team.id, value: 3 },
        { dataset: item.id, question: market.id, value: 3 },
      ],
      [{ dataset: item.id, content: 'First', shared: false }],
    );
    expect((await submit([], [])).statusCode).toBe(201);
    expect(await answersOf(issue.id, judge.user.id)).toEqual([]);
    expect(await commentsOf(issue.id, judge.user.id)).toEqual([]);
    await submit(
      [
        { dataset: other.id, question: market.id, value: 6 },
        { dataset: other.id, question: team.id, value: 1 },
      ],
      [{ dataset: other.id, content: 'Again', shared: true }],
    );
    const answers = await answersOf(issue.id, judge.user.id);
    expect(answers.map((a) => [a.datasetId, a.questionId, a.value]).sort()).toEqual(
      [
        [other.id, team.id, 1],
        [other.id, market.id, 6],
      ].sort(),
    );
    const comments = await commentsOf(issue.id, judge.user.id);
    expect(comments.map((c) => [c.datasetId, c.content, c.shared])).toEqual([[other.id, 'Again', true]]);
  });

  it("refuses ratings out of range, off the step, without a criterion or with another selection's", async () => {
    const { issue, judge, item, team } = await ratingSetup({ minRating: 1 });
    const elsewhere = await ratingSetup();
    const cases: [Record<string, unknown>, string][] = [
      [{ dataset: item.id, question: team.id, value: 11 }, 'Ratings must be between 1 and 10.'],
      [{ dataset: item.id, question: team.id, value: 0.5 }, 'Ratings must be between 1 and 10.'],
      [{ dataset: item.id, question: team.id, value: 2.25 }, 'Ratings must follow steps of 0.5 from 1.'],
      [{ dataset: item.id, question: null, value: 2 }, 'Each answer needs a criterion.'],
      [
        { dataset: item.id, question: elsewhere.team.id, value: 2 },
        'A criterion is not part of this selection.',
      ],
    ];
    for (const [answer, message] of cases) {
      const reply = await call.submit(issue.id, judge.token, { answers: [answer] });
      expect(reply.statusCode, message).toBe(400);
      expect(reply.json().answers).toContain(message);
    }
    const twice = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: item.id, question: team.id, value: 2 },
        { dataset: item.id, question: team.id, value: 3 },
      ],
    });
    expect(twice.json().answers).toEqual(['An item has the same answer more than once.']);
    expect(await answersOf(issue.id, judge.user.id)).toHaveLength(0);
    expect(
      await t.db.select().from(issueSubmissions).where(eq(issueSubmissions.issueId, issue.id)),
    ).toHaveLength(0);
  });

  it('refuses an item rated on some criteria and not others; the minimum is a rating like any other', async () => {
    const { issue, judge, item, other, team, market } = await ratingSetup({ minRating: 0 });
    const partly = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: item.id, question: team.id, value: 7 },
        { dataset: item.id, question: market.id, value: 0 },
        { dataset: other.id, question: team.id, value: 4 },
      ],
    });
    expect(partly.statusCode).toBe(400);
    expect(partly.json()).toEqual({ answers: [PARTLY_RATED_MESSAGE] });
    expect(await answersOf(issue.id, judge.user.id)).toHaveLength(0);
    // A draft is work in progress: half an item is kept there.
    const draft = await t.request({
      method: 'PUT',
      url: `/api/v1/issues/${issue.id}/draft/?token=${judge.token}`,
      payload: { answers: [{ dataset: other.id, question: team.id, value: 4 }] },
    });
    expect(draft.statusCode).toBe(200);
    const rated = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: item.id, question: team.id, value: 0 },
        { dataset: item.id, question: market.id, value: 0 },
      ],
    });
    expect(rated.statusCode).toBe(201);
    expect((await answersOf(issue.id, judge.user.id)).map((a) => a.value)).toEqual([0, 0]);
  });

  it('takes a rating without criteria on the item itself and leaves ignored items out', async () => {
    const { issue, judge, items } = await f.createSetup('RatingIssue');
    const reply = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 4 }],
    });
    expect(reply.statusCode).toBe(201);
    expect(await answersOf(issue.id, judge.user.id)).toEqual([
      expect.objectContaining({ questionId: null, value: 4 }),
    ]);
    const withQuestion = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, question: 999, value: 4 }],
    });
    expect(withQuestion.json().answers).toContain('The answers of this selection take no criterion.');
  });

  it("refuses items outside the judge's access and items of another selection", async () => {
    const { issue, items } = await f.createSetup('RatingIssue', { accessAllItems: false });
    const [allowed, forbidden] = items;
    const judge = await f.addJudge(issue.id, { items: [allowed?.id ?? 0] });
    const other = await f.createSetup('RatingIssue');
    for (const dataset of [forbidden?.id, other.items[0]?.id]) {
      const reply = await call.submit(issue.id, judge.token, { answers: [{ dataset, value: 3 }] });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().answers).toEqual(['Some items are not in your access.']);
    }
    const comment = await call.submit(issue.id, judge.token, {
      comments: [{ dataset: forbidden?.id, content: 'Hi', shared: false }],
    });
    expect(comment.json().comments).toEqual(['Some items are not in your access.']);
    expect(
      (await call.submit(issue.id, judge.token, { answers: [{ dataset: allowed?.id, value: 3 }] }))
        .statusCode,
    ).toBe(201);
  });

  it("answers as the token's judge only, and refuses another selection's token without writing", async () => {
    const one = await f.createSetup();
    const two = await f.createSetup();
    const other = await f.addJudge(one.issue.id);
    const reply = await call.submit(one.issue.id, two.judge.token, {
      answers: [{ dataset: one.items[0]?.id, value: 1 }],
    });
    expect(reply.statusCode).toBe(404);
    const byOther = await call.submit(one.issue.id, other.token, {
      answers: [{ dataset: one.items[0]?.id, value: 1 }],
    });
    expect(byOther.json().user).toBe(other.user.id);
    expect(await answersOf(one.issue.id, one.judge.user.id)).toHaveLength(0);
    expect(await answersOf(one.issue.id, two.judge.user.id)).toHaveLength(0);
  });

  it("refuses a closed selection and the admin's preview", async () => {
    const { admin, issue, judge, items } = await f.createSetup();
    const preview = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/submissions/`,
      token: admin.token,
      payload: { answers: [] },
    });
    expect(preview.statusCode).toBe(403);
    await t.db.update(issues).set({ status: 'closed' }).where(eq(issues.id, issue.id));
    const reply = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 1 }],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ code: 'ISSUE_CLOSED', detail: 'The selection is not accepting answers.' });
    expect(await answersOf(issue.id, judge.user.id)).toHaveLength(0);
  });

  it('keeps picks between min_items and max_items, each 0 or 1', async () => {
    const { issue, judge, items } = await f.createSetup('SelectionIssue', { minItems: 1, maxItems: 2 });
    const ids = items.map((i) => i.id);
    const pick = (values: number[]) =>
      call.submit(issue.id, judge.token, { answers: values.map((value, i) => ({ dataset: ids[i], value })) });
    expect((await pick([0, 0])).json().answers).toEqual(['Please pick at least 1 item.']);
    expect((await pick([1, 1, 1])).json().answers).toEqual(['You can pick at most 2 items.']);
    expect((await pick([2])).json().answers).toContain('A pick is 0 or 1.');
    expect((await pick([1, 0, 1])).statusCode).toBe(201);
    expect((await answersOf(issue.id, judge.user.id)).filter((a) => a.value === 1)).toHaveLength(2);
  });

  it('keeps tokens whole, within max_per_item and within the budget', async () => {
    const { issue, judge, items } = await f.createSetup('TokenIssue', { nbTokens: 6, maxPerItem: 4 });
    const ids = items.map((i) => i.id);
    const give = (values: number[]) =>
      call.submit(issue.id, judge.token, { answers: values.map((value, i) => ({ dataset: ids[i], value })) });
    expect((await give([4, 3])).json().answers).toEqual(['You have 6 tokens in all.']);
    expect((await give([5])).json().answers).toEqual(['An item can receive at most 4 tokens.']);
    expect((await give([-1])).json().answers).toEqual(['Tokens are whole numbers, 0 or more.']);
    expect((await give([1.5])).json().answers).toEqual(['Tokens are whole numbers, 0 or more.']);
    expect((await give([4, 2, 0])).statusCode).toBe(201);
  });

  it('takes only comments on a text selection', async () => {
    const { issue, judge, items } = await f.createSetup('TextIssue');
    const answer = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 1 }],
    });
    expect(answer.json().answers).toEqual(['This selection takes comments only.']);
    const comment = await call.submit(issue.id, judge.token, {
      comments: [{ dataset: items[0]?.id, content: 'A fine idea', shared: false }],
    });
    expect(comment.statusCode).toBe(201);
    expect(await commentsOf(issue.id, judge.user.id)).toEqual([
      expect.objectContaining({ content: 'A fine idea' }),
    ]);
  });

  it('follows the comments mode: per item, or per criterion', async () => {
    const perItem = await ratingSetup();
    const withQuestion = await call.submit(perItem.issue.id, perItem.judge.token, {
      comments: [{ dataset: perItem.item.id, question: perItem.team.id, content: 'x', shared: false }],
    });
    expect(withQuestion.json().comments).toEqual(['The comments of this selection take no criterion.']);
    const perCriterion = await ratingSetup({ commentsMode: 'QUESTION' });
    const withoutQuestion = await call.submit(perCriterion.issue.id, perCriterion.judge.token, {
      comments: [{ dataset: perCriterion.item.id, content: 'x', shared: false }],
    });
    expect(withoutQuestion.json().comments).toEqual(['Each comment needs a criterion.']);
    const good = await call.submit(perCriterion.issue.id, perCriterion.judge.token, {
      comments: [
        { dataset: perCriterion.item.id, question: perCriterion.team.id, content: 'Good team', shared: true },
        {
          dataset: perCriterion.item.id,
          question: perCriterion.market.id,
          content: 'Small market',
          shared: false,
        },
      ],
    });
    expect(good.statusCode).toBe(201);
    expect(await commentsOf(perCriterion.issue.id, perCriterion.judge.user.id)).toHaveLength(2);
  });

  it('refuses a comment over 400 characters and a body of the wrong shape', async () => {
    const { issue, judge, items } = await f.createSetup();
    const long = await call.submit(issue.id, judge.token, {
      comments: [{ dataset: items[0]?.id, content: 'x'.repeat(401), shared: false }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()['comments.0.content']).toEqual(['Ensure this field has no more than 400 characters.']);
    const wrong = await call.submit(issue.id, judge.token, { answers: [{ dataset: 'one', value: 'high' }] });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(
      expect.arrayContaining(['answers.0.dataset', 'answers.0.value']),
    );
    const missing = await call.submit(issue.id, judge.token, { answers: [{ dataset: items[0]?.id }] });
    expect(missing.json()['answers.0.value']).toEqual(['This field is required.']);
  });

  it('refuses comments on a public selection and a second public submission', async () => {
    const { issue, judge, items } = await f.createSetup('TokenIssue', { public: true });
    const comment = await call.submit(issue.id, judge.token, {
      comments: [{ dataset: items[0]?.id, content: 'Hi', shared: false }],
    });
    expect(comment.json().comments).toEqual(['Comments are disabled for public selections.']);
    expect(
      (await call.submit(issue.id, judge.token, { answers: [{ dataset: items[0]?.id, value: 2 }] }))
        .statusCode,
    ).toBe(201);
    const again = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 3 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('HAS_SUBMITTED');
    expect(await answersOf(issue.id, judge.user.id)).toEqual([expect.objectContaining({ value: 2 })]);
  });

  it("lists the judge's own answers, and comments with the others' shared ones as_judge", async () => {
    const { admin, issue, judge, items } = await f.createSetup();
    const other = await f.addJudge(issue.id);
    const [a, b] = items;
    await call.submit(issue.id, judge.token, {
      answers: [{ dataset: a?.id, value: 3 }],
      comments: [{ dataset: a?.id, content: 'mine', shared: false }],
    });
    await call.submit(issue.id, other.token, {
      answers: [{ dataset: b?.id, value: 5 }],
      comments: [
        { dataset: a?.id, content: 'shared', shared: true },
        { dataset: b?.id, content: 'private', shared: false },
      ],
    });
    const url = (path: string, query: string) => `/api/v1/issues/${issue.id}/${path}/?${query}`;
    const answers = await t.request({
      method: 'GET',
      url: url('answers', `token=${judge.token}&user=${other.user.id}`),
    });
    expect(answers.json()).toMatchObject({ count: 1, results: [{ value: 3, user: judge.user.id }] });
    const comments = await t.request({
      method: 'GET',
      url: url('comments', `token=${judge.token}&as_judge=true`),
    });
    expect(
      comments
        .json()
        .results.map((c: { content: string }) => c.content)
        .sort(),
    ).toEqual(['mine', 'shared']);
    const all = await t.request({
      method: 'GET',
      url: url('answers', `user=${other.user.id}`),
      token: admin.token,
    });
    expect(all.json()).toMatchObject({ count: 1, results: [{ value: 5, user: other.user.id }] });
    const stranger = await t.createAdmin();
    expect(
      (await t.request({ method: 'GET', url: url('answers', ''), token: stranger.token })).statusCode,
    ).toBe(404);
  });
});
