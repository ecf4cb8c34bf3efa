import { DATASET_COUNT_EXACT_MAX, DATASET_IDS_PAGE, type DatasetIds } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDatasets, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

interface ListReply {
  count: number;
  count_exact: boolean;
  next: string | null;
  previous: string | null;
  results: { id: number; title: string }[];
}

const get = async (token: string, url: string) => t.request({ method: 'GET', url, token });
const list = async (token: string, query: string) =>
  (await get(token, `/api/v1/datasets/?${query}`)).json() as ListReply;
const idsPage = async (token: string, query: string) =>
  (await get(token, `/api/v1/datasets/ids/?${query}`)).json() as DatasetIds;
/** A link of a reply as the next request's path and query. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Items of a team inserted in SQL, numbered titles, one minute apart (the newest last). */
async function insertItems(teamId: number, modelId: number, n: number, title = 'Item') {
  await t.db.execute(sql`
    insert into datasets (data_model_id, team_id, title, create_time, update_time)
    select ${modelId}::int, ${teamId}::int, ${title} || ' ' || i,
      now() - (${n}::int - i) * interval '1 minute', now()
    from generate_series(1, ${n}::int) as i`);
}

describe('GET datasets/ counts up to 10,000', () => {
  it('says "10,000+" past the cap, every match with count=exact, and exact counts below it', async () => {
    const { token, team, model } = await f.createItemSetup();
    await insertItems(team.id, model.id, DATASET_COUNT_EXACT_MAX + 5);
    await f.createDataset(token, model.id, { title: 'Rare find' });

    const capped = await list(token, `team=${team.id}`);
    expect(capped).toMatchObject({ count: DATASET_COUNT_EXACT_MAX, count_exact: false, previous: null });
    expect(capped.results).toHaveLength(20);
    expect(capped.results[0]?.title).toBe('Rare find');
    expect(capped.next).toContain('offset=20');

    const exact = await list(token, `team=${team.id}&count=exact`);
    expect(exact).toMatchObject({ count: DATASET_COUNT_EXACT_MAX + 6, count_exact: true });
    expect(exact.results.map((item) => item.id)).toEqual(capped.results.map((item) => item.id));

    const searched = await list(token, `team=${team.id}&search=item 1000`);
    // Item 1000 and Item 10000 to Item 10005.
    expect(searched).toMatchObject({ count: 7, count_exact: true, next: null });
    expect(await list(token, `team=${team.id}&search=rare`)).toMatchObject({ count: 1, count_exact: true });

    // Past the last page, the count is still read (the same capped count), the page empty.
    const beyond = await list(token, `team=${team.id}&offset=20000`);
    expect(beyond).toMatchObject({ count: DATASET_COUNT_EXACT_MAX, count_exact: false, next: null });
    expect(beyond.results).toEqual([]);
    const beyondExact = await list(token, `team=${team.id}&offset=20000&count=exact`);
    expect(beyondExact).toMatchObject({ count: DATASET_COUNT_EXACT_MAX + 6, count_exact: true });

    // The ids of "select all" are counted as the list is, a page of them at a time.
    const ids = await idsPage(token, `team=${team.id}`);
    expect(ids).toMatchObject({ count: DATASET_IDS_PAGE, count_exact: false });
    expect(ids.ids).toHaveLength(DATASET_IDS_PAGE);
    const exactIds = await idsPage(token, `team=${team.id}&count=exact`);
    expect(exactIds).toMatchObject({ count: DATASET_COUNT_EXACT_MAX + 6, count_exact: true });

    expect((await get(token, `/api/v1/datasets/?team=${team.id}&count=all`)).statusCode).toBe(400);

    // A search matching more than 10,000 in title order: its pages (read from its first 10,001 matches,
    // or past them in the title index) are those of the whole list, where "Rare find" comes after them.
    const idsOf = (reply: ListReply) => reply.results.map((item) => item.id);
    for (const offset of [0, 9970, 9980, 9981]) {
      const searched = await list(token, `team=${team.id}&search=item&ordering=title&offset=${offset}`);
      expect(searched).toMatchObject({ count: DATASET_COUNT_EXACT_MAX, count_exact: false });
      const everything = await list(token, `team=${team.id}&ordering=title&offset=${offset}`);
      expect({ offset, ids: idsOf(searched) }).toEqual({ offset, ids: idsOf(everything) });
    }
    const deep = await list(token, `team=${team.id}&search=item&ordering=title&offset=9980`);
    const after = (await get(token, pathOf(deep.next ?? ''))).json() as ListReply;
    const everythingAfter = await list(token, `team=${team.id}&ordering=title&offset=10000`);
    expect(idsOf(after)).toEqual(idsOf(everythingAfter).slice(0, DATASET_COUNT_EXACT_MAX + 5 - 10000));
    expect(after.next).toBeNull();
  });

  it('counts a selection’s items exactly, however many', async () => {
    const { token, team, model } = await f.createItemSetup();
    await insertItems(team.id, model.id, DATASET_COUNT_EXACT_MAX + 2);
    const [issue] = await t.db
      .insert(issues)
      .values({ teamId: team.id, resourcetype: 'RatingIssue', title: 'Big' })
      .returning();
    await t.db.execute(sql`insert into ${issueDatasets} (issue_id, dataset_id)
      select ${issue?.id}::int, id from datasets where team_id = ${team.id}::int`);
    const page = (await get(token, `/api/v1/issues/${issue?.id}/datasets/?limit=5`)).json();
    expect(page.count).toBe(DATASET_COUNT_EXACT_MAX + 2);
    expect(page.results).toHaveLength(5);
    const filtered = await list(token, `team=${team.id}&issue=${issue?.id}`);
    expect(filtered).toMatchObject({ count: DATASET_COUNT_EXACT_MAX, count_exact: false });
  });
});

describe('GET datasets/ next links carry a cursor', () => {
  it('walks every order to the end by its next links, the same rows as by offset, ties by id', async () => {
    const { token, team, model } = await f.createItemSetup();
    // One bulk insert: the rows share their create_time, and their titles differ by case only in pairs,
    // so each order's ties fall to the id.
    const titles = ['alpha', 'Alpha', 'beta', 'BETA', 'Gamma', 'gamma', 'delta', 'Delta', 'epsilon'];
    const rows = [...titles, ...titles].map((title) => ({ data_model: model.id, title }));
    const created = await t.request({ method: 'POST', url: '/api/v1/datasets/', token, payload: rows });
    expect(created.statusCode).toBe(201);
    await insertItems(team.id, model.id, 7, 'Alpha');

    for (const ordering of ['title', '-title', 'create_time', '-create_time']) {
      for (const filter of ['', '&search=alpha']) {
        const query = `team=${team.id}&ordering=${ordering}${filter}`;
        const all = await list(token, `${query}&limit=100`);
        let page = await list(token, `${query}&limit=4`);
        const walked = [...page.results];
        let pages = 1;
        while (page.next) {
          expect(page.next).toContain('cursor=');
          const nextPage = pathOf(page.next);
          page = (await get(token, nextPage)).json();
          // The page after a cursor is the one its offset names, and its previous link the page before.
          const offset = Number(new URL(`http://x${nextPage}`).searchParams.get('offset'));
          expect(page.results).toEqual(all.results.slice(offset, offset + 4));
          expect(page.previous).not.toContain('cursor=');
          walked.push(...page.results);
          pages += 1;
        }
        expect({ ordering, filter, ids: walked.map((item) => item.id) }).toEqual({
          ordering,
          filter,
          ids: all.results.map((item) => item.id),
        });
        expect(pages).toBe(Math.ceil(all.count / 4));
      }
    }
  });

  it('refuses a cursor it did not make for this order with a 400 on cursor', async () => {
    const { token, team, model } = await f.createItemSetup();
    await insertItems(team.id, model.id, 3);
    const first = await list(token, `team=${team.id}&limit=1`);
    const cursor = new URL(first.next ?? '').searchParams.get('cursor') ?? '';
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'nonsense',
      forged(['-create_time', 'not a time', 1]),
      forged(['-create_time', '-999999999999999999', 1]),
      forged(['-create_time', '1', 2 ** 31]),
      forged(['title', 'item 1', 1]),
    ]) {
      const reply = await get(token, `/api/v1/datasets/?team=${team.id}&limit=1&cursor=${bad}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ cursor: ['Invalid cursor.'] });
    }
    // The cursor of one order, sent with another.
    const crossed = await get(token, `/api/v1/datasets/?team=${team.id}&ordering=title&cursor=${cursor}`);
    expect(crossed.statusCode).toBe(400);
    const second = await list(token, `team=${team.id}&limit=1&cursor=${cursor}`);
    expect(second.results).toEqual((await list(token, `team=${team.id}&limit=1&offset=1`)).results);
  });
});

describe('GET datasets/ by tag alone', () => {
  it('follows each change of an item’s tags: set, changed, removed, the item deleted; never another team’s', async () => {
    const { token, team, model } = await f.createItemSetup();
    const first = await f.createDataset(token, model.id, { title: 'First', tags: 'Finalist;AI' });
    await f.createDataset(token, model.id, { title: 'Second', tags: 'AI' });
    const third = await f.createDataset(token, model.id, { title: 'Third' });
    const stranger = await f.createItemSetup();
    await f.createDataset(stranger.token, stranger.model.id, { title: 'Theirs', tags: 'Finalist' });
    const tagged = async (tag: string) => {
      const reply = await list(token, `team=${team.id}&tag=${tag}&ordering=title`);
      const exact = await list(token, `team=${team.id}&tag=${tag}&count=exact`);
      expect(exact.count).toBe(reply.count);
      return { count: reply.count, titles: reply.results.map((item) => item.title) };
    };
    const patchTags = async (id: number, tags: string) =>
      expect(
        (await t.request({ method: 'PATCH', url: `/api/v1/datasets/${id}/`, token, payload: { tags } }))
          .statusCode,
      ).toBe(200);

    expect(await tagged('Finalist')).toEqual({ count: 1, titles: ['First'] });
    expect(await tagged('AI')).toEqual({ count: 2, titles: ['First', 'Second'] });
    await patchTags(third.id, 'Finalist');
    await patchTags(first.id, 'AI;Winner');
    expect(await tagged('Finalist')).toEqual({ count: 1, titles: ['Third'] });
    expect(await tagged('Winner')).toEqual({ count: 1, titles: ['First'] });
    await patchTags(third.id, '');
    expect(await tagged('Finalist')).toEqual({ count: 0, titles: [] });
    const removed = await t.request({ method: 'DELETE', url: `/api/v1/datasets/${first.id}/`, token });
    expect(removed.statusCode).toBe(204);
    expect(await tagged('AI')).toEqual({ count: 1, titles: ['Second'] });
    expect(await tagged('Winner')).toEqual({ count: 0, titles: [] });
  });

  it('says "10,000+" past the cap and counts every tagged item on request, the newest first', async () => {
    const { token, team, model } = await f.createItemSetup();
    await t.db.execute(sql`
      insert into datasets (data_model_id, team_id, title, tags, create_time, update_time)
      select ${model.id}::int, ${team.id}::int, 'Item ' || i,
        case when i % 2 = 0 then '{Finalist}'::text[] else '{}'::text[] end,
        now() - (${2 * DATASET_COUNT_EXACT_MAX + 10}::int - i) * interval '1 minute', now()
      from generate_series(1, ${2 * DATASET_COUNT_EXACT_MAX + 10}::int) as i`);
    const capped = await list(token, `team=${team.id}&tag=Finalist`);
    expect(capped).toMatchObject({ count: DATASET_COUNT_EXACT_MAX, count_exact: false });
    expect(capped.results.slice(0, 2).map((item) => item.title)).toEqual([
      `Item ${2 * DATASET_COUNT_EXACT_MAX + 10}`,
      `Item ${2 * DATASET_COUNT_EXACT_MAX + 8}`,
    ]);
    const exact = await list(token, `team=${team.id}&tag=Finalist&count=exact`);
    expect(exact).toMatchObject({ count: DATASET_COUNT_EXACT_MAX + 5, count_exact: true });
  });
});

describe('GET datasets/ by review status', () => {
  it('follows each change of an item’s own review: status set, changed, cleared, its status deleted', async () => {
    const { token, team, model } = await f.createItemSetup();
    const item = await f.createDataset(token, model.id, { title: 'Reviewed' });
    const other = await f.createDataset(token, model.id, { title: 'Other' });
    const status = async (label: string) =>
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/review-status/',
          token,
          payload: { team: team.id, label, bg_color: '#ffffff' },
        })
      ).json() as { id: number };
    const [yes, no] = [await status('Yes'), await status('No')];
    const titlesWith = async (filter: string) =>
      (await list(token, `team=${team.id}&reviews__status=${filter}`)).results.map((d) => d.title);

    const created = await t.request({
      method: 'POST',
      url: '/api/v1/reviews/',
      token,
      payload: { data_set_id: item.id, status_id: yes.id },
    });
    expect(created.statusCode).toBe(201);
    const review = created.json() as { id: number };
    expect(await titlesWith(String(yes.id))).toEqual(['Reviewed']);
    expect(await titlesWith('none')).toEqual(['Other']);

    const patch = (statusId: number | null) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/reviews/${review.id}/`,
        token,
        payload: { status_id: statusId },
      });
    expect((await patch(no.id)).statusCode).toBe(200);
    expect(await titlesWith(String(yes.id))).toEqual([]);
    expect(await titlesWith(String(no.id))).toEqual(['Reviewed']);
    expect((await patch(null)).statusCode).toBe(200);
    expect(await titlesWith('none')).toEqual(['Other', 'Reviewed']);

    // A review within a selection leaves the item's own status alone.
    const [issue] = await t.db
      .insert(issues)
      .values({ teamId: team.id, resourcetype: 'RatingIssue', title: 'One' })
      .returning();
    await t.db.insert(issueDatasets).values({ issueId: issue?.id ?? 0, datasetId: other.id });
    await t.request({
      method: 'POST',
      url: '/api/v1/reviews/',
      token,
      payload: { data_set_id: other.id, issue_id: issue?.id, status_id: yes.id },
    });
    expect(await titlesWith(String(yes.id))).toEqual([]);
    expect((await list(token, `team=${team.id}&issue=${issue?.id}&reviews__status=${yes.id}`)).count).toBe(1);

    expect((await patch(no.id)).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: `/api/v1/review-status/${no.id}/`, token });
    expect(removed.statusCode).toBe(204);
    expect(await titlesWith('none')).toEqual(['Other', 'Reviewed']);
    expect(await titlesWith(String(no.id))).toEqual([]);
  });
});

describe('GET datasets/ids/ in pages', () => {
  it('lists the newest ids a page at a time, each page after the cursor of the one before', async () => {
    const { token, team, model } = await f.createItemSetup();
    await insertItems(team.id, model.id, DATASET_IDS_PAGE + 2);
    const newest = (await list(token, `team=${team.id}&limit=3`)).results.map((item) => item.id);
    const first = await idsPage(token, `team=${team.id}`);
    expect(first).toMatchObject({ count: DATASET_IDS_PAGE, count_exact: false });
    expect(first.ids).toHaveLength(DATASET_IDS_PAGE);
    expect(first.ids.slice(0, 3)).toEqual(newest);
    // The oldest two are on the next page, the last.
    const oldest = (await list(token, `team=${team.id}&ordering=create_time&limit=2`)).results.map(
      (d) => d.id,
    );
    expect(first.ids).not.toContain(oldest[0]);
    const cursor = encodeURIComponent(first.next_cursor ?? '');
    const second = await idsPage(token, `team=${team.id}&cursor=${cursor}`);
    expect(second).toEqual({ count: 2, count_exact: true, ids: [...oldest].reverse(), next_cursor: null });
    const exact = await idsPage(token, `team=${team.id}&count=exact`);
    expect(exact).toMatchObject({ count: DATASET_IDS_PAGE + 2, count_exact: true, ids: first.ids });

    // The filters hold on every page: a search's second page lists its own matches only.
    await insertItems(team.id, model.id, 3, 'Rare');
    const rare = await idsPage(token, `team=${team.id}&search=rare`);
    expect(rare).toMatchObject({ count: 3, count_exact: true, next_cursor: null });
    const afterNewest = await idsPage(token, `team=${team.id}&search=item&cursor=${cursor}`);
    expect(afterNewest.ids).toEqual(second.ids);

    // A cursor edited, or made for another order, is refused on its field.
    for (const bad of [
      'nonsense',
      encodeURIComponent(Buffer.from('["title","a",1]').toString('base64url')),
    ]) {
      const reply = await get(token, `/api/v1/datasets/ids/?team=${team.id}&cursor=${bad}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().cursor).toEqual(['Invalid cursor.']);
    }
    const stranger = await t.createAdmin();
    expect((await get(stranger.token, `/api/v1/datasets/ids/?team=${team.id}`)).statusCode).toBe(404);
  });
});
