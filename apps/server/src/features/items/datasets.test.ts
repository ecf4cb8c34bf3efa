import { DATASETS_BULK_MAX, ITEMS_PAGE_SIZE } from '@shortlist/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasets,
  datumValues,
  intakeForms,
  issueDatasets,
  issues,
  reviewComments,
  reviewStatuses,
  reviews,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

const post = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/v1/datasets/', token, payload: payload as object });
const list = (token: string, query: string) =>
  t.request({ method: 'GET', url: `/api/v1/datasets/?${query}`, token });
const datasetCount = async () => (await t.db.select({ n: count() }).from(datasets))[0]?.n ?? 0;
const titles = (reply: { json(): { results: { title: string }[] } }) =>
  reply.json().results.map((d) => d.title);

describe('POST datasets/', () => {
  it('creates an item with its answers, tags trimmed and deduplicated', async () => {
    const { token, team, model, fields } = await f.createItemSetup();
    const reply = await post(token, {
      data_model: model.id,
      title: '  Acme  ',
      description: 'Rockets',
      tags: ' fintech ; health;Fintech;; ',
      datum_values: [
        { datum_field: fields.text.id, resourcetype: 'text', response: 'Hello' },
        { datum_field: fields.multiple.id, resourcetype: 'choice', response: 'Food || Health' },
        { datum_field: fields.choice.id, resourcetype: 'choice', response: '' },
      ],
    });
    expect(reply.statusCode).toBe(201);
    const body = reply.json();
    expect(body).toMatchObject({
      title: 'Acme',
      description: 'Rockets',
      data_model: model.id,
      team: team.id,
      tags: 'fintech;health',
      has_datum_values: true,
      reviews: [],
      submission: null,
    });
    expect(body.datum_values).toHaveLength(2);
    expect(body.datum_values[1]).toMatchObject({
      datum_field: fields.multiple.id,
      resourcetype: 'choice',
      response: 'Food || Health',
      file_url_signed: null,
    });
  });

  it('refuses a bad title or tags with the field and its message', async () => {
    const { token, model } = await f.createItemSetup();
    const before = await datasetCount();
    const short = await post(token, { data_model: model.id, title: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json().title).toEqual(['Ensure this field has at least 2 characters.']);
    expect((await post(token, { data_model: model.id, title: 'x'.repeat(151) })).json().title).toEqual([
      'Ensure this field has no more than 150 characters.',
    ]);
    expect((await post(token, { data_model: model.id })).json().title).toEqual(['This field is required.']);
    const longTag = await post(token, { data_model: model.id, title: 'Acme', tags: 'x'.repeat(51) });
    expect(longTag.json().tags).toEqual(['Ensure each tag has no more than 50 characters.']);
    const tags = Array.from({ length: 10 }, (_, i) => `tag-number-${i}-${'y'.repeat(10)}`).join(';');
    const tooMany = await post(token, { data_model: model.id, title: 'Acme', tags });
    expect(tooMany.json().tags).toEqual(['Ensure the tags have no more than 200 characters in all.']);
    expect(await datasetCount()).toBe(before);
  });

  it('refuses an answer to another item type’s field, of the wrong kind, or out of bounds', async () => {
    const { token, team, model, fields } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'People');
    const foreign = await f.createField(other.id, 'text');
    const reply = await post(token, {
      data_model: model.id,
      title: 'Acme',
      datum_values: [
        { datum_field: foreign.id, resourcetype: 'text', response: 'x' },
        { datum_field: fields.text.id, resourcetype: 'choice', response: 'x' },
        { datum_field: fields.choice.id, resourcetype: 'choice', response: 'Seed || Series A' },
      ],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      'datum_values.0.datum_field': [`Invalid pk "${foreign.id}" - object does not exist.`],
      'datum_values.1.resourcetype': ['The field expects a "text" answer.'],
      'datum_values.2.response': ['Only one choice is allowed.'],
    });
  });

  it('answers 404 for another team’s item type and creates nothing', async () => {
    const { token } = await f.createItemSetup();
    const stranger = await f.createItemSetup();
    const before = await datasetCount();
    const reply = await post(token, { data_model: stranger.model.id, title: 'Intruder' });
    expect(reply.statusCode).toBe(404);
    expect(await datasetCount()).toBe(before);
    expect((await post(token, { data_model: 999999, title: 'Nowhere' })).statusCode).toBe(404);
  });

  it('creates many items at once, or none when one row is bad (keyed by its index)', async () => {
    const { token, model, fields } = await f.createItemSetup();
    const rows = ['One', 'Two', 'Three'].map((title) => ({
      data_model: model.id,
      title,
      datum_values: [{ datum_field: fields.text.id, resourcetype: 'text', response: title }],
    }));
    const created = await post(token, rows);
    expect(created.statusCode).toBe(201);
    expect(created.json().map((d: { title: string }) => d.title)).toEqual(['One', 'Two', 'Three']);
    expect(created.json()[2].datum_values[0].response).toBe('Three');

    const before = await datasetCount();
    const bad = await post(token, [
      rows[0],
      {
        ...rows[1],
        datum_values: [{ datum_field: fields.text.id, resourcetype: 'text', response: 'z'.repeat(21) }],
      },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      '1.datum_values.0.response': ['Ensure this field has no more than 20 characters.'],
    });
    const badTitle = await post(token, [rows[0], { ...rows[1], title: '' }]);
    expect(Object.keys(badTitle.json())).toEqual(['1.title']);
    expect(await datasetCount()).toBe(before);

    const tooMany = Array.from({ length: DATASETS_BULK_MAX + 1 }, () => rows[0]);
    expect((await post(token, tooMany)).statusCode).toBe(400);
    expect(await datasetCount()).toBe(before);
  });
  it('creates the most items one call allows, with thousands of answers', async () => {
    const { token, model, team } = await f.createItemSetup();
    const fields = await Promise.all(Array.from({ length: 30 }, () => f.createField(model.id, 'text')));
    const rows = Array.from({ length: DATASETS_BULK_MAX }, (_, i) => ({
      data_model: model.id,
      title: `Row ${i}`,
      datum_values: fields.map((field) => ({
        datum_field: field.id,
        resourcetype: 'text',
        response: `${i}`,
      })),
    }));
    const reply = await post(token, rows);
    expect(reply.statusCode).toBe(201);
    const [stored] = await t.db
      .select({ n: count() })
      .from(datumValues)
      .innerJoin(datasets, eq(datasets.id, datumValues.datasetId))
      .where(eq(datasets.teamId, team.id));
    expect(stored?.n).toBe(DATASETS_BULK_MAX * fields.length);
  });
});

describe('GET datasets/', () => {
  it('lists a team’s items newest first, 20 a page, filtered by item type and searched by title', async () => {
    const { token, team, model } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'People');
    const rows = Array.from({ length: ITEMS_PAGE_SIZE + 2 }, (_, i) => ({
      data_model: model.id,
      title: `Item ${i}`,
    }));
    await post(token, rows);
    await post(token, { data_model: other.id, title: '100% organic_food' });
    const stranger = await f.createItemSetup();
    await f.createDataset(stranger.token, stranger.model.id);

    const first = await list(token, `team=${team.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(ITEMS_PAGE_SIZE + 3);
    expect(first.json().results).toHaveLength(ITEMS_PAGE_SIZE);
    expect(first.json().results[0].title).toBe('100% organic_food');
    expect(first.json().next).toContain('offset=20');

    const ofType = await list(token, `team=${team.id}&data_model=${other.id}`);
    expect(titles(ofType)).toEqual(['100% organic_food']);
    expect(titles(await list(token, `team=${team.id}&search=0%25`))).toEqual(['100% organic_food']);
    expect(titles(await list(token, `team=${team.id}&search=c%25f`))).toEqual([]);
    expect(titles(await list(token, `team=${team.id}&search=item 2`)).sort()).toEqual([
      'Item 2',
      'Item 20',
      'Item 21',
    ]);
  });

  it('filters by tag and by the form of the item type, within the team', async () => {
    const { token, team, model } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'People');
    await post(token, [
      { data_model: model.id, title: 'Tagged alpha', tags: 'Health;AI' },
      { data_model: model.id, title: 'Untagged beta' },
      { data_model: other.id, title: 'Tagged gamma', tags: 'AI' },
    ]);
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: team.id, dataModelId: other.id, title: 'Call 2026' })
      .returning();
    const stranger = await f.createItemSetup();
    const [strangerForm] = await t.db
      .insert(intakeForms)
      .values({ teamId: stranger.team.id, dataModelId: stranger.model.id, title: 'Theirs' })
      .returning();
    await f.createDataset(stranger.token, stranger.model.id, { tags: 'AI' });

    const byTitle = (reply: Parameters<typeof titles>[0]) => titles(reply).sort();
    expect(byTitle(await list(token, `team=${team.id}&tag=AI`))).toEqual(['Tagged alpha', 'Tagged gamma']);
    expect(byTitle(await list(token, `team=${team.id}&tag=Health&search=alpha`))).toEqual(['Tagged alpha']);
    expect(byTitle(await list(token, `team=${team.id}&form=${form?.id}`))).toEqual(['Tagged gamma']);
    expect(byTitle(await list(token, `team=${team.id}&form=${form?.id}&tag=Health`))).toEqual([]);
    expect(byTitle(await list(token, `team=${team.id}&form=${strangerForm?.id}`))).toEqual([]);
  });

  it('sorts by title or create time', async () => {
    const { token, team, model } = await f.createItemSetup();
    await post(
      token,
      ['Beta', 'alpha', 'Gamma'].map((title) => ({ data_model: model.id, title })),
    );
    expect(titles(await list(token, `team=${team.id}&ordering=title`))).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(titles(await list(token, `team=${team.id}&ordering=-title`))).toEqual(['Gamma', 'Beta', 'alpha']);
    expect(titles(await list(token, `team=${team.id}&ordering=create_time`))).toEqual([
      'Beta',
      'alpha',
      'Gamma',
    ]);
    expect(titles(await list(token, `team=${team.id}`))).toEqual(['Gamma', 'alpha', 'Beta']);
  });

  it('filters by review status or "none", and shows each item’s reviews with comment counts', async () => {
    const { token, team, user, model } = await f.createItemSetup();
    const [reviewed, pending, untouched] = (
      await post(
        token,
        ['Reviewed', 'Pending', 'Untouched'].map((title) => ({ data_model: model.id, title })),
      )
    ).json() as { id: number }[];
    const [status] = await t.db
      .insert(reviewStatuses)
      .values({ teamId: team.id, label: 'Shortlisted', color: '#000', bgColor: 'light green' })
      .returning();
    const [review] = await t.db
      .insert(reviews)
      .values([
        { datasetId: reviewed?.id ?? 0, statusId: status?.id },
        { datasetId: pending?.id ?? 0, statusId: null },
      ])
      .returning();
    await t.db.insert(reviewComments).values([
      { reviewId: review?.id ?? 0, creatorId: user.id, content: 'Good' },
      { reviewId: review?.id ?? 0, creatorId: user.id, content: 'Very good' },
    ]);

    const byStatus = await list(token, `team=${team.id}&reviews__status=${status?.id}`);
    expect(titles(byStatus)).toEqual(['Reviewed']);
    expect(byStatus.json().results[0].reviews).toEqual([
      {
        id: review?.id,
        issue: null,
        status: { id: status?.id, label: 'Shortlisted', color: '#000', bg_color: 'light green' },
        comments_count: 2,
      },
    ]);
    expect(titles(await list(token, `team=${team.id}&reviews__status=none`))).toEqual([
      'Untouched',
      'Pending',
    ]);
    expect(untouched).toBeDefined();
    expect((await list(token, `team=${team.id}&reviews__status=abc`)).statusCode).toBe(400);
  });

  it('needs a team the caller administers', async () => {
    const { token } = await f.createItemSetup();
    const stranger = await f.createItemSetup();
    await f.createDataset(stranger.token, stranger.model.id);
    expect((await list(token, '')).json()).toEqual({ team: ['This field is required.'] });
    expect((await list(token, `team=${stranger.team.id}`)).statusCode).toBe(404);
    // A search in title order takes its page from a slice of its matches: the right is checked there too.
    const searched = await list(token, `team=${stranger.team.id}&search=a&ordering=title`);
    expect(searched.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/datasets/?team=${stranger.team.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('GET, PATCH, DELETE datasets/{id}/', () => {
  it('reads an item and changes its title, tags and answers (an empty text answer removes it)', async () => {
    const { token, model, fields } = await f.createItemSetup();
    const item = await f.createDataset(token, model.id, {
      datum_values: [{ datum_field: fields.text.id, resourcetype: 'text', response: 'Hello' }],
    });
    const read = await t.request({ method: 'GET', url: `/api/v1/datasets/${item.id}/`, token });
    expect(read.json()).toMatchObject({ id: item.id, title: 'Acme', tags: '' });

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/datasets/${item.id}/`,
      token,
      payload: {
        title: 'Acme Rockets',
        tags: 'space;b2b',
        datum_values: [
          { datum_field: fields.text.id, resourcetype: 'text', response: '' },
          { datum_field: fields.choice.id, resourcetype: 'choice', response: 'Seed' },
        ],
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Acme Rockets',
      tags: 'space;b2b',
      has_datum_values: true,
    });
    expect(patched.json().datum_values.map((v: { response: string }) => v.response)).toEqual(['Seed']);

    const again = await t.request({
      method: 'PATCH',
      url: `/api/v1/datasets/${item.id}/`,
      token,
      payload: {
        datum_values: [{ datum_field: fields.choice.id, resourcetype: 'choice', response: 'Series B' }],
      },
    });
    expect(again.json()).toMatchObject({ title: 'Acme Rockets', datum_values: [{ response: 'Series B' }] });

    const bad = await t.request({
      method: 'PATCH',
      url: `/api/v1/datasets/${item.id}/`,
      token,
      payload: { title: 'x' },
    });
    expect(bad.json().title).toEqual(['Ensure this field has at least 2 characters.']);
  });

  it('answers 404 for another team’s item and changes nothing', async () => {
    const { token } = await f.createItemSetup();
    const stranger = await f.createItemSetup();
    const item = await f.createDataset(stranger.token, stranger.model.id);
    const url = `/api/v1/datasets/${item.id}/`;
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(404);
    expect((await t.request({ method: 'PATCH', url, token, payload: { title: 'Stolen' } })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'DELETE', url, token })).statusCode).toBe(404);
    const many = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/delete_many/',
      token,
      payload: { datasets: [item.id] },
    });
    expect(many.statusCode).toBe(404);
    const [row] = await t.db.select().from(datasets).where(eq(datasets.id, item.id));
    expect(row?.title).toBe('Acme');
  });

  it('deletes one item, or many in one call, with their answers', async () => {
    const { token, model, fields } = await f.createItemSetup();
    const answer = [{ datum_field: fields.text.id, resourcetype: 'text', response: 'x' }];
    const [one, two, three] = await Promise.all(
      [1, 2, 3].map(() => f.createDataset(token, model.id, { datum_values: answer })),
    );
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/datasets/${one?.id}/`, token });
    expect(deleted.statusCode).toBe(204);
    const many = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/delete_many/',
      token,
      payload: { datasets: [two?.id, three?.id] },
    });
    expect(many.statusCode).toBe(204);
    const left = await t.db.select().from(datumValues).where(eq(datumValues.datumFieldId, fields.text.id));
    expect(left).toEqual([]);
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/delete_many/',
      token,
      payload: { datasets: [] },
    });
    expect(empty.json().datasets).toEqual(['Ensure this field has at least 1 elements.']);
  });

  it('refuses a bulk delete mixing the caller’s items with another team’s, deleting none', async () => {
    const { token, model } = await f.createItemSetup();
    const stranger = await f.createItemSetup();
    const mine = await f.createDataset(token, model.id);
    const theirs = await f.createDataset(stranger.token, stranger.model.id);
    const reply = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/delete_many/',
      token,
      payload: { datasets: [mine.id, theirs.id] },
    });
    expect(reply.statusCode).toBe(404);
    expect(await t.db.select().from(datasets).where(eq(datasets.id, mine.id))).toHaveLength(1);
  });
});

describe('GET datasets/ prepared once per shape', () => {
  it('answers, for each filter shape and any values, the items those values pick, paged and counted', async () => {
    const { token, team, model } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'People');
    const made = (
      await post(token, [
        { data_model: model.id, title: 'Solar lab', tags: 'AI;Health' },
        { data_model: model.id, title: 'Urban farm', tags: 'AI' },
        { data_model: other.id, title: 'Solar farm', tags: 'Health' },
        { data_model: other.id, title: 'Ocean lab' },
        { data_model: model.id, title: 'Green grid', tags: 'AI' },
      ])
    ).json() as { id: number }[];
    const id = (n: number) => made[n]?.id ?? 0;
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: team.id, dataModelId: other.id, title: 'Call' })
      .returning();
    const [issue, second] = await t.db
      .insert(issues)
      .values(['One', 'Two'].map((title) => ({ teamId: team.id, resourcetype: 'RatingIssue', title })))
      .returning();
    await t.db.insert(issueDatasets).values([
      { issueId: issue?.id ?? 0, datasetId: id(0) },
      { issueId: issue?.id ?? 0, datasetId: id(1) },
      { issueId: issue?.id ?? 0, datasetId: id(2) },
      { issueId: second?.id ?? 0, datasetId: id(3) },
    ]);
    const [status, otherStatus] = await t.db
      .insert(reviewStatuses)
      .values(['Yes', 'No'].map((label) => ({ teamId: team.id, label, color: '', bgColor: '' })))
      .returning();
    await t.db.insert(reviews).values([
      { datasetId: id(0), statusId: status?.id },
      { datasetId: id(1), statusId: otherStatus?.id },
      { datasetId: id(2), issueId: issue?.id, statusId: status?.id },
      { datasetId: id(3), issueId: second?.id, statusId: otherStatus?.id },
    ]);
    // Each shape twice or more with other values, so a statement prepared for one request serves the next;
    // the ids endpoint, which binds the values into SQL built for the request, is the oracle.
    const queries = [
      '',
      `data_model=${model.id}`,
      `data_model=${other.id}`,
      'search=lab',
      'search=farm',
      'search=100%',
      `issue=${issue?.id}`,
      `issue=${second?.id}`,
      `reviews__status=${status?.id}`,
      `reviews__status=${otherStatus?.id}`,
      'reviews__status=none',
      `issue=${issue?.id}&reviews__status=${status?.id}`,
      `issue=${second?.id}&reviews__status=${otherStatus?.id}`,
      `issue=${issue?.id}&reviews__status=none`,
      'tag=AI',
      'tag=Health',
      `form=${form?.id}`,
      `form=${(form?.id ?? 0) + 1000}`,
      `tag=AI&search=solar&data_model=${model.id}`,
      `tag=Health&search=solar&data_model=${other.id}`,
    ];
    const idsOf = async (query: string) =>
      (
        await t.request({ method: 'GET', url: `/api/v1/datasets/ids/?team=${team.id}&${query}`, token })
      ).json();
    const expected: number[][] = [];
    for (const query of queries) {
      const oracle = await idsOf(query);
      const page = (await list(token, `team=${team.id}&${query}&limit=100`)).json();
      expect({ query, count: page.count, ids: page.results.map((d: { id: number }) => d.id) }).toEqual({
        query,
        count: oracle.count,
        ids: oracle.ids,
      });
      const second = (await list(token, `team=${team.id}&${query}&limit=1&offset=1`)).json();
      expect(second.results.map((d: { id: number }) => d.id)).toEqual(oracle.ids.slice(1, 2));
      expected.push(oracle.ids);
    }
    // The values picked something different from one request to the next of the same shape.
    expect(expected[1]).not.toEqual(expected[2]);
    expect(expected[12]).toEqual([id(3)]);
    expect(expected[18]).toEqual([id(0)]);
    expect(expected[19]).toEqual([id(2)]);
    const byTitle = await list(token, `team=${team.id}&search=lab&ordering=title`);
    expect(titles(byTitle)).toEqual(['Ocean lab', 'Solar lab']);
    const reversed = await list(token, `team=${team.id}&search=farm&ordering=-title`);
    expect(titles(reversed)).toEqual(['Urban farm', 'Solar farm']);
  });
});

describe('GET datasets/ids/', () => {
  it('answers the ids the list filters match, newest first, for the team admin only', async () => {
    const { token, team, model } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'People');
    const ids: number[] = [];
    for (const title of ['Alpha', 'Beta', 'Alpine'])
      ids.push((await f.createDataset(token, model.id, { title })).id);
    ids.push((await f.createDataset(token, other.id, { title: 'Alps' })).id);
    const idsOf = (query: string) =>
      t.request({ method: 'GET', url: `/api/v1/datasets/ids/?${query}`, token });
    expect((await idsOf(`team=${team.id}`)).json()).toEqual({
      count: 4,
      count_exact: true,
      ids: [...ids].reverse(),
      next_cursor: null,
    });
    expect((await idsOf(`team=${team.id}&search=alp&data_model=${model.id}`)).json()).toEqual({
      count: 2,
      count_exact: true,
      ids: [ids[2], ids[0]],
      next_cursor: null,
    });
    const stranger = await t.createAdmin();
    const foreign = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/ids/?team=${team.id}`,
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
