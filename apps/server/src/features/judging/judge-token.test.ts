import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessDatasets, issueComments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

/**
 * What a personal link's token opens, endpoint by endpoint: its own selection only, and in it only what
 * that judge may see (their items, their rows, others' shared comments on their items).
 */
describe('the judge token on every judging endpoint', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setup>>;

  async function setup() {
    const f = judgingFactories(t);
    const base = await f.createSetup('RatingIssue', { accessAllItems: false });
    const [charlie, alpha, bravo] = base.items;
    if (!charlie || !alpha || !bravo) throw new Error('setup');
    // The setup's judge gets every item; `subset` only alpha.
    const full = base.judge;
    await t.db
      .insert(issueAccessDatasets)
      .values(base.items.map((item) => ({ accessId: full.access.id, datasetId: item.id })));
    const subset = await f.addJudge(base.issue.id, { items: [alpha.id] });
    const other = await f.createSetup('RatingIssue');
    return { ...base, charlie, alpha, bravo, full, subset, other };
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = await setup();
    const call = judgingCalls(t);
    // The full judge comments, shared, on an item the subset judge cannot see and on one they can.
    const submitted = await call.submit(s.issue.id, s.full.token, {
      answers: [
        { dataset: s.charlie.id, value: 4 },
        { dataset: s.alpha.id, value: 3 },
      ],
      comments: [
        { dataset: s.charlie.id, content: 'Hidden from subset', shared: true },
        { dataset: s.alpha.id, content: 'Seen by subset', shared: true },
        { dataset: s.bravo.id, content: 'Private note', shared: false },
      ],
    });
    expect(submitted.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.request({ method: 'GET', url: `/api/v1/issues/${url}` });

  it("answer_view: the judge's items, and shared comments on them only", async () => {
    const view = (await get(`${s.issue.id}/answer_view/?token=${s.subset.token}`)).json();
    expect(view.items.map((item: { id: number }) => item.id)).toEqual([s.alpha.id]);
    expect(view.shared_comments.map((c: { content: string }) => c.content)).toEqual(['Seen by subset']);
    expect(view.answers).toEqual([]);
  });

  it("comments with as_judge: own and shared on visible items, never another item's", async () => {
    const reply = await get(`${s.issue.id}/comments/?as_judge=true&token=${s.subset.token}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().results.map((c: { content: string }) => c.content)).toEqual(['Seen by subset']);
    const byItem = await get(
      `${s.issue.id}/comments/?as_judge=true&dataset=${s.charlie.id}&token=${s.subset.token}`,
    );
    expect(byItem.json()).toMatchObject({ count: 0, results: [] });
    const own = await get(`${s.issue.id}/comments/?token=${s.full.token}`);
    expect(own.json().count).toBe(3);
    const notOwn = await get(`${s.issue.id}/comments/?user=${s.full.user.id}&token=${s.subset.token}`);
    expect(notOwn.json().count).toBe(0);
  });

  it("answers and their count: the judge's own, whatever user is asked for", async () => {
    const others = await get(`${s.issue.id}/answers/?user=${s.full.user.id}&token=${s.subset.token}`);
    expect(others.json()).toMatchObject({ count: 0, results: [] });
    const count = await get(`${s.issue.id}/answers/count/?user=${s.full.user.id}&token=${s.subset.token}`);
    expect(count.json()).toEqual({ count: 0 });
    expect((await get(`${s.issue.id}/answers/count/?token=${s.full.token}`)).json()).toEqual({ count: 2 });
  });

  it("submissions and their count: the judge's own only", async () => {
    const subsetList = await get(`${s.issue.id}/submissions/?token=${s.subset.token}`);
    expect(subsetList.statusCode).toBe(200);
    expect(subsetList.json()).toMatchObject({ count: 0, results: [] });
    expect((await get(`${s.issue.id}/submissions/count/?token=${s.subset.token}`)).json()).toEqual({
      count: 0,
    });
    const fullList = (await get(`${s.issue.id}/submissions/?token=${s.full.token}`)).json();
    expect(fullList.results).toEqual([expect.objectContaining({ user: s.full.user.id, issue: s.issue.id })]);
    const admin = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${s.issue.id}/submissions/count/`,
      token: s.admin.token,
    });
    expect(admin.json()).toEqual({ count: 1 });
  });

  it("submitting: an item outside the judge's access is refused", async () => {
    const reply = await judgingCalls(t).submit(s.issue.id, s.subset.token, {
      answers: [{ dataset: s.charlie.id, value: 1 }],
    });
    expect(reply.statusCode).toBe(400);
    const comment = await judgingCalls(t).submit(s.issue.id, s.subset.token, {
      comments: [{ dataset: s.charlie.id, content: 'Sneaky', shared: true }],
    });
    expect(comment.statusCode).toBe(400);
    expect((await t.db.select().from(issueComments)).map((c) => c.content)).not.toContain('Sneaky');
  });

  it('a token opens its own selection only, on every judging endpoint', async () => {
    for (const path of [
      'answer_view/',
      'answers/',
      'answers/count/',
      'comments/?as_judge=true',
      'submissions/',
      'submissions/count/',
    ]) {
      const glue = path.includes('?') ? '&' : '?';
      const reply = await get(`${s.other.issue.id}/${path}${glue}token=${s.subset.token}`);
      expect([path, reply.statusCode]).toEqual([path, 404]);
    }
    const post = await judgingCalls(t).submit(s.other.issue.id, s.subset.token, { answers: [] });
    expect(post.statusCode).toBe(404);
  });

  it('every route checks the token before it reads a body or checks a query', async () => {
    // Text that is no JSON, or a query that fails: a 400 would mean it was read before the caller was known.
    const routes = [
      ['POST', 'submissions/', ''],
      ['PUT', 'draft/', ''],
      ['POST', 'pairwise/vote/', ''],
      ['POST', 'conflicts/', ''],
      ['DELETE', 'conflicts/', ''],
      ['GET', 'answers/', 'limit=many&'],
      ['GET', 'conflicts/', 'limit=many&'],
    ] as const;
    const send = (method: (typeof routes)[number][0], path: string, query: string, token?: string) =>
      t.request({
        method,
        url: `/api/v1/issues/${s.issue.id}/${path}?${query}${token === undefined ? '' : `token=${token}`}`,
        ...(method === 'DELETE' || method === 'GET'
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: '{"answers": [' }),
      });
    const answers = async (token?: string) => {
      const codes: string[] = [];
      for (const [method, path, query] of routes)
        codes.push(`${method} ${path} ${(await send(method, path, query, token)).statusCode}`);
      return codes;
    };
    const each = (code: number) => routes.map(([method, path]) => `${method} ${path} ${code}`);
    expect(await answers()).toEqual(each(401));
    expect(await answers(s.other.judge.token)).toEqual(each(404));
    expect(await answers(s.full.token)).toEqual(each(400));
  });

  it('a token opens no admin endpoint of its selection', async () => {
    for (const path of [
      '',
      'report_summary/',
      `report_summary_user/?user=${s.full.user.id}`,
      'judges/',
      'judges_statuses/',
      `invitations/?user=${s.full.user.id}`,
      'datasets/',
      'export_excel/',
    ]) {
      const glue = path.includes('?') ? '&' : '?';
      const reply = await get(`${s.issue.id}/${path}${glue}token=${s.subset.token}`);
      expect([path, reply.statusCode]).toEqual([path, 401]);
    }
  });
});
