import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAnswerDrafts, issueAnswers, issueConflicts, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

describe('GET/PUT issues/{id}/draft/', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  const draftUrl = (issueId: number, token?: string) =>
    `/api/v1/issues/${issueId}/draft/${token ? `?token=${token}` : ''}`;
  const getDraft = (issueId: number, token: string) =>
    t.request({ method: 'GET', url: draftUrl(issueId, token) });
  const putDraft = (issueId: number, token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: draftUrl(issueId, token), payload });

  async function ratingSetup() {
    const setup = await f.createSetup('RatingIssue', { maxRating: 10 });
    const [item, other, third] = setup.items;
    if (!item || !other || !third) throw new Error('setup');
    return { ...setup, item, other, third };
  }

  it('saves the judge’s answers and comments, restores them on the next load, and replaces them', async () => {
    const { issue, judge, item, other } = await ratingSetup();
    const empty = await getDraft(issue.id, judge.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ answers: [], comments: [], update_time: null });

    const saved = await putDraft(issue.id, judge.token, {
      answers: [
        { dataset: item.id, value: 7 },
        { dataset: other.id, value: 3 },
      ],
      comments: [{ dataset: item.id, content: 'Strong team', shared: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      answers: [
        { dataset: item.id, question: null, value: 7 },
        { dataset: other.id, question: null, value: 3 },
      ],
      comments: [{ dataset: item.id, question: null, content: 'Strong team', shared: true }],
    });
    expect(saved.json().update_time).toEqual(expect.any(String));

    // Another device: the answer page carries the draft, and so does GET.
    const view = await call.view(issue.id, judge.token);
    expect(view.json().draft).toEqual(saved.json());
    expect(view.json().answers).toEqual([]);
    expect((await getDraft(issue.id, judge.token)).json()).toEqual(saved.json());

    const replaced = await putDraft(issue.id, judge.token, { answers: [{ dataset: other.id, value: 4 }] });
    expect(replaced.json()).toMatchObject({ answers: [{ dataset: other.id, value: 4 }], comments: [] });
    // Nothing of it is an answer.
    expect(await t.db.select().from(issueAnswers).where(eq(issueAnswers.issueId, issue.id))).toEqual([]);
  });

  it('answers 404 to another selection’s token or a wrong one, and refuses the admin’s preview', async () => {
    const { issue, judge, admin, item } = await ratingSetup();
    const other = await ratingSetup();
    const body = { answers: [{ dataset: item.id, value: 1 }] };
    expect((await getDraft(other.issue.id, judge.token)).statusCode).toBe(404);
    expect((await putDraft(other.issue.id, judge.token, body)).statusCode).toBe(404);
    expect((await putDraft(issue.id, 'not-a-token', body)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: draftUrl(issue.id) })).statusCode).toBe(401);
    const preview = await t.request({
      method: 'PUT',
      url: draftUrl(issue.id),
      token: admin.token,
      payload: body,
    });
    expect(preview.statusCode).toBe(403);
    const previewGet = await t.request({ method: 'GET', url: draftUrl(issue.id), token: admin.token });
    expect(previewGet.statusCode).toBe(403);
    // Another team's admin does not even learn the selection exists.
    const stranger = await t.createAdmin();
    const strangerGet = await t.request({ method: 'GET', url: draftUrl(issue.id), token: stranger.token });
    expect(strangerGet.statusCode).toBe(404);
  });

  it('checks a draft like a submission, but for the minimum of picks, and only while open', async () => {
    const { issue, judge, item } = await ratingSetup();
    const outOfRange = await putDraft(issue.id, judge.token, { answers: [{ dataset: item.id, value: 11 }] });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual({ answers: ['Ratings must be between 0 and 10.'] });

    const picks = await f.createSetup('SelectionIssue', { minItems: 2, maxItems: 3 });
    const [picked] = picks.items;
    const onePick = await putDraft(picks.issue.id, picks.judge.token, {
      answers: [{ dataset: picked?.id, value: 1 }],
    });
    expect(onePick.statusCode).toBe(200);

    await t.db.update(issues).set({ status: 'closed' }).where(eq(issues.id, issue.id));
    const closed = await putDraft(issue.id, judge.token, { answers: [] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().code).toBe('ISSUE_CLOSED');
  });

  it('leaves out items of a conflict and items outside the judge’s access, as a submission refuses them', async () => {
    const { issue, judge, item, other, third } = await ratingSetup();
    await t.db
      .insert(issueConflicts)
      .values({ accessId: judge.access.id, datasetId: other.id, setBy: 'admin' });
    const stranger = await ratingSetup();
    const saved = await putDraft(issue.id, judge.token, {
      answers: [
        { dataset: item.id, value: 2 },
        { dataset: other.id, value: 5 },
        { dataset: stranger.item.id, value: 5 },
      ],
      comments: [{ dataset: other.id, content: 'Mine', shared: false }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ answers: [{ dataset: item.id, value: 2 }], comments: [] });

    // A conflict declared after the draft was saved hides its rows on the next load.
    await putDraft(issue.id, judge.token, { answers: [{ dataset: third.id, value: 1 }] });
    await t.db
      .insert(issueConflicts)
      .values({ accessId: judge.access.id, datasetId: third.id, setBy: 'judge' });
    expect((await getDraft(issue.id, judge.token)).json().answers).toEqual([]);
  });

  it('never counts in the report, and is deleted by the submission', async () => {
    const { issue, judge, admin, item, other } = await ratingSetup();
    const second = await f.addJudge(issue.id);
    await putDraft(issue.id, judge.token, {
      answers: [
        { dataset: item.id, value: 9 },
        { dataset: other.id, value: 8 },
      ],
    });
    await putDraft(issue.id, second.token, { answers: [{ dataset: item.id, value: 1 }] });
    const report = async () => {
      const reply = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${issue.id}/report_summary/`,
        token: admin.token,
      });
      expect(reply.statusCode).toBe(200);
      const rows: { dataset_id: number; value: number | null; nb_answers: number }[] = reply.json().datasets;
      return rows.find((row) => row.dataset_id === item.id);
    };
    expect(await report()).toMatchObject({ value: null, nb_answers: 0 });

    const submitted = await call.submit(issue.id, judge.token, { answers: [{ dataset: item.id, value: 6 }] });
    expect(submitted.statusCode).toBe(201);
    expect(await report()).toMatchObject({ value: 6, nb_answers: 1 });
    const drafts = await t.db.select().from(issueAnswerDrafts);
    expect(drafts.map((row) => row.accessId)).not.toContain(judge.access.id);
    expect(drafts.map((row) => row.accessId)).toContain(second.access.id);
    const view = (await call.view(issue.id, judge.token)).json();
    expect(view.draft).toBeNull();
    expect(view.answers).toMatchObject([{ dataset: item.id, value: 6 }]);
    expect(view.has_submitted).toBe(true);
  });
});
