import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasets,
  formSubmissions,
  intakeForms,
  issueComments,
  issueMerges,
  issueSubmissions,
  issues,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A team with one of everything, written straight to the tables that other features own. */
async function createBusyTeam() {
  const admin = await t.createAdmin();
  const { createDataModel } = itemFactories(t);
  const teamId = admin.team.id;
  const standalone = await createDataModel(teamId, 'Standalone type');
  const formModel = await createDataModel(teamId, 'Form type');
  const [form] = await t.db
    .insert(intakeForms)
    .values({ teamId, dataModelId: formModel.id, title: 'Call for startups', updateTime: minutesAgo(1) })
    .returning();
  const [issue] = await t.db
    .insert(issues)
    .values({ teamId, resourcetype: 'RatingIssue', title: 'Final jury', updateTime: minutesAgo(3) })
    .returning();
  await t.db.insert(issueMerges).values({ teamId, title: 'All juries', updateTime: minutesAgo(2) });
  if (!form || !issue) throw new Error('setup failed');
  const items = await t.db
    .insert(datasets)
    .values([
      { teamId, dataModelId: formModel.id, title: 'Acme' },
      { teamId, dataModelId: formModel.id, title: 'Draft Co' },
      { teamId, dataModelId: formModel.id, title: 'Zeta' },
    ])
    .returning();
  const [acme, draft, zeta] = items;
  if (!acme || !draft || !zeta) throw new Error('setup failed');
  await t.db.insert(formSubmissions).values([
    {
      formId: form.id,
      datasetId: acme.id,
      email: 'a@x.org',
      status: 'submitted',
      tokenHash: 'a',
      submitTime: minutesAgo(10),
    },
    { formId: form.id, datasetId: draft.id, email: 'd@x.org', status: 'draft', tokenHash: 'd' },
    {
      formId: form.id,
      datasetId: zeta.id,
      email: 'z@x.org',
      status: 'submitted',
      tokenHash: 'z',
      submitTime: minutesAgo(5),
    },
  ]);
  const judge = await t.createUser();
  await t.db.insert(issueSubmissions).values({ issueId: issue.id, userId: judge.id });
  await t.db.insert(issueComments).values(
    ['first', 'second', 'third'].map((content, index) => ({
      issueId: issue.id,
      userId: judge.id,
      datasetId: items[index]?.id ?? acme.id,
      content,
      createTime: minutesAgo(30 - index),
    })),
  );
  return { ...admin, standalone, form, issue, judge };
}

describe('GET custom/dashboard_data', () => {
  it('lists what changed lately, the latest submitted answers and the judges with their first comments', async () => {
    const { token, team, form, issue, standalone, judge } = await createBusyTeam();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/custom/dashboard_data?team_id=${team.id}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    const data = reply.json();
    // The standalone type was created last; the form's own type is listed as the form, not twice.
    expect(data.recently_updated.map((entry: { object_name: string }) => entry.object_name)).toEqual([
      'Standalone type',
      'Call for startups',
      'All juries',
      'Final jury',
    ]);
    expect(data.recently_updated[0]).toMatchObject({
      object_type: 'data_model',
      object_route: `item-types/${standalone.id}/manage`,
    });
    expect(data.recently_updated[1]).toMatchObject({
      object_type: 'form',
      object_route: `intake-forms/${form.id}`,
    });
    // Drafts are not submissions yet; newest first.
    expect(
      data.latest_form_submissions.map((row: { submission_title: string }) => row.submission_title),
    ).toEqual(['Zeta', 'Acme']);
    expect(data.latest_issue_submissions).toEqual([
      expect.objectContaining({
        issue_id: issue.id,
        submitter: judge.email,
        comments: ['first', 'second'],
      }),
    ]);
  });

  it("answers 404 for another team's dashboard", async () => {
    const { team } = await createBusyTeam();
    const stranger = await t.createAdmin();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/custom/dashboard_data?team_id=${team.id}`,
      token: stranger.token,
    });
    expect(reply.statusCode).toBe(404);
  });
});

describe('GET custom/usage_data', () => {
  it('counts per team what was created within the range, both days included', async () => {
    const { team } = await createBusyTeam();
    // The oldest row is 10 minutes old: just after midnight (UTC) the range starts the day before.
    const from = minutesAgo(60).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const token = await t.superuserToken();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/custom/usage_data?from=${from}&toDate=${today}&team_id=${team.id}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().statsByTeam).toEqual([
      {
        team_id: team.id,
        name: team.title,
        forms: 1,
        // Submitted ones, as on the dashboard: the draft does not count.
        formSubmissions: 2,
        issues: 1,
        issueMerges: 1,
        issueSubmissions: 1,
      },
    ]);
    const before = await t.request({
      method: 'GET',
      url: `/api/v1/custom/usage_data?from=2020-01-01&toDate=2020-01-31&team_id=${team.id}`,
      token,
    });
    expect(before.json().statsByTeam[0]).toMatchObject({ forms: 0, formSubmissions: 0, issues: 0 });
  });

  it('is for superusers only and checks its dates', async () => {
    const { token } = await t.createAdmin();
    const denied = await t.request({
      method: 'GET',
      url: '/api/v1/custom/usage_data?from=2026-01-01&toDate=2026-01-31',
      token,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: '/api/v1/custom/usage_data?from=yesterday&toDate=2026-01-31',
      token: await t.superuserToken(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('from');
    const impossible = await t.request({
      method: 'GET',
      url: '/api/v1/custom/usage_data?from=2026-13-45&toDate=2026-02-30',
      token: await t.superuserToken(),
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toEqual({ from: ['Enter a valid date.'], toDate: ['Enter a valid date.'] });
  });
});
