import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessDatasets, teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDataset } from '../reviews/test-factories.ts';
import { issueCalls, selectionFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof selectionFactories>;
let call: ReturnType<typeof issueCalls>;

beforeAll(async () => {
  t = await createTestApp();
  f = selectionFactories(t);
  call = issueCalls(t);
});
afterAll(() => t.close());

describe('PATCH issues/{id}/', () => {
  it('changes settings, status, access mode and tags', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const [a, b] = [await f.createTag(team.id, 'a'), await f.createTag(team.id, 'b')];
    const reply = await call.patch(token, issue.id, {
      resourcetype: 'RatingIssue',
      title: 'Renamed',
      max_rating: 10,
      min_rating: 2,
      step: 0.5,
      comments_mode: 'question',
      status: 'closed',
      access_all_items: false,
      tags_patch: [b.id, a.id],
      nb_tokens: 7,
      item_label_singular_en: 'company',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      title: 'Renamed',
      max_rating: 10,
      min_rating: 2,
      step: 0.5,
      comments_mode: 'QUESTION',
      status: 'closed',
      access_all_items: false,
      nb_tokens: null,
      item_label_plural_en: 'companies',
      tags: [
        { id: a.id, name: 'a' },
        { id: b.id, name: 'b' },
      ],
    });
    const reopened = await call.patch(token, issue.id, {
      resourcetype: 'RatingIssue',
      status: 'open',
      tags_patch: [],
    });
    expect(reopened.json()).toMatchObject({ status: 'open', tags: [], title: 'Renamed' });
  });

  it('checks the numbers merged with the stored ones, and keeps the type', async () => {
    const { team, token } = await t.createAdmin();
    const rating = await f.createIssue(token, team.id);
    const tokens = await f.createIssue(token, team.id, { resourcetype: 'TokenIssue' });
    const pick = await f.createIssue(token, team.id, { resourcetype: 'SelectionIssue' });
    const expectRefused = async (id: number, body: object, field: string, message: string) => {
      const reply = await call.patch(token, id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual({ [field]: [message] });
    };
    await expectRefused(
      rating.id,
      { resourcetype: 'RatingIssue', max_rating: 0.5 },
      'max_rating',
      'Ensure this value is greater than or equal to 1.',
    );
    await expectRefused(
      rating.id,
      { resourcetype: 'RatingIssue', max_rating: 3, min_rating: 3 },
      'min_rating',
      'The minimum rating cannot be larger than the maximum rating',
    );
    await expectRefused(
      rating.id,
      { resourcetype: 'RatingIssue', step: 5.5 },
      'step',
      'Ensure this value is less than or equal to 5.',
    );
    await expectRefused(
      rating.id,
      { resourcetype: 'TokenIssue', title: 'Other' },
      'resourcetype',
      'The type of a selection cannot be changed.',
    );
    await expectRefused(
      tokens.id,
      { resourcetype: 'TokenIssue', nb_tokens: 4 },
      'max_per_item',
      'Ensure this value is less than or equal to 4.',
    );
    await expectRefused(
      pick.id,
      { resourcetype: 'SelectionIssue', max_items: 0 },
      'max_items',
      'Ensure this value is greater than or equal to 1.',
    );
    await expectRefused(
      pick.id,
      { resourcetype: 'SelectionIssue', min_items: 11 },
      'min_items',
      'Ensure this value is less than or equal to 10.',
    );
    await expectRefused(
      rating.id,
      { resourcetype: 'RatingIssue', tags_patch: [999999] },
      'tags_patch',
      'Invalid pk "999999" - object does not exist.',
    );
    expect(await call.storedIssue(rating.id)).toMatchObject({
      resourcetype: 'RatingIssue',
      maxRating: 5,
      minRating: 0,
      step: 1,
      title: 'Best startup',
    });
    expect(await call.storedIssue(tokens.id)).toMatchObject({ nbTokens: 20, maxPerItem: 5 });
    expect((await call.patch(token, rating.id, { title: 'No type' })).json()).toEqual({
      resourcetype: ['This field is required.'],
    });
  });

  it("refuses another team's tag and another team's selection, changing nothing", async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const foreignTag = await f.createTag(other.team.id, 'foreign');
    const issue = await f.createIssue(token, team.id);
    const foreign = await f.createIssue(other.token, other.team.id, { title: 'Theirs' });
    expect(
      (await call.patch(token, issue.id, { resourcetype: 'RatingIssue', tags_patch: [foreignTag.id] }))
        .statusCode,
    ).toBe(400);
    const reply = await call.patch(token, foreign.id, {
      resourcetype: 'RatingIssue',
      title: 'Mine now',
      status: 'closed',
    });
    expect(reply.statusCode).toBe(404);
    expect(await call.storedIssue(foreign.id)).toMatchObject({ title: 'Theirs', status: 'open' });
  });

  it('refuses ALREADY_HAS_ISSUE_ACCESSES and ALREADY_HAS_COMMENTS', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const dataset = await createDataset(t, team.id);
    // Before judges and comments, both settings change freely.
    expect(
      (await call.patch(token, issue.id, { resourcetype: 'RatingIssue', public: true })).statusCode,
    ).toBe(200);
    expect(
      (
        await call.patch(token, issue.id, {
          resourcetype: 'RatingIssue',
          public: false,
          comments_mode: 'QUESTION',
        })
      ).statusCode,
    ).toBe(200);
    const { judge } = await f.addJudge(issue.id);
    const publicReply = await call.patch(token, issue.id, { resourcetype: 'RatingIssue', public: true });
    expect(publicReply.statusCode).toBe(400);
    expect(publicReply.json().code).toBe('ALREADY_HAS_ISSUE_ACCESSES');
    expect(
      (await call.patch(token, issue.id, { resourcetype: 'RatingIssue', public: false, title: 'Same' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call.patch(token, issue.id, { resourcetype: 'RatingIssue', comments_mode: 'DATASET' }))
        .statusCode,
    ).toBe(200);
    await f.addAnswerAndComment(issue.id, judge.id, dataset);
    const modeReply = await call.patch(token, issue.id, {
      resourcetype: 'RatingIssue',
      comments_mode: 'QUESTION',
    });
    expect(modeReply.statusCode).toBe(400);
    expect(modeReply.json().code).toBe('ALREADY_HAS_COMMENTS');
    expect(await call.storedIssue(issue.id)).toMatchObject({
      public: false,
      commentsMode: 'DATASET',
      title: 'Same',
    });
  });
});

describe('PATCH issues/{id}/ of a public selection', () => {
  it('keeps it public, editable and its captcha a setting once the package loses public selections', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const made = await call.patch(token, issue.id, {
      resourcetype: 'RatingIssue',
      public: true,
      captcha: false,
    });
    expect(made.json()).toMatchObject({ public: true, captcha: false });
    await t.db
      .update(teams)
      .set({ package: { ...team.package, public_issues: false } })
      .where(eq(teams.id, team.id));
    const edit = await call.patch(token, issue.id, {
      resourcetype: 'RatingIssue',
      public: true,
      title: 'Renamed',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ public: true, title: 'Renamed', captcha: false });
    const other = await f.createIssue(token, team.id);
    const refused = await call.patch(token, other.id, { resourcetype: 'RatingIssue', public: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('public');
  });
});

describe('GET issues/{id}/', () => {
  it("lists the judges' accesses with their items and personal links", async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    expect((await call.get(token, issue.id)).json().access).toEqual([]);
    const dataset = await createDataset(t, team.id);
    const all = await f.addJudge(issue.id);
    const subset = await f.addJudge(issue.id);
    await t.db.insert(issueAccessDatasets).values({ accessId: subset.access.id, datasetId: dataset });
    expect((await call.get(token, issue.id)).json().access).toEqual([
      {
        id: all.access.id,
        user: all.judge.id,
        data_sets: [],
        issue_answer_link: `http://shortlist.test/selection/${issue.id}/answer?token=${all.access.token}`,
      },
      expect.objectContaining({ id: subset.access.id, user: subset.judge.id, data_sets: [dataset] }),
    ]);
  });
});

describe('DELETE issues/{id}/', () => {
  it('deletes its own team selection only', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/issues/${issue.id}/`, token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(await call.storedIssue(issue.id)).toBeDefined();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/issues/${issue.id}/`, token })).statusCode,
    ).toBe(204);
    expect(await call.storedIssue(issue.id)).toBeUndefined();
  });
});
