import { JUDGE_ALREADY_SUBMITTED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, issueAccessDatasets, issueConflicts, issueDatasets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls } from '../judging/test-factories.ts';
import { api, assignmentFactories, bruteForceOptimum } from './test-factories.ts';

describe('assignment by expertise', () => {
  let t: TestApp;
  let f: ReturnType<typeof assignmentFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = assignmentFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  it('assigns by expertise: the optimum of affinity + bids, never a not_willing or conflicted pair, within loads', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const [ann, bob, cem] = judges as [(typeof judges)[0], (typeof judges)[0], (typeof judges)[0]];
    const [genome, merger, protein] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    await t.request({
      method: 'POST',
      url: api(issue.id, `bids/?token=${ann.token}`),
      payload: { dataset: genome.id, bid: 'not_willing' },
    });
    await t.request({
      method: 'POST',
      url: api(issue.id, `bids/?token=${bob.token}`),
      payload: { dataset: protein.id, bid: 'eager' },
    });
    await t.db
      .insert(issueConflicts)
      .values({ accessId: cem.access.id, datasetId: merger.id, setBy: 'admin' });

    const scores = await f.allAffinities(issue.id, admin.token);
    const score = (user: number, item: number) => scores.get(`${user}:${item}`) ?? 0;
    // The text matches the fields: the genomics judge scores the genome item above the law one.
    expect(score(ann.user.id, genome.id)).toBeGreaterThan(score(ann.user.id, merger.id));
    expect(score(bob.user.id, merger.id)).toBeGreaterThan(score(bob.user.id, genome.id));

    const reply = await f.assign(issue.id, admin.token, {
      judges_per_item: 2,
      max_items_per_judge: 3,
      by: 'expertise',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const result = reply.json();
    expect(result).toMatchObject({ by: 'expertise', nb_assigned: 8, short: [] });
    const pairs = await f.allPairs(issue.id, admin.token);
    expect(pairs).toHaveLength(8);
    const has = (user: number, item: number) => pairs.some((p) => p.user === user && p.dataset === item);
    expect(has(ann.user.id, genome.id)).toBe(false);
    expect(has(cem.user.id, merger.id)).toBe(false);
    for (const item of items) expect(pairs.filter((p) => p.dataset === item.id)).toHaveLength(2);
    for (const judge of judges)
      expect(pairs.filter((p) => p.user === judge.user.id).length).toBeLessThanOrEqual(3);

    // The quality recomputed here from the pairs, their affinities and bids.
    const bonus = (user: number, item: number) => (user === bob.user.id && item === protein.id ? 0.3 : 0);
    const objective = pairs.reduce((sum, p) => sum + score(p.user, p.dataset) + bonus(p.user, p.dataset), 0);
    const totals = items.map((item) =>
      pairs.filter((p) => p.dataset === item.id).reduce((sum, p) => sum + score(p.user, p.dataset), 0),
    );
    const quality = result.quality;
    expect(quality.pairs).toBe(8);
    expect(quality.objective).toBeCloseTo(objective, 4);
    expect(quality.mean_affinity).toBeCloseTo(pairs.reduce((s, p) => s + score(p.user, p.dataset), 0) / 8, 4);
    expect(quality.worst_item_affinity).toBeCloseTo(Math.min(...totals), 4);
    expect(quality.eager_share).toBeCloseTo(has(bob.user.id, protein.id) ? 1 / 8 : 0, 6);
    expect(quality.histogram.reduce((s: number, b: { pairs: number }) => s + b.pairs, 0)).toBe(8);
    for (const p of pairs) expect(p.affinity).toBeCloseTo(score(p.user, p.dataset), 4);

    // It is the optimum: no assignment does better, and the LP bound is within a hair of it.
    const users = judges.map((judge) => judge.user.id);
    const optimum = bruteForceOptimum(
      items.map((item) => item.id),
      users,
      2,
      3,
      (user, item) =>
        (user === ann.user.id && item === genome.id) || (user === cem.user.id && item === merger.id)
          ? null
          : score(user, item) + bonus(user, item),
    );
    expect(objective).toBeCloseTo(optimum, 4);
    expect(quality.upper_bound).toBeGreaterThanOrEqual(optimum - 1e-4);
    expect(quality.optimum_ratio).toBeGreaterThan(0.999);
    const explained = pairs.find((p) => p.user === bob.user.id && p.dataset === merger.id);
    expect(explained?.matched_on).toEqual(expect.arrayContaining(['antitrust']));

    const fromQuality = await t.request({
      method: 'GET',
      url: api(issue.id, 'assignment/quality/'),
      token: admin.token,
    });
    expect(fromQuality.json()).toEqual(quality);
  });

  it('"matched on" and the quality follow a changed expertise or item text at once (the kept model is not stale)', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const bob = judges[1] as (typeof judges)[0];
    const merger = items[1] as (typeof items)[0];
    const run = await f.assign(issue.id, admin.token, {
      judges_per_item: 3,
      max_items_per_judge: 4,
      by: 'expertise',
    });
    expect(run.statusCode, run.body).toBe(200);
    const pairOf = async () =>
      (await f.allPairs(issue.id, admin.token)).find(
        (p) => p.user === bob.user.id && p.dataset === merger.id,
      );
    const quality = async () =>
      (
        await t.request({ method: 'GET', url: api(issue.id, 'assignment/quality/'), token: admin.token })
      ).json();
    const before = await pairOf();
    expect(before?.matched_on).toEqual(expect.arrayContaining(['antitrust']));
    const meanBefore = (await quality()).mean_affinity;

    const put = await t.request({
      method: 'PUT',
      url: api(issue.id, 'expertise/'),
      token: admin.token,
      payload: { user: bob.user.id, text: 'Telecom operators' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await pairOf();
    expect(after?.matched_on).toEqual(expect.arrayContaining(['telecom', 'operators']));
    expect(after?.matched_on).not.toContain('antitrust');
    expect(after?.affinity).not.toBeCloseTo(before?.affinity ?? 0, 4);
    expect((await quality()).mean_affinity).not.toBeCloseTo(meanBefore, 6);

    await t.db
      .update(datasets)
      .set({ description: 'Spectrum auctions for operators.' })
      .where(eq(datasets.id, merger.id));
    expect((await pairOf())?.matched_on).toEqual(['operators']);
  });

  it('one judge per item, two items at most each: every item gets its judge when two judges cannot take some (the e2e’s programme)', async () => {
    // Four items and three judges: the genetics judge is not willing for the law item and has a conflict
    // with the reefs, so the ocean and law judges must take those; 6 places for 4 pairs. The auction's
    // early phases priced the places out of an item's reach; it gave up and the run came one item short.
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const [rare, , law, coral] = await f.addItems(issue.id, admin.team.id, [
      'Sequencing the genomes of rare diseases',
      'Genomic sequencing of crop pathogens',
      'Competition law in digital markets',
      'Coral reef ecology under ocean warming',
    ]);
    if (!rare || !law || !coral) throw new Error('no items');
    const [genetics, lawyer, ocean] = [
      await f.addJudge(issue.id),
      await f.addJudge(issue.id),
      await f.addJudge(issue.id),
    ];
    const asJudge = async (token: string, method: 'PUT' | 'POST', path: string, payload: object) => {
      const reply = await t.request({ method, url: api(issue.id, `${path}?token=${token}`), payload });
      expect(reply.statusCode, reply.body).toBeLessThan(300);
    };
    await asJudge(genetics.token, 'PUT', 'expertise/', { text: 'Genomics, sequencing, rare diseases' });
    await asJudge(genetics.token, 'POST', 'bids/', { dataset: rare.id, bid: 'eager' });
    await asJudge(genetics.token, 'POST', 'bids/', { dataset: law.id, bid: 'not_willing' });
    await asJudge(genetics.token, 'POST', 'conflicts/', { dataset: coral.id });
    await asJudge(lawyer.token, 'PUT', 'expertise/', { text: 'Competition law, antitrust, digital markets' });
    await asJudge(lawyer.token, 'POST', 'bids/', { dataset: law.id, bid: 'eager' });
    await asJudge(ocean.token, 'PUT', 'expertise/', { text: 'Ocean warming, coral reefs, marine ecology' });
    for (const fairness of [false, true]) {
      const reply = await f.assign(issue.id, admin.token, {
        judges_per_item: 1,
        max_items_per_judge: 2,
        by: 'expertise',
        fairness,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ nb_assigned: 4, short: [], max_datasets_per_judge: 2 });
      const pairs = await f.allPairs(issue.id, admin.token);
      expect(new Set(pairs.map((p) => p.dataset)).size).toBe(4);
      const has = (judge: typeof genetics, item: number) =>
        pairs.some((p) => p.user === judge.user.id && p.dataset === item);
      expect(has(genetics, rare.id) && has(lawyer, law.id) && has(ocean, coral.id)).toBe(true);
    }
  });

  it('the pairs are searched by item title or number and by judge name or e-mail, paged in SQL', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const run = await f.assign(issue.id, admin.token, {
      judges_per_item: 3,
      max_items_per_judge: 4,
      by: 'expertise',
    });
    expect(run.statusCode, run.body).toBe(200);
    const [ann] = judges as [(typeof judges)[0]];
    const protein = items[2] as (typeof items)[0];
    const [row] = await t.db
      .select({ number: issueDatasets.number })
      .from(issueDatasets)
      .where(eq(issueDatasets.datasetId, protein.id));
    const search = async (text: string, paging = '') => {
      const reply = await t.request({
        method: 'GET',
        url: api(issue.id, `assignment/?search=${encodeURIComponent(text)}${paging}`),
        token: admin.token,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json() as { count: number; results: { user: number; dataset: number }[] };
    };
    const byTitle = await search('protein FOLD');
    expect(byTitle.count).toBe(3);
    expect(byTitle.results.every((p) => p.dataset === protein.id)).toBe(true);
    expect((await search(`#${row?.number}`)).results.map((p) => p.dataset)).toEqual([
      protein.id,
      protein.id,
      protein.id,
    ]);
    const byEmail = await search(ann.user.email.toUpperCase());
    expect(byEmail.count).toBe(4);
    expect(byEmail.results.every((p) => p.user === ann.user.id)).toBe(true);
    const page = await search(ann.user.email, '&limit=3&offset=3');
    expect(page).toMatchObject({ count: 4, results: [{ user: ann.user.id }] });
    expect((await search('%')).count).toBe(0);
  });

  it('items short of judges are reported; loads never pass the maximum', async () => {
    const { admin, issue } = await f.programme();
    const reply = await f.assign(issue.id, admin.token, {
      judges_per_item: 2,
      max_items_per_judge: 2,
      by: 'expertise',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // 8 pairs wanted, 6 fit.
    expect(reply.json()).toMatchObject({ nb_assigned: 6, max_datasets_per_judge: 2 });
    expect(reply.json().short.reduce((s: number, g: { items: number }) => s + g.items, 0)).toBeGreaterThan(0);
  });

  it('an uploaded matrix replaces the text; bad lines are named, nothing kept', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const users = judges.map((judge) => judge.user.id);
    const value = (u: number, i: number) => ((u * 7 + i * 3) % 10) / 10;
    const lines = users.flatMap((u, j) =>
      items.map((item) => `${j === 0 ? (judges[0]?.user.email ?? '') : u},${item.id},${value(u, item.id)}`),
    );
    const bad = await t.request({
      method: 'POST',
      url: api(issue.id, 'affinities/'),
      token: admin.token,
      payload: { csv: `judge,item,score\n${users[0]},${items[0]?.id},2\nnobody,${items[0]?.id},0.5\n` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().csv).toEqual([
      'Line 2: the score must be a number between 0 and 1.',
      'Line 3: this is not a judge of this selection.',
    ]);
    const french = await t.request({
      method: 'POST',
      url: api(issue.id, 'affinities/'),
      token: admin.token,
      headers: { 'accept-language': 'fr' },
      payload: { csv: 'judge;item;score\n1;2\n' },
    });
    expect(french.json().csv).toEqual(['Ligne 2 : trois valeurs sont attendues : judge, item, score.']);
    const badHeader = await t.request({
      method: 'POST',
      url: api(issue.id, 'affinities/'),
      token: admin.token,
      payload: { csv: 'a,b,c\n' },
    });
    expect(badHeader.json().csv).toEqual(['Line 1: the header must be judge,item,score.']);

    const upload = await t.request({
      method: 'POST',
      url: api(issue.id, 'affinities/'),
      token: admin.token,
      payload: { csv: `judge,item,score\n${lines.join('\n')}\n` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ pairs: 12, source: 'uploaded' });
    const reply = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
    });
    expect(reply.json().quality.affinity_source).toBe('uploaded');
    const optimum = bruteForceOptimum(
      items.map((item) => item.id),
      users,
      1,
      2,
      value,
    );
    expect(reply.json().quality.objective).toBeCloseTo(optimum, 5);
    const removed = await t.request({
      method: 'DELETE',
      url: api(issue.id, 'affinities/'),
      token: admin.token,
    });
    expect(removed.statusCode).toBe(204);
    const after = await t.request({
      method: 'GET',
      url: api(issue.id, 'assignment/quality/'),
      token: admin.token,
    });
    expect(after.json().affinity_source).toBe('text');
  });

  it('max_pair_probability: every draw is whole, and no pair is certain', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const seen = new Map<string, number>();
    const runs = 24;
    for (let seed = 1; seed <= runs; seed++) {
      const reply = await f.assign(issue.id, admin.token, {
        judges_per_item: 1,
        max_items_per_judge: 2,
        by: 'expertise',
        max_pair_probability: 0.5,
        seed,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ nb_assigned: 4, short: [] });
      expect(reply.json().max_datasets_per_judge).toBeLessThanOrEqual(2);
      for (const pair of await f.allPairs(issue.id, admin.token))
        seen.set(`${pair.user}:${pair.dataset}`, (seen.get(`${pair.user}:${pair.dataset}`) ?? 0) + 1);
    }
    // With q = 0.5 a pair comes in about half the draws at most: never in all of them.
    for (const [pair, times] of seen) expect(times, pair).toBeLessThan(runs);
    expect(seen.size).toBeGreaterThan(items.length);
    const same = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
      max_pair_probability: 0.5,
      seed: 7,
    });
    const first = (await f.allPairs(issue.id, admin.token)).map((p) => `${p.user}:${p.dataset}`).sort();
    await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
      max_pair_probability: 0.5,
      seed: 7,
    });
    expect((await f.allPairs(issue.id, admin.token)).map((p) => `${p.user}:${p.dataset}`).sort()).toEqual(
      first,
    );
    expect(same.statusCode).toBe(200);
    expect(judges).toHaveLength(3);

    const both = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
      max_pair_probability: 0.5,
      fairness: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toHaveProperty('fairness');
    const tooLow = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
      max_pair_probability: 0.01,
    });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toHaveProperty('max_pair_probability');
  });

  it('fairness raises the worst-served item, never below the plain optimum’s worst', async () => {
    const { admin, issue } = await f.programme();
    const plain = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
    });
    const fair = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
      fairness: true,
    });
    expect(fair.statusCode, fair.body).toBe(200);
    expect(fair.json().quality.worst_item_affinity).toBeGreaterThanOrEqual(
      plain.json().quality.worst_item_affinity - 1e-9,
    );
    expect(fair.json().quality.objective).toBeLessThanOrEqual(plain.json().quality.upper_bound + 1e-6);
  });

  it('pairs by hand: not_willing and conflicts refused, a submitted judge keeps their items', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const [ann, bob, cem] = judges as [(typeof judges)[0], (typeof judges)[0], (typeof judges)[0]];
    const [genome, merger] = items as [(typeof items)[0], (typeof items)[0]];
    await t.request({
      method: 'POST',
      url: api(issue.id, `bids/?token=${ann.token}`),
      payload: { dataset: merger.id, bid: 'not_willing' },
    });
    await t.db
      .insert(issueConflicts)
      .values({ accessId: bob.access.id, datasetId: genome.id, setBy: 'admin' });
    await f.assign(issue.id, admin.token, { judges_per_item: 1, max_items_per_judge: 2, by: 'expertise' });
    const patch = (payload: Record<string, unknown>, token = admin.token) =>
      t.request({ method: 'PATCH', url: api(issue.id, 'assignment/'), token, payload });
    const refused = await patch({
      add: [
        { user: ann.user.id, dataset: merger.id },
        { user: bob.user.id, dataset: genome.id },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'add.0': ['This judge is not willing to judge this item.'],
      'add.1': ['This judge has a conflict of interest with this item.'],
    });
    const before = await f.allPairs(issue.id, admin.token);
    const moved = before.find((p) => p.dataset === genome.id);
    if (!moved) throw new Error('genome has no judge');
    const other = judges.find((judge) => judge.user.id !== moved.user && judge.user.id !== bob.user.id);
    if (!other) throw new Error('no other judge');
    const changed = await patch({
      remove: [{ user: moved.user, dataset: genome.id }],
      add: [{ user: other.user.id, dataset: genome.id }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await f.allPairs(issue.id, admin.token);
    expect(after.filter((p) => p.dataset === genome.id).map((p) => p.user)).toEqual([other.user.id]);
    // Same number of pairs: the run's bound still applies.
    expect(changed.json().upper_bound).not.toBeNull();
    const fewer = await patch({ remove: [{ user: other.user.id, dataset: genome.id }] });
    expect(fewer.json()).toMatchObject({ pairs: 3, upper_bound: null, optimum_ratio: null });

    const cemItems = await t.db
      .select()
      .from(issueAccessDatasets)
      .where(eq(issueAccessDatasets.accessId, cem.access.id));
    const cemItem = cemItems[0]?.datasetId as number;
    expect(
      (await call.submit(issue.id, cem.token, { answers: [{ dataset: cemItem, value: 3 }] })).statusCode,
    ).toBe(201);
    const fromSubmitted = await patch({ remove: [{ user: cem.user.id, dataset: cemItem }] });
    expect(fromSubmitted.statusCode).toBe(400);
    expect(fromSubmitted.json().code).toBe(JUDGE_ALREADY_SUBMITTED);

    const byJudge = await t.request({
      method: 'PATCH',
      url: api(issue.id, `assignment/?token=${ann.token}`),
      payload: { add: [] },
    });
    expect(byJudge.statusCode).toBe(401);
    const stranger = await t.createAdmin();
    for (const [method, url] of [
      ['PATCH', 'assignment/'],
      ['GET', 'assignment/'],
      ['GET', 'assignment/quality/'],
      ['GET', 'affinities/'],
      ['DELETE', 'affinities/'],
      ['POST', 'assign_access/'],
    ] as const) {
      const reply = await t.request({
        method,
        url: api(issue.id, url),
        token: stranger.token,
        payload:
          method === 'PATCH'
            ? { add: [] }
            : method === 'POST'
              ? { judges_per_item: 1, max_items_per_judge: 1 }
              : undefined,
      });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
