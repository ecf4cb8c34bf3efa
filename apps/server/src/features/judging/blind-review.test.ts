import { Readable } from 'node:stream';
import {
  HIDDEN_FIELD_NOT_OF_TYPE_MESSAGE,
  ISSUE_RESOURCETYPES,
  type IssueResourcetype,
} from '@shortlist/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasets,
  datumValues,
  formSubmissions,
  intakeForms,
  issueComments,
  issueDatasets,
  issues,
  mailQueue,
  outboxMessages,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import { judgeCall, judgeRoutes } from '../operations/judge-routes.ts';
import type { OpenApiPaths } from '../operations/probe-values.ts';
import { sendDeadlineReminders } from '../selections/deadlines.ts';
import { judgingFactories } from './test-factories.ts';

/** Distinctive strings seeded in every place blind review hides; none may reach a judge. */
const SECRETS = {
  name: 'Zephyrine Quokkasdottir',
  secondFounder: 'Ignatius Wombatson',
  respondent: 'respondent-xyzzy@example.test',
  contact: 'contact-plugh@example.test',
  recipient: 'recipient-plover@example.test',
  typedContact: 'typed-frotz@example.test',
  phone: '+33 6 98 76 54 32 FROBOZZ',
  cvName: 'cv-of-GRUE-applicant.pdf',
  deckName: 'deck-by-Zephyrine.pdf',
  judge: 'Bartholomew',
};
const VISIBLE_PITCH = 'We recycle batteries';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
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

  /**
   * A selection of two items of two item types, every identifying part seeded, and two judges. The first
   * item came through a form titled by its founder; the second was typed in, its contact e-mail repeated in
   * a plain question, and its address in a text question that mails use (an e-mail variable).
   */
  async function setup(resourcetype: IssueResourcetype = 'RatingIssue') {
    const admin = await t.createAdmin();
    const model = await items.createDataModel(admin.team.id);
    const labs = await items.createDataModel(admin.team.id, 'Labs');
    const field = (label: string, values: Parameters<typeof items.createField>[2] = {}) =>
      items.createField(values.dataModelId ?? model.id, values.resourcetype ?? 'text', { label, ...values });
    const fields = {
      name: await field('Founder'),
      email: await field('E-mail', { textFormat: 'email' }),
      phone: await field('Phone', { identifying: true }),
      pitch: await field('Pitch'),
      replyTo: await field('Reply to'),
      cv: await field('CV', { resourcetype: 'file' }),
      deck: await field('Deck', { resourcetype: 'file' }),
    };
    const labFields = {
      name: await field('Founder', { dataModelId: labs.id }),
      recipient: await field('Contact', { dataModelId: labs.id, templateVariableEmail: 'contact' }),
      reach: await field('Reach us', { dataModelId: labs.id }),
      summary: await field('Summary', { dataModelId: labs.id }),
    };
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: admin.team.id, dataModelId: model.id, title: 'Call', titleField: fields.name.id })
      .returning();
    const issue = await f.createIssue(admin.team.id, resourcetype, { dataModelId: model.id });
    const [item, lab] = await t.db
      .insert(datasets)
      .values([
        { title: SECRETS.name, teamId: admin.team.id, dataModelId: model.id, contactEmail: SECRETS.contact },
        {
          title: 'Lab Gizmo',
          teamId: admin.team.id,
          dataModelId: labs.id,
          contactEmail: SECRETS.typedContact,
        },
      ])
      .returning();
    if (!item || !lab || !form) throw new Error('no item');
    await t.db.insert(formSubmissions).values({
      formId: form.id,
      datasetId: item.id,
      email: SECRETS.respondent,
      status: 'submitted',
      tokenHash: 'x'.repeat(64),
    });
    await t.db
      .insert(issueDatasets)
      .values([item, lab].map((row) => ({ issueId: issue.id, datasetId: row.id })));
    const text = (fieldId: number, response: string, datasetId = item.id) => ({
      datasetId,
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
    await t.db.insert(datumValues).values([
      text(fields.name.id, SECRETS.name),
      text(fields.email.id, SECRETS.respondent),
      text(fields.phone.id, SECRETS.phone),
      text(fields.pitch.id, VISIBLE_PITCH),
      // The respondent's address again, in a plain question.
      text(fields.replyTo.id, SECRETS.respondent.toUpperCase()),
      await file(fields.cv.id, SECRETS.cvName),
      await file(fields.deck.id, SECRETS.deckName),
      text(labFields.name.id, SECRETS.secondFounder, lab.id),
      text(labFields.recipient.id, SECRETS.recipient, lab.id),
      // The typed-in contact, as a person types it again: other case, spaces around.
      text(labFields.reach.id, ` ${SECRETS.typedContact.toUpperCase()} `, lab.id),
      text(labFields.summary.id, 'Cheaper sensors', lab.id),
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
        payload: { resourcetype, ...body },
      });
    return { admin, model, labs, fields, labFields, issue, item, lab, judge, other, patch };
  }

  it('keeps the settings, takes the questions of every item type the selection holds, and refuses others with 400', async () => {
    const { admin, model, labs, fields, labFields, patch } = await setup();
    const elsewhere = await items.createField((await items.createDataModel(admin.team.id)).id, 'text');
    const stranger = await t.createAdmin();
    const theirs = await items.createField((await items.createDataModel(stranger.team.id)).id, 'text');
    for (const refusedField of [elsewhere, theirs]) {
      const refused = await patch({ hidden_fields: [fields.name.id, refusedField.id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ hidden_fields: [HIDDEN_FIELD_NOT_OF_TYPE_MESSAGE] });
    }
    const saved = await patch({
      hidden_fields: [fields.cv.id, fields.name.id, labFields.name.id, fields.cv.id],
      hide_respondent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      hidden_fields: [fields.cv.id, fields.name.id, labFields.name.id],
      hide_respondent: true,
      hide_judge_names: false,
      item_types: [model.id, labs.id],
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
        SECRETS.secondFounder,
        SECRETS.recipient,
        SECRETS.typedContact,
      ]),
    );
  });

  it('answers no hidden value from any judge route, file or mail, in a selection of each type', async () => {
    const routes = judgeRoutes((t.app.swagger() as { paths: OpenApiPaths }).paths);
    // Floors, so that a walk that found no route, or lost the token's mark, cannot pass.
    expect(routes.length).toBeGreaterThanOrEqual(17);
    expect(routes.filter((route) => route.takesJudgeToken).length).toBeGreaterThanOrEqual(15);
    const found: string[] = [];
    const statuses: number[] = [];
    let files = 0;
    let mails = 0;
    let rating:
      | Pick<Awaited<ReturnType<typeof setup>>, 'admin' | 'issue' | 'item' | 'lab' | 'judge'>
      | undefined;
    for (const resourcetype of ISSUE_RESOURCETYPES) {
      const { admin, issue, item, lab, judge, other, fields, labFields, patch } = await setup(resourcetype);
      const saved = await patch({
        hidden_fields: [fields.name.id, fields.cv.id, labFields.name.id],
        hide_respondent: true,
        hide_judge_names: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const ids = { issue: issue.id, item: item.id, token: judge.token };
      const reads = routes.filter((route) => route.method === 'GET');
      const writes = routes.filter((route) => route.method !== 'GET');
      // Read, write (a draft, a submission, a vote, a conflict), then read what the writes changed.
      const replies: string[] = [];
      for (const route of [...reads, ...writes, ...reads]) {
        const reply = await t.request(judgeCall(route, ids));
        const where = `${resourcetype} ${route.method} ${route.path}`;
        expect(reply.statusCode, `${where} ${reply.body}`).toBeLessThan(500);
        statuses.push(reply.statusCode);
        replies.push(reply.body);
        found.push(...leaks(reply.body).map((secret) => `${where}: ${secret}`));
      }
      // Every file a reply links to, by the name it is served under.
      for (const url of new Set(replies.join('\n').match(/\/api\/v1\/files\/[^"\s\\]+/g))) {
        const served = await t.request({ method: 'GET', url });
        expect(served.statusCode, url).toBe(200);
        found.push(...leaks(String(served.headers['content-disposition'])).map((s) => `${url}: ${s}`));
        files++;
      }
      // The hidden file's link is never given: nothing of its key reaches the judge.
      const [cv] = await t.db
        .select({ key: datumValues.fileKey })
        .from(datumValues)
        .where(eq(datumValues.datumFieldId, fields.cv.id));
      expect(replies.some((body) => body.includes(cv?.key ?? '?'))).toBe(false);

      // The mails judges get: an invitation, and the reminder before the deadline.
      const invited = await t.request({
        method: 'POST',
        url: `/api/v1/issues/${issue.id}/send_invitation/`,
        token: admin.token,
        payload: { user: other.user.id },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      await t.db
        .update(issues)
        .set({ deadline: new Date(Date.now() + 86_400_000), reminderDaysBefore: 2 })
        .where(eq(issues.id, issue.id));
      await sendDeadlineReminders(t.app.ctx);
      // Sent at once (the outbox, without SMTP) or queued for the sender.
      const to = [judge.user.email, other.user.email];
      const sent = [
        ...(await t.db.select().from(outboxMessages).where(inArray(outboxMessages.to, to))),
        ...(await t.db.select().from(mailQueue).where(inArray(mailQueue.to, to))),
      ];
      expect(sent.length, resourcetype).toBeGreaterThanOrEqual(2);
      for (const mail of sent)
        found.push(...leaks(`${mail.subject}\n${mail.text}\n${mail.html}`).map((s) => `mail: ${s}`));
      mails += sent.length;

      if (resourcetype === 'RatingIssue') rating = { admin, issue, item, lab, judge };
    }
    expect(found).toEqual([]);

    // The answer page of the rating selection: what is left, and under which titles.
    if (!rating) throw new Error('no rating selection');
    const { admin, issue, item, lab, judge } = rating;
    const view = (
      await t.request({
        method: 'GET',
        url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`,
      })
    ).json();
    const shown = new Map(view.items.map((row: { id: number }) => [row.id, row]));
    const labels = (id: number) =>
      (shown.get(id) as { details: { label: string }[] }).details.map((d) => d.label);
    expect(shown.get(item.id)).toMatchObject({
      title: expect.stringMatching(/^Item \d+$/),
      title_hidden: true,
    });
    expect(labels(item.id)).toEqual(['Pitch', 'Deck']);
    expect(labels(lab.id)).toEqual(['Summary']);
    expect(view.shared_comments).toMatchObject([{ content: 'Strong team', user_fullname: '' }]);
    // The visible file's link cannot be turned back into the sender's name.
    const deck = (
      shown.get(item.id) as { details: { label: string; file_url_signed: string }[] }
    ).details.find((d) => d.label === 'Deck');
    const unnamed = await t.request({
      method: 'GET',
      url: (deck?.file_url_signed ?? '').replace(/&name=[^&]*/, ''),
    });
    expect(unnamed.statusCode).toBe(403);
    // Admins still see everything.
    const adminItem = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/${item.id}/`,
      token: admin.token,
    });
    expect(adminItem.body).toContain(SECRETS.name);
    // Six selections, each route read twice and written once: most answer with content.
    expect(statuses.length).toBeGreaterThanOrEqual(ISSUE_RESOURCETYPES.length * routes.length);
    expect(statuses.filter((status) => status < 300).length).toBeGreaterThanOrEqual(100);
    expect(files).toBeGreaterThanOrEqual(ISSUE_RESOURCETYPES.length);
    expect(mails).toBeGreaterThanOrEqual(2 * ISSUE_RESOURCETYPES.length);
  });

  it('hides every contact question and any answer equal to the contact with "hide who sent it", and the title once the form titles by e-mail', async () => {
    const { admin, issue, item, lab, judge, patch } = await setup();
    expect((await patch({ hide_respondent: true })).statusCode).toBe(200);
    const view = async () => {
      const reply = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`,
      });
      const rows: { id: number; title: string; details: { label: string }[] }[] = reply.json().items;
      return new Map(rows.map((row) => [row.id, row]));
    };
    const shown = await view();
    const labels = (id: number) => shown.get(id)?.details.map((d) => d.label);
    // The founder's question is neither hidden nor identifying: the title it gives stays.
    expect(shown.get(item.id)).toMatchObject({ title: SECRETS.name, title_hidden: false });
    expect(labels(item.id)).toEqual(['Founder', 'Pitch', 'CV', 'Deck']);
    // The question mails are sent to (an e-mail variable holding addresses), and the typed-in contact again.
    expect(labels(lab.id)).toEqual(['Founder', 'Summary']);
    await t.db.update(intakeForms).set({ titleField: 0 }).where(eq(intakeForms.teamId, admin.team.id));
    expect((await view()).get(item.id)).toMatchObject({
      title: expect.stringMatching(/^Item \d+$/),
      title_hidden: true,
    });
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
