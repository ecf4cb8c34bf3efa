import { BIDDING_CLOSED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, issueAccesses, issueAnswers, issueDatasets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, assignmentFactories, EXPERTISE } from './test-factories.ts';

describe('expertise and bids', () => {
  let t: TestApp;
  let f: ReturnType<typeof assignmentFactories>;

  beforeAll(async () => {
    t = await createTestApp();
    f = assignmentFactories(t);
  });
  afterAll(() => t.close());

  it('a judge states their expertise through their link; an admin reads and sets everyone’s', async () => {
    const { admin, issue, judges } = await f.programme();
    const [ann, bob] = judges as [(typeof judges)[0], (typeof judges)[0]];
    const own = await t.request({ method: 'GET', url: api(issue.id, `expertise/?token=${ann.token}`) });
    expect(own.json()).toMatchObject({
      count: 1,
      results: [{ user: ann.user.id, name: '', email: '', text: EXPERTISE[0], source: 'judge' }],
    });
    const forOther = await t.request({
      method: 'PUT',
      url: api(issue.id, `expertise/?token=${ann.token}`),
      payload: { text: 'x', user: bob.user.id },
    });
    expect(forOther.statusCode).toBe(403);
    const byAdmin = await t.request({
      method: 'PUT',
      url: api(issue.id, 'expertise/'),
      token: admin.token,
      payload: { text: 'Merger control', user: bob.user.id },
    });
    expect(byAdmin.json()).toMatchObject({ user: bob.user.id, text: 'Merger control', source: 'admin' });
    const all = await t.request({
      method: 'GET',
      url: api(issue.id, 'expertise/?limit=10'),
      token: admin.token,
    });
    expect(all.json().count).toBe(3);
    expect(
      all
        .json()
        .results.map((row: { text: string }) => row.text)
        .sort(),
    ).toEqual([EXPERTISE[0], 'Merger control', EXPERTISE[2]].sort());
    // The admin's list is searched in the judge's e-mail, name or text, and names each judge's address.
    const search = async (text: string) =>
      (
        await t.request({
          method: 'GET',
          url: api(issue.id, `expertise/?search=${encodeURIComponent(text)}`),
          token: admin.token,
        })
      ).json() as { count: number; results: { user: number; email: string }[] };
    expect(await search('merger CONTROL')).toMatchObject({
      count: 1,
      results: [{ user: bob.user.id, email: bob.user.email }],
    });
    expect((await search('genomics')).count).toBe(2);
    expect((await search(ann.user.email)).results.map((row) => row.user)).toEqual([ann.user.id]);
    expect((await search('%')).count).toBe(0);

    const tooLong = await t.request({
      method: 'PUT',
      url: api(issue.id, `expertise/?token=${ann.token}`),
      payload: { text: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('text');
    const notAJudge = await t.request({
      method: 'PUT',
      url: api(issue.id, 'expertise/'),
      token: admin.token,
      payload: { text: 'x', user: admin.user.id },
    });
    expect(notAJudge.statusCode).toBe(400);
    expect(notAJudge.json()).toHaveProperty('user');
    const stranger = await t.createAdmin();
    for (const [method, url] of [
      ['GET', 'expertise/'],
      ['GET', 'bids/'],
      ['GET', 'bidding/'],
    ] as const) {
      const reply = await t.request({ method, url: api(issue.id, url), token: stranger.token });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
    }
    const wrongToken = await t.request({ method: 'GET', url: api(issue.id, 'expertise/?token=nope') });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('a judge bids through their link until the deadline; an admin sees every bid', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const [ann, bob] = judges as [(typeof judges)[0], (typeof judges)[0]];
    const [genome, merger] = items as [(typeof items)[0], (typeof items)[0]];
    const bid = (token: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: api(issue.id, `bids/?token=${token}`), payload });
    expect((await bid(ann.token, { dataset: genome.id, bid: 'eager' })).statusCode).toBe(201);
    expect((await bid(ann.token, { dataset: merger.id, bid: 'not_willing' })).statusCode).toBe(201);
    expect((await bid(bob.token, { dataset: merger.id, bid: 'willing' })).statusCode).toBe(201);
    const changed = await bid(ann.token, { dataset: genome.id, bid: 'willing' });
    expect(changed.json()).toMatchObject({ user: ann.user.id, dataset: genome.id, bid: 'willing' });

    const badBid = await bid(ann.token, { dataset: genome.id, bid: 'maybe' });
    expect(badBid.statusCode).toBe(400);
    expect(badBid.json()).toHaveProperty('bid');
    const elsewhere = await f.createSetup();
    const foreignItem = await bid(ann.token, { dataset: elsewhere.items[0]?.id, bid: 'eager' });
    expect(foreignItem.statusCode).toBe(400);
    expect(foreignItem.json()).toHaveProperty('dataset');
    const forOther = await bid(ann.token, { dataset: genome.id, bid: 'eager', user: bob.user.id });
    expect(forOther.statusCode).toBe(403);

    const own = await t.request({ method: 'GET', url: api(issue.id, `bids/?token=${ann.token}`) });
    expect(own.json().count).toBe(2);
    const all = await t.request({ method: 'GET', url: api(issue.id, 'bids/'), token: admin.token });
    expect(all.json().count).toBe(3);
    const unwilling = await t.request({
      method: 'GET',
      url: api(issue.id, 'bids/?bid=not_willing'),
      token: admin.token,
    });
    expect(unwilling.json().results).toEqual([
      expect.objectContaining({ user: ann.user.id, dataset: merger.id }),
    ]);

    const list = await t.request({
      method: 'GET',
      url: api(issue.id, `bid_items/?token=${ann.token}&search=antitrust`),
    });
    expect(list.json().count).toBe(2);
    expect(list.json().results[0]).toMatchObject({ dataset: merger.id, bid: 'not_willing', conflict: false });
    expect(list.json().results[0].summary).toContain('Competition law');

    const closed = await t.request({
      method: 'PUT',
      url: api(issue.id, 'bidding/'),
      token: admin.token,
      payload: { deadline: new Date(Date.now() - 1000).toISOString() },
    });
    expect(closed.json()).toMatchObject({ open: false, nb_judges: 3, nb_judges_with_bids: 2, nb_bids: 3 });
    const late = await bid(bob.token, { dataset: genome.id, bid: 'eager' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe(BIDDING_CLOSED);
    const badDeadline = await t.request({
      method: 'PUT',
      url: api(issue.id, 'bidding/'),
      token: admin.token,
      payload: { deadline: 'tomorrow' },
    });
    expect(badDeadline.statusCode).toBe(400);
    expect(badDeadline.json()).toHaveProperty('deadline');
    const judgeSetsDeadline = await t.request({
      method: 'PUT',
      url: api(issue.id, `bidding/?token=${ann.token}`),
      payload: { deadline: null },
    });
    expect(judgeSetsDeadline.statusCode).toBe(401);
  });

  it('seeds a judge’s expertise from the items they judged before in the team', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const ann = judges[0] as (typeof judges)[0];
    const earlier = await f.createIssue(admin.team.id, 'RatingIssue');
    const past = await f.addItems(earlier.id, admin.team.id, ['Metagenomics of lakes']);
    await t.db
      .insert(issueAccesses)
      .values({ issueId: earlier.id, userId: ann.user.id, token: `past-${ann.user.id}` });
    await t.db
      .insert(issueAnswers)
      .values({ issueId: earlier.id, userId: ann.user.id, datasetId: past[0]?.id as number, value: 3 });
    const kept = await t.request({
      method: 'POST',
      url: api(issue.id, 'expertise/seed/'),
      token: admin.token,
      payload: {},
    });
    expect(kept.json()).toEqual({ seeded: 0 });
    const seeded = await t.request({
      method: 'POST',
      url: api(issue.id, 'expertise/seed/'),
      token: admin.token,
      payload: { overwrite: true, users: [ann.user.id] },
    });
    expect(seeded.json()).toEqual({ seeded: 1 });
    const own = await t.request({ method: 'GET', url: api(issue.id, `expertise/?token=${ann.token}`) });
    expect(own.json().results[0]).toMatchObject({ text: 'Metagenomics of lakes', source: 'seeded' });
    expect(items).toHaveLength(4);
  });

  it('bid_items under blind review: a hidden title is never sent, its number is, as on the answer page', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const ann = judges[0] as (typeof judges)[0];
    const secret = 'founder-quokka@example.test';
    const hidden = items[1] as (typeof items)[0];
    await t.db.update(datasets).set({ title: secret }).where(eq(datasets.id, hidden.id));
    const blind = await t.request({
      method: 'PATCH',
      url: `/api/v1/issues/${issue.id}/`,
      token: admin.token,
      payload: { resourcetype: 'RatingIssue', hide_respondent: true },
    });
    expect(blind.statusCode, blind.body).toBe(200);
    const numbers = new Map(
      (
        await t.db
          .select({ id: issueDatasets.datasetId, number: issueDatasets.number })
          .from(issueDatasets)
          .where(eq(issueDatasets.issueId, issue.id))
      ).map((row) => [row.id, row.number]),
    );
    const list = await t.request({ method: 'GET', url: api(issue.id, `bid_items/?token=${ann.token}`) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body.toLowerCase()).not.toContain(secret);
    const rows: { dataset: number; number: number; title: string; title_hidden: boolean }[] =
      list.json().results;
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.number).toBe(numbers.get(row.dataset));
    expect(rows.find((row) => row.dataset === hidden.id)).toMatchObject({
      title: `Item ${numbers.get(hidden.id)}`,
      title_hidden: true,
    });
    expect(rows.filter((row) => row.title_hidden)).toHaveLength(1);
    const search = await t.request({
      method: 'GET',
      url: api(issue.id, `bid_items/?token=${ann.token}&search=quokka`),
    });
    expect(search.json().count).toBe(0);
  });
});
