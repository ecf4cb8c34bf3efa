import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
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

async function setPublicIssues(teamId: number, allowed: boolean) {
  const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new Error('no team');
  await t.db
    .update(teams)
    .set({ package: { ...team.package, public_issues: allowed } })
    .where(eq(teams.id, teamId));
}

describe('POST issues/', () => {
  it('creates each type with its defaults and only its own numbers', async () => {
    const { team, token } = await t.createAdmin();
    const rating = await call.post(token, { team: team.id, resourcetype: 'RatingIssue', title: 'Rate them' });
    expect(rating.statusCode).toBe(201);
    expect(rating.json()).toMatchObject({
      resourcetype: 'RatingIssue',
      status: 'open',
      public: false,
      email_required: true,
      email_link: true,
      access_all_items: true,
      random_order: false,
      comments_mode: 'DATASET',
      min_rating: 0,
      max_rating: 5,
      step: 1,
      nb_tokens: null,
      min_items: null,
      item_label_singular_en: 'item',
      item_label_plural_en: 'items',
      questions: [],
      tags: [],
      team: team.id,
      datasets_count: 0,
      round: 1,
    });
    const tokens = await call.post(token, {
      team: team.id,
      resourcetype: 'TokenIssue',
      title: 'Vote',
      min_rating: 3,
      item_label_singular_en: 'person',
    });
    expect(tokens.json()).toMatchObject({
      nb_tokens: 20,
      max_per_item: 5,
      min_rating: null,
      item_label_plural_en: 'people',
    });
    const pick = await call.post(token, { team: team.id, resourcetype: 'SelectionIssue', title: 'Pick' });
    expect(pick.json()).toMatchObject({ min_items: 0, max_items: 10, max_rating: null });
    const text = await call.post(token, { team: team.id, resourcetype: 'TextIssue', title: 'Comment' });
    expect(text.json()).toMatchObject({ resourcetype: 'TextIssue', nb_tokens: null, max_items: null });
  });

  it('refuses every broken rule with its field message', async () => {
    const { team, token } = await t.createAdmin();
    const base = { team: team.id, title: 'Fine title' };
    const cases: [object, string, string][] = [
      [{ resourcetype: 'RatingIssue', title: undefined }, 'title', 'This field is required.'],
      [{ resourcetype: 'RatingIssue', title: 'A' }, 'title', 'Ensure this field has at least 2 characters.'],
      [
        { resourcetype: 'RatingIssue', title: 'x'.repeat(151) },
        'title',
        'Ensure this field has no more than 150 characters.',
      ],
      [
        { resourcetype: 'RatingIssue', description: 'x'.repeat(601) },
        'description',
        'Ensure this field has no more than 600 characters.',
      ],
      [
        { resourcetype: 'RatingIssue', max_rating: 0 },
        'max_rating',
        'Ensure this value is greater than or equal to 1.',
      ],
      [
        { resourcetype: 'RatingIssue', max_rating: 1001 },
        'max_rating',
        'Ensure this value is less than or equal to 1000.',
      ],
      [
        { resourcetype: 'RatingIssue', min_rating: 5 },
        'min_rating',
        'The minimum rating cannot be larger than the maximum rating',
      ],
      [
        { resourcetype: 'RatingIssue', step: 0.001 },
        'step',
        'Ensure this value is greater than or equal to 0.01.',
      ],
      [{ resourcetype: 'RatingIssue', step: 6 }, 'step', 'Ensure this value is less than or equal to 5.'],
      [
        { resourcetype: 'RatingIssue', comments_mode: 'OTHER' },
        'comments_mode',
        '"OTHER" is not a valid choice.',
      ],
      [
        { resourcetype: 'SelectionIssue', max_items: 1001 },
        'max_items',
        'Ensure this value is less than or equal to 1000.',
      ],
      [
        { resourcetype: 'SelectionIssue', min_items: 4, max_items: 3 },
        'min_items',
        'Ensure this value is less than or equal to 3.',
      ],
      [
        { resourcetype: 'TokenIssue', nb_tokens: 0 },
        'nb_tokens',
        'Ensure this value is greater than or equal to 1.',
      ],
      [
        { resourcetype: 'TokenIssue', nb_tokens: 4 },
        'max_per_item',
        'Ensure this value is less than or equal to 4.',
      ],
      [{ resourcetype: 'TokenIssue', nb_tokens: 'many' }, 'nb_tokens', 'A valid number is required.'],
      [
        { resourcetype: 'TextIssue', item_label_singular_en: 'thing' },
        'item_label_singular_en',
        '"thing" is not a valid choice.',
      ],
      [
        { resourcetype: 'TextIssue', item_label_singular_en: 'person', item_label_plural_en: 'ideas' },
        'item_label_plural_en',
        'The plural label does not match the singular label.',
      ],
      [
        { resourcetype: 'RatingIssue', public: true, comments_mode: 'QUESTION' },
        'comments_mode',
        'The comments mode is only for rating selections that are not public.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await call.post(token, { ...base, ...body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await call.post(token, { ...base })).json()).toHaveProperty('resourcetype');
    expect((await call.list(token, `team=${team.id}`)).json().count).toBe(0);
  });

  it('offers public selections only with the package flag', async () => {
    const { team, token } = await t.createAdmin();
    await setPublicIssues(team.id, false);
    const refused = await call.post(token, {
      team: team.id,
      resourcetype: 'TokenIssue',
      title: 'Open vote',
      public: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ public: ['Your package does not allow public selections.'] });
    await setPublicIssues(team.id, true);
    const created = await call.post(token, {
      team: team.id,
      resourcetype: 'TokenIssue',
      title: 'Open vote',
      public: true,
    });
    expect(created.json()).toMatchObject({ public: true });
  });

  it("answers 404 for another team and refuses another team's item type", async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const reply = await call.post(token, { team: other.team.id, resourcetype: 'TextIssue', title: 'Sneaky' });
    expect(reply.statusCode).toBe(404);
    expect((await call.list(other.token, `team=${other.team.id}`)).json().count).toBe(0);
    const foreignModel = await itemFactories(t).createDataModel(other.team.id);
    const ownModel = await itemFactories(t).createDataModel(team.id);
    const body = { team: team.id, resourcetype: 'TextIssue', title: 'Ok' };
    expect((await call.post(token, { ...body, data_model: foreignModel.id })).json()).toEqual({
      data_model: [`Invalid pk "${foreignModel.id}" - object does not exist.`],
    });
    expect((await call.post(token, { ...body, data_model: ownModel.id })).json()).toMatchObject({
      data_model: ownModel.id,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await call.post('', { team: 1, resourcetype: 'TextIssue', title: 'No' })).statusCode).toBe(401);
  });
});

describe('GET issues/', () => {
  it('lists the team selections newest first, filtered and paged', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const tag = await f.createTag(team.id, 'fintech');
    const first = await f.createIssue(token, team.id, { title: 'Alpha round' });
    const second = await f.createIssue(token, team.id, {
      title: 'Beta round',
      resourcetype: 'TokenIssue',
      public: true,
    });
    const third = await f.createIssue(token, team.id, { title: 'Gamma', resourcetype: 'TextIssue' });
    await f.createIssue(other.token, other.team.id, { title: 'Alpha foreign' });
    await call.patch(token, first.id, { resourcetype: 'RatingIssue', tags_patch: [tag.id] });
    await call.patch(token, third.id, { resourcetype: 'TextIssue', status: 'closed' });
    const titles = async (query: string) =>
      (await call.list(token, `team=${team.id}&${query}`))
        .json()
        .results.map((r: { title: string }) => r.title);

    const all = await call.list(token, `team=${team.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    expect(all.json().results[2]).toEqual({
      id: first.id,
      resourcetype: 'RatingIssue',
      status: 'open',
      public: false,
      title: 'Alpha round',
      description: '',
      team: team.id,
      create_time: expect.any(String),
      tags: [{ id: tag.id, name: 'fintech' }],
      datasets_count: 0,
      round: 1,
    });
    expect(await titles('')).toEqual(['Gamma', 'Beta round', 'Alpha round']);
    expect(await titles('search=round')).toEqual(['Beta round', 'Alpha round']);
    expect(await titles('status=closed')).toEqual(['Gamma']);
    expect(await titles('status=open')).toEqual(['Beta round', 'Alpha round']);
    expect(await titles('public=true')).toEqual(['Beta round']);
    expect(await titles(`tags=${tag.id}`)).toEqual(['Alpha round']);
    expect(await titles(`tags=abc,${tag.id}`)).toEqual(['Alpha round']);
    expect(await titles('limit=1&offset=1')).toEqual(['Beta round']);
    const pastEnd = await call.list(token, `team=${team.id}&offset=10`);
    expect(pastEnd.json()).toMatchObject({ count: 3, results: [] });
    expect(second.id).toBeGreaterThan(first.id);
    expect((await call.list(token, `team=${team.id}&status=maybe`)).statusCode).toBe(400);
    expect((await call.list(token, '')).json()).toEqual({ team: ['This field is required.'] });
    expect((await call.list(token, `team=${other.team.id}`)).statusCode).toBe(404);
  });
});

describe('GET issues/{id}/', () => {
  it('gives every setting with the criteria in order and the team header', async () => {
    const { team, token } = await t.createAdmin();
    await t.db
      .update(teams)
      .set({ teamImage: 'https://img.example/logo.png', customHeader: '<b>Hi</b>' })
      .where(eq(teams.id, team.id));
    const issue = await f.createIssue(token, team.id, { description: 'Rate carefully' });
    for (const title of ['Team', 'Market'])
      await t.request({
        method: 'POST',
        url: '/api/v1/issue-questions/',
        token,
        payload: { issue: issue.id, title },
      });
    const reply = await call.get(token, issue.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      id: issue.id,
      description: 'Rate carefully',
      team_img: 'https://img.example/logo.png',
      team_custom_header: '<b>Hi</b>',
      // New selections show judges the items' answers (decision 45).
      judges_can_load_dataset_details: true,
      data_model: null,
    });
    expect(reply.json().questions.map((q: { title: string }) => q.title)).toEqual(['Team', 'Market']);
    const other = await t.createAdmin();
    expect((await call.get(other.token, issue.id)).statusCode).toBe(404);
    expect((await call.get(token, 999999)).statusCode).toBe(404);
  });
});
