import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasets,
  datumValues,
  intakeForms,
  issueComments,
  issueDatasets,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import { judgingFactories } from './test-factories.ts';

/** Distinctive strings seeded in every place blind review hides; none may reach a judge. */
const SECRETS = {
  name: 'Zephyrine Quokkasdottir',
  respondent: 'respondent-xyzzy@example.test',
  contact: 'contact-plugh@example.test',
  phone: '+33 6 98 76 54 32 FROBOZZ',
  cvName: 'cv-of-GRUE-applicant.pdf',
  deckName: 'deck-by-Zephyrine.pdf',
  judge: 'Bartholomew',
};
const VISIBLE_PITCH = 'We recycle batteries';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * How to call each judging route as a judge with the personal link's token. The routes are read from the
 * route table (the OpenAPI document, tag `judging`): a judging route added without an entry here fails the
 * test, so that no judge endpoint escapes the check.
 */
type Call = { url: string; payload?: Record<string, unknown> };
function callsFor(ids: { issue: number; item: number; token: string }): Record<string, Call> {
  const base = `/api/v1/issues/${ids.issue}`;
  const token = `token=${ids.token}`;
  return {
    'GET /api/v1/issues/{id}/answer_view/': { url: `${base}/answer_view/?${token}` },
    'GET /api/v1/issues/{id}/answers/': { url: `${base}/answers/?${token}` },
    'GET /api/v1/issues/{id}/answers/count/': { url: `${base}/answers/count/?${token}` },
    'GET /api/v1/issues/{id}/submissions/': { url: `${base}/submissions/?${token}` },
    'GET /api/v1/issues/{id}/submissions/count/': { url: `${base}/submissions/count/?${token}` },
    'GET /api/v1/issues/{id}/comments/': { url: `${base}/comments/?as_judge=true&${token}` },
    'GET /api/v1/issues/{id}/draft/': { url: `${base}/draft/?${token}` },
    'PUT /api/v1/issues/{id}/draft/': { url: `${base}/draft/?${token}`, payload: { answers: [] } },
    'POST /api/v1/issues/{id}/submissions/': {
      url: `${base}/submissions/?${token}`,
      payload: { answers: [] },
    },
    'GET /api/v1/issues/{id}/get_public_info/': { url: `${base}/get_public_info/` },
    'POST /api/v1/issues/{id}/unlock_public/': {
      url: `${base}/unlock_public/`,
      payload: { email: 'x@y.test' },
    },
    'GET /api/v1/issues/{id}/conflicts/': { url: `${base}/conflicts/?${token}` },
    'POST /api/v1/issues/{id}/conflicts/': {
      url: `${base}/conflicts/?${token}`,
      payload: { dataset: ids.item },
    },
    'DELETE /api/v1/issues/{id}/conflicts/': { url: `${base}/conflicts/?dataset=${ids.item}&${token}` },
    'GET /api/v1/judge_portal/': { url: `/api/v1/judge_portal/?${token}` },
    'GET /api/v1/issues/{id}/pairwise/': { url: `${base}/pairwise/?${token}` },
    'POST /api/v1/issues/{id}/pairwise/vote/': {
      url: `${base}/pairwise/vote/?${token}`,
      payload: { next: ids.item, choice: 'skip' },
    },
  };
}

const leaks = (text: string) =>
  Object.values(SECRETS).filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));

describe('blind review', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let items: ReturnType<typeof itemFactories>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    items = itemFactories(t);
  });
  afterAll(() => t.close());

  /** A selection of one item sent through a form, every identifying part seeded, and two judges. */
  async function setup() {
    const admin = await t.createAdmin();
    const model = await items.createDataModel(admin.team.id);
    const field = (label: string, values: Parameters<typeof items.createField>[2] = {}) =>
      items.createField(model.id, values.resourcetype ?? 'text', { label, ...values });
    const fields = {
      name: await field('Founder'),
      email: await field('E-mail', { textFormat: 'email' }),
      phone: await field('Phone', { identifying: true }),
      pitch: await field('Pitch'),
      cv: await field('CV', { resourcetype: 'file' }),
      deck: await field('Deck', { resourcetype: 'file' }),
    };
    await t.db.insert(intakeForms).values({
      teamId: admin.team.id,
      dataModelId: model.id,
      title: 'Call',
      titleField: fields.name.id,
    });
    const issue = await f.createIssue(admin.team.id, 'RatingIssue', { dataModelId: model.id });
    const [item] = await t.db
      .insert(datasets)
      .values({
        title: SECRETS.name,
        teamId: admin.team.id,
        dataModelId: model.id,
        contactEmail: SECRETS.contact,
      })
      .returning();
    if (!item) throw new Error('no item');
    await t.db.insert(issueDatasets).values({ issueId: issue.id, datasetId: item.id });
    const text = (fieldId: number, response: string) => ({
      datasetId: item.id,
      datumFieldId: fieldId,
      resourcetype: 'text',
      response,
    });
    const file = async (fieldId: number, filename: string) => {
      const key = t.app.ctx.files.newKey();
      await t.app.ctx.files.put(key, Readable.from(PDF));
      return {
        datasetId: item.id,
        datumFieldId: fieldId,
        resourcetype: 'file',
        fileKey: key,
        filename,
        mimeType: 'application/pdf',
        fileSize: PDF.length,
      };
    };
    await t.db
      .insert(datumValues)
      .values([
        text(fields.name.id, SECRETS.name),
        text(fields.email.id, SECRETS.respondent),
        text(fields.phone.id, SECRETS.phone),
        text(fields.pitch.id, VISIBLE_PITCH),
        await file(fields.cv.id, SECRETS.cvName),
        await file(fields.deck.id, SECRETS.deckName),
      ]);
    const judge = await f.addJudge(issue.id);
    const other = await f.addJudge(issue.id);
    await t.db
      .update(users)
      .set({ firstName: SECRETS.judge, lastName: 'Smith' })
      .where(eq(users.id, other.user.id));
    await t.db.insert(issueComments).values({
      issueId: issue.id,
      datasetId: item.id,
      userId: other.user.id,
      content: 'Strong team',
      shared: true,
    });
    const patch = (body: Record<string, unknown>) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/issues/${issue.id}/`,
        token: admin.token,
        payload: { resourcetype: 'RatingIssue', ...body },
      });
    return { admin, model, fields, issue, item, judge, other, patch };
  }

  it('keeps the settings, and refuses a field of another item type with 400', async () => {
    const { admin, fields, patch } = await setup();
    const elsewhere = await items.createField((await items.createDataModel(admin.team.id)).id, 'text');
    const refused = await patch({ hidden_fields: [fields.name.id, elsewhere.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      hidden_fields: ["This field is not a question of the selection's item type."],
    });
    const saved = await patch({
      hidden_fields: [fields.cv.id, fields.name.id, fields.cv.id],
      hide_respondent: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      hidden_fields: [fields.cv.id, fields.name.id],
      hide_respondent: true,
      hide_judge_names: false,
    });
  });

  it('keeps whether a question identifies the sender, on create and on change', async () => {
    const admin = await t.createAdmin();
    const model = await items.createDataModel(admin.team.id);
    const url = `/api/v1/data-models/${model.id}/datum-fields/`;
    const created = await t.request({
      method: 'POST',
      url,
      token: admin.token,
      payload: { resourcetype: 'text', label: 'Phone', identifying: true },
    });
    expect(created.json()).toMatchObject({ identifying: true });
    const changed = await t.request({
      method: 'PATCH',
      url: `${url}${created.json().id}/`,
      token: admin.token,
      payload: { identifying: false },
    });
    expect(changed.json()).toMatchObject({ identifying: false });
  });

  it("takes the questions of the selection's items when the selection has no item type of its own", async () => {
    const { admin, fields, issue } = await setup();
    const bare = await f.createIssue(admin.team.id, 'RatingIssue');
    const path = { method: 'PATCH' as const, url: `/api/v1/issues/${bare.id}/`, token: admin.token };
    const payload = { resourcetype: 'RatingIssue', hidden_fields: [fields.name.id] };
    expect((await t.request({ ...path, payload })).statusCode).toBe(400);
    const [item] = await t.db.select().from(issueDatasets).where(eq(issueDatasets.issueId, issue.id));
    await t.db.insert(issueDatasets).values({ issueId: bare.id, datasetId: item?.datasetId ?? 0 });
    expect((await t.request({ ...path, payload })).statusCode).toBe(200);
  });

  it('shows everything to judges while the selection hides nothing (the check below can fail)', async () => {
    const { issue, judge } = await setup();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`,
    });
    expect(leaks(reply.body)).toEqual(
      expect.arrayContaining([
        SECRETS.name,
        SECRETS.respondent,
        SECRETS.phone,
        SECRETS.cvName,
        SECRETS.judge,
      ]),
    );
  });

  it('answers no hidden value from any judging route, and names the item "Item N"', async () => {
    const { admin, issue, item, judge, fields, patch } = await setup();
    const saved = await patch({
      hidden_fields: [fields.name.id, fields.cv.id],
      hide_respondent: true,
      hide_judge_names: true,
    });
    expect(saved.statusCode).toBe(200);

    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('judging'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const calls = callsFor({ issue: issue.id, item: item.id, token: judge.token });
    // A judging route without a call here is one nobody checked.
    expect(routes.filter((route) => !(route in calls))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(15);

    const replies: string[] = [];
    for (const route of routes) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const call = calls[route] as Call;
      const reply = await t.request({ method, url: call.url, payload: call.payload });
      expect(reply.statusCode, route).toBeLessThan(500);
      replies.push(reply.body);
      expect(leaks(reply.body), route).toEqual([]);
    }

    const view = (
      await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}` })
    ).json();
    const [shown] = view.items;
    const [number] = await t.db
      .select({ n: issueDatasets.number })
      .from(issueDatasets)
      .where(eq(issueDatasets.datasetId, item.id));
    expect(shown).toMatchObject({ title: `Item ${number?.n}`, title_hidden: true });
    expect(shown.details.map((d: { label: string }) => d.label)).toEqual(['Pitch', 'Deck']);
    expect(view.shared_comments).toMatchObject([{ content: 'Strong team', user_fullname: '' }]);
    // The visible file is served under a neutral name; its link cannot be turned back into the sender's name.
    const deck = shown.details.find((d: { label: string }) => d.label === 'Deck');
    const served = await t.request({ method: 'GET', url: deck.file_url_signed });
    expect(served.statusCode).toBe(200);
    expect(leaks(String(served.headers['content-disposition']))).toEqual([]);
    const unnamed = await t.request({ method: 'GET', url: deck.file_url_signed.replace(/&name=[^&]*/, '') });
    expect(unnamed.statusCode).toBe(403);
    // The hidden file's link is never given: nothing of its key reaches the judge.
    const [cv] = await t.db
      .select({ key: datumValues.fileKey })
      .from(datumValues)
      .where(eq(datumValues.datumFieldId, fields.cv.id));
    expect(replies.some((body) => body.includes(cv?.key ?? '?'))).toBe(false);

    // Admins still see everything.
    const adminItem = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/${item.id}/`,
      token: admin.token,
    });
    expect(adminItem.body).toContain(SECRETS.name);
  });

  it('hides identifying and e-mail questions with "hide who sent it", and the title once the form titles by e-mail', async () => {
    const { admin, issue, judge, patch } = await setup();
    expect((await patch({ hide_respondent: true })).statusCode).toBe(200);
    const view = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`,
        })
      ).json().items[0];
    const shown = await view();
    // The founder's question is neither hidden nor identifying: the title it gives stays.
    expect(shown).toMatchObject({ title: SECRETS.name, title_hidden: false });
    expect(shown.details.map((d: { label: string }) => d.label)).toEqual(['Founder', 'Pitch', 'CV', 'Deck']);
    await t.db.update(intakeForms).set({ titleField: 0 }).where(eq(intakeForms.teamId, admin.team.id));
    expect(await view()).toMatchObject({ title: expect.stringMatching(/^Item \d+$/), title_hidden: true });
  });

  it('hides a title that repeats a hidden answer of its own item on the answer page, and no other', async () => {
    const { admin, model, fields, issue, item, judge, patch } = await setup();
    // The form titles its items by the pitch: the titles are not hidden as such, only their repeats.
    await t.db
      .update(intakeForms)
      .set({ titleField: fields.pitch.id })
      .where(eq(intakeForms.teamId, admin.team.id));
    expect((await patch({ hidden_fields: [fields.name.id] })).statusCode).toBe(200);
    const others = await t.db
      .insert(datasets)
      .values(['Beta', 'Gamma'].map((title) => ({ title, teamId: admin.team.id, dataModelId: model.id })))
      .returning();
    await t.db.insert(issueDatasets).values(others.map((row) => ({ issueId: issue.id, datasetId: row.id })));
    // Beta's hidden answer is Gamma's title: it hides nothing of Gamma's.
    await t.db.insert(datumValues).values(
      others.map((row, k) => ({
        datasetId: row.id,
        datumFieldId: fields.name.id,
        resourcetype: 'text',
        response: ['gamma', 'Delta'][k],
      })),
    );
    const view = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`,
    });
    expect(view.statusCode, view.body).toBe(200);
    const shown = new Map(
      view.json().items.map((row: { id: number; title: string; title_hidden: boolean }) => [row.id, row]),
    );
    expect(shown.get(item.id)).toMatchObject({
      title: expect.stringMatching(/^Item \d+$/),
      title_hidden: true,
    });
    expect(others.map((row) => shown.get(row.id))).toMatchObject([
      { title: 'Beta', title_hidden: false },
      { title: 'Gamma', title_hidden: false },
    ]);
  });

  it('numbers the items of a selection once and never gives a removed number again', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const rows = await f.addItems(issue.id, admin.team.id, ['One', 'Two', 'Three']);
    const numbers = async () =>
      (await t.db.select().from(issueDatasets).where(eq(issueDatasets.issueId, issue.id)))
        .map((row) => [row.datasetId, row.number])
        .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0));
    expect((await numbers()).map(([, n]) => n)).toEqual([1, 2, 3]);
    const [first] = rows;
    await t.db.delete(issueDatasets).where(eq(issueDatasets.datasetId, first?.id ?? 0));
    await t.db.insert(issueDatasets).values({ issueId: issue.id, datasetId: first?.id ?? 0 });
    expect((await numbers()).map(([, n]) => n)).toEqual([2, 3, 4]);
  });
});
