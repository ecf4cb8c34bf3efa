import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues, issueComments, teams, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

describe('the answer view', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  it('shows a judge the selection, its criteria, the team header and the items alphabetically', async () => {
    const { admin, issue, judge } = await f.createSetup('RatingIssue', { description: 'Rate them' });
    await f.addQuestions(issue.id, ['Team', 'Market']);
    await t.db
      .update(teams)
      .set({ teamImage: 'https://img.test/a.png', customHeader: '<b>Hi</b>' })
      .where(eq(teams.id, admin.team.id));
    const reply = await call.view(issue.id, judge.token);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.preview).toBe(false);
    expect(body.has_submitted).toBe(false);
    expect(body.issue).toMatchObject({
      id: issue.id,
      resourcetype: 'RatingIssue',
      title: 'RatingIssue selection',
      description: 'Rate them',
      min_rating: 0,
      max_rating: 5,
      step: 1,
      comments_mode: 'DATASET',
      team_img: 'https://img.test/a.png',
      team_custom_header: '<b>Hi</b>',
    });
    // Settings meant for admins stay out of the judges' view.
    expect(body.issue).not.toHaveProperty('access_all_items');
    expect(body.issue).not.toHaveProperty('email_required');
    expect(body.issue.questions.map((q: { title: string }) => q.title)).toEqual(['Team', 'Market']);
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(body.items[0].details).toEqual([]);
  });

  it("refuses a wrong token, another selection's token and a visitor without token", async () => {
    const one = await f.createSetup();
    const two = await f.createSetup();
    expect((await call.view(one.issue.id, two.judge.token)).statusCode).toBe(404);
    expect((await call.view(one.issue.id, 'not-a-token')).statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/v1/issues/${one.issue.id}/answer_view/` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the team admin a preview, and another team's admin a 404", async () => {
    const { admin, issue } = await f.createSetup();
    const preview = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/answer_view/`,
      token: admin.token,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().preview).toBe(true);
    expect(preview.json().items).toHaveLength(3);
    const stranger = await t.createAdmin();
    const other = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/answer_view/`,
      token: stranger.token,
    });
    expect(other.statusCode).toBe(404);
  });

  it('lets a signed-in judge answer as themselves without the token', async () => {
    const { issue, judge } = await f.createSetup();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/answer_view/`,
      token: await t.tokenFor(judge.user.id),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().preview).toBe(false);
  });

  it("shows only the judge's subset when access is per item", async () => {
    const { issue, items } = await f.createSetup('RatingIssue', { accessAllItems: false });
    const bravo = items.find((i) => i.title === 'Bravo');
    const judge = await f.addJudge(issue.id, { items: [bravo?.id ?? 0] });
    const body = (await call.view(issue.id, judge.token)).json();
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Bravo']);
  });

  it('shuffles the items per judge, the same way at each visit, when random_order is on', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue', { randomOrder: true });
    await f.addItems(
      issue.id,
      admin.team.id,
      Array.from({ length: 30 }, (_, i) => `Item ${String(i).padStart(2, '0')}`),
    );
    const judges = [await f.addJudge(issue.id), await f.addJudge(issue.id)];
    const orders = [];
    for (const judge of judges)
      orders.push((await call.view(issue.id, judge.token)).json().items.map((i: { id: number }) => i.id));
    const again = (await call.view(issue.id, judges[0]?.token ?? ''))
      .json()
      .items.map((i: { id: number }) => i.id);
    expect(again).toEqual(orders[0]);
    expect(orders[0]).not.toEqual(orders[1]);
    expect([...(orders[0] ?? [])].sort((a, b) => a - b)).toEqual(
      [...(orders[1] ?? [])].sort((a, b) => a - b),
    );
  });

  it('shows item details of fields on selections only when judges may load them', async () => {
    const { admin, issue, items, judge } = await f.createSetup('RatingIssue', {
      judgesCanLoadDatasetDetails: true,
    });
    const factories = itemFactories(t);
    const model = await factories.createDataModel(admin.team.id);
    const shown = await factories.createField(model.id, 'text', { label: 'Pitch' });
    const hidden = await factories.createField(model.id, 'text', { label: 'Secret', onIssues: false });
    const item = items[0];
    if (!item) throw new Error('no item');
    await t.db.insert(datumValues).values([
      { datasetId: item.id, datumFieldId: shown.id, resourcetype: 'text', response: 'We sell ice' },
      { datasetId: item.id, datumFieldId: hidden.id, resourcetype: 'text', response: 'hidden' },
    ]);
    const body = (await call.view(issue.id, judge.token)).json();
    const details = body.items.find((i: { id: number }) => i.id === item.id).details;
    expect(details).toEqual([expect.objectContaining({ label: 'Pitch', response: 'We sell ice' })]);
  });

  it("shows other judges' shared comments with their full names, never their private ones", async () => {
    const { issue, items, judge } = await f.createSetup();
    const other = await f.addJudge(issue.id);
    await t.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.id, other.user.id));
    const [a, b] = items;
    if (!a || !b) throw new Error('no items');
    await t.db.insert(issueComments).values([
      { issueId: issue.id, userId: other.user.id, datasetId: a.id, content: 'Strong team', shared: true },
      { issueId: issue.id, userId: other.user.id, datasetId: b.id, content: 'Private note', shared: false },
      { issueId: issue.id, userId: judge.user.id, datasetId: a.id, content: 'Mine', shared: false },
    ]);
    const body = (await call.view(issue.id, judge.token)).json();
    expect(body.shared_comments).toEqual([
      expect.objectContaining({ content: 'Strong team', user_fullname: 'Ada Lovelace', dataset: a.id }),
    ]);
    expect(body.comments).toEqual([expect.objectContaining({ content: 'Mine', user: judge.user.id })]);
  });

  it("leaves a pending e-mail pending when the link comes without the mailed copy's code", async () => {
    const { issue } = await f.createSetup('RatingIssue', { public: true });
    const judge = await f.addJudge(issue.id, { origin: 'public' });
    await t.db.update(users).set({ emailVerificationStatus: 'pen' }).where(eq(users.id, judge.user.id));
    expect((await call.view(issue.id, judge.token)).statusCode).toBe(200);
    expect((await call.view(issue.id, judge.token, 'forged-code')).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, judge.user.id));
    expect(user?.emailVerificationStatus).toBe('pen');
  });
});
