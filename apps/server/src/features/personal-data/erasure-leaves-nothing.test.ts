import { randomBytes } from 'node:crypto';
import { ERASED_ITEM_TITLE } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows.ts';
import {
  emailSuppressions,
  formSubmissions,
  intakeForms,
  issueAccesses,
  issueAnswers,
  issueDatasets,
  issues,
  itemDecisions,
  notificationSettings,
  reviewComments,
  reviews,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook } from '../../test/workbook.ts';
import { itemFactories } from '../items/test-factories.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { ERASED_DETAIL } from '../mail/suppressions.ts';
import { submissionFactories } from '../submissions/test-factories.ts';
import { COPIES } from './copies.ts';
import { PERSONAL_DATA_PLACES } from './places.ts';
import { sentMailing } from './test-factories.ts';

// Issue 53, points 4 and 7: after an erasure, no column of any table holds the person's address, name or
// answers, wherever the app copied them (mails to and about them, webhooks, drafts, selections).

const EMAIL = 'ann.quillfeather@example.org';
const NAME = 'Quillfeather';
/** Each text the person gave: what the database must not hold after the erasure (lower case). */
const NEEDLES = [EMAIL, NAME.toLowerCase(), 'quillmoor kites', 'gliding over quillmoor', 'a quillish note'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every table of the schema with its columns, as the database lists them. */
async function tablesOfSchema() {
  const rows = await selectRows<{ table_name: string; column_name: string }>(
    t.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and table_name in (select table_name from information_schema.tables
                             where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows)
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/** `table.column` of every column whose text holds one of the needles, one statement a table. */
async function columnsHoldingThePerson(tables: Map<string, string[]>) {
  const found: string[] = [];
  for (const [table, columns] of tables) {
    const holds = (column: string) =>
      sql.join(
        NEEDLES.map((needle) => sql`position(${needle} in lower(${sql.identifier(column)}::text)) > 0`),
        sql` or `,
      );
    const [row] = await selectRows<Record<string, boolean | null>>(
      t.db,
      sql`select ${sql.join(
        columns.map((column) => sql`bool_or(${holds(column)}) as ${sql.identifier(column)}`),
        sql`, `,
      )} from ${sql.identifier(table)}`,
    );
    for (const column of columns) if (row?.[column]) found.push(`${table}.${column}`);
  }
  return found.sort();
}

/**
 * A person who submitted two forms of two item types (the first one notifying the admins, confirming to
 * them and telling a webhook), judges in the team (invited, named in the admins' notification, a draft
 * left in an open selection), got a mass e-mail, and whose item is ranked in an open and a closed selection.
 */
async function personEverywhere() {
  const s = submissionFactories(t);
  const items = itemFactories(t);
  const j = judgingFactories(t);
  const call = judgingCalls(t);
  const setup = await s.createForm({
    respondentEmailActive: true,
    respondentEmailSubject: 'We got your answers',
    respondentEmailContent: 'Thank you.\n[summary]',
  });
  const teamId = setup.team.id;
  await t.db
    .update(intakeForms)
    .set({ titleField: setup.fields.name.id })
    .where(eq(intakeForms.id, setup.form.id));
  await t.db.insert(notificationSettings).values({
    teamId,
    formId: setup.form.id,
    type: 'new_form_submissions',
    frequency: 'immediate',
  });
  await t.db.insert(webhooks).values({
    teamId,
    url: 'https://hooks.example.org/in',
    events: ['form.submitted'],
    secret: `whsec_${'a'.repeat(43)}=`,
  });
  // The second item type, on a form of its own.
  const model = await items.createDataModel(teamId, 'Fellowships');
  const motivation = await items.createField(model.id, 'text', { label: 'Motivation', order: 1 });
  const [second] = await t.db
    .insert(intakeForms)
    .values({ teamId, dataModelId: model.id, title: 'Fellowship', published: true, languageCode: 'fr' })
    .returning();
  if (!second) throw new Error('setup');

  const submitted = async (form: number, datum_values: { datum_field: number; response: string }[]) => {
    const created = await s.submit({ form, email: EMAIL.toUpperCase(), datum_values });
    const reply = await s.commit(created.submission_id, created.edit_token, 'submit');
    expect(reply.statusCode, reply.body).toBe(200);
    return created;
  };
  const first = await submitted(setup.form.id, [
    { datum_field: setup.fields.name.id, response: 'Quillmoor Kites' },
    { datum_field: setup.fields.stage.id, response: 'Series A' },
  ]);
  await submitted(second.id, [{ datum_field: motivation.id, response: 'Gliding over Quillmoor' }]);
  await t.db.update(webhookDeliveries).set({ status: 'delivered', deliveredAt: new Date() });

  // As a judge: invited, answering, named in the admins' mail; a draft in another selection.
  const issue = await j.createIssue(teamId, 'RatingIssue', { maxRating: 10 });
  const [alpha] = await j.addItems(issue.id, teamId, ['Alpha']);
  if (!alpha) throw new Error('setup');
  const judge = await j.addJudge(issue.id, { email: EMAIL });
  await t.db
    .update(users)
    .set({ firstName: 'Ann', lastName: NAME, isJudgeOnly: true })
    .where(eq(users.id, judge.user.id));
  await t.db.insert(notificationSettings).values({
    teamId,
    issueId: issue.id,
    type: 'new_selection_submissions',
    frequency: 'immediate',
  });
  const invited = await t.request({
    method: 'POST',
    url: `/api/v1/issues/${issue.id}/send_invitation/`,
    token: setup.token,
    payload: { user: judge.user.id },
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const rated = await call.submit(issue.id, judge.token, { answers: [{ dataset: alpha.id, value: 7 }] });
  expect(rated.statusCode, rated.body).toBe(201);
  const drafting = await j.createIssue(teamId, 'RatingIssue', { maxRating: 10 });
  await t.db.insert(issueDatasets).values({ issueId: drafting.id, datasetId: alpha.id });
  const drafter = { token: randomBytes(24).toString('base64url') };
  await t.db
    .insert(issueAccesses)
    .values({ issueId: drafting.id, userId: judge.user.id, token: drafter.token, origin: 'admin' });
  /** A draft of one answer and one comment, each on its item. */
  const saveDraft = async (
    issueId: number,
    token: string,
    answer: number,
    comment: number,
    content: string,
  ) => {
    const reply = await t.request({
      method: 'PUT',
      url: `/api/v1/issues/${issueId}/draft/?token=${token}`,
      payload: {
        answers: [{ dataset: answer, value: 3 }],
        comments: [{ dataset: comment, question: null, content, shared: false }],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  await saveDraft(drafting.id, drafter.token, alpha.id, alpha.id, 'A quillish note');

  // Their item, ranked by another judge in an open and in a closed selection.
  const ranked = async (status: 'open' | 'closed') => {
    const selection = await j.createIssue(teamId, 'RatingIssue', { maxRating: 10 });
    await t.db.insert(issueDatasets).values({ issueId: selection.id, datasetId: first.id });
    const other = await j.addJudge(selection.id);
    const reply = await call.submit(selection.id, other.token, {
      answers: [{ dataset: first.id, value: 8 }],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await t.db.update(issues).set({ status }).where(eq(issues.id, selection.id));
    return selection;
  };
  const open = await ranked('open');
  const closed = await ranked('closed');
  // Others quote them too: a judge's draft about their item, beside one about another; an admin's review.
  const [beta] = await j.addItems(open.id, teamId, ['Beta']);
  if (!beta) throw new Error('setup');
  const quoting = await j.addJudge(open.id);
  await saveDraft(open.id, quoting.token, beta.id, first.id, 'Quillmoor Kites, bold');
  const [review] = await t.db.insert(reviews).values({ datasetId: first.id }).returning();
  if (!review) throw new Error('setup');
  await t.db
    .insert(reviewComments)
    .values({ reviewId: review.id, creatorId: setup.user.id, content: 'Ann Quillfeather called us' });

  await sentMailing(t, {
    teamId,
    datasetId: first.id,
    to: EMAIL,
    subject: 'Your application, Quillmoor Kites',
    htmlMessage: '<p>Dear Ann Quillfeather</p>',
  });
  await t.db.insert(itemDecisions).values({
    datasetId: first.id,
    teamId,
    decision: 'accepted',
    sentDecision: 'accepted',
    sentTime: new Date(),
  });
  await drainMailQueue(t.app.ctx);
  return { setup, item: first, open, closed, quoting, beta };
}

const personalData = (action: 'export' | 'erase', teamId: number, token: string) =>
  t.request({
    method: 'POST',
    url: `/api/v1/teams/${teamId}/personal-data/${action}/`,
    token,
    payload: { email: EMAIL },
  });

describe('an erasure', () => {
  it('classifies every table of the schema: what can hold a person’s text, or why not', async () => {
    const tables = await tablesOfSchema();
    expect([...tables.keys()].sort()).toEqual(Object.keys(PERSONAL_DATA_PLACES).sort());
    for (const [table, place] of Object.entries(PERSONAL_DATA_PLACES)) {
      if (!('columns' in place)) continue;
      for (const column of place.columns) expect(tables.get(table), `${table}.${column}`).toContain(column);
    }
    // The copies that the export and the erasure both walk are the registry's.
    const copies = Object.entries(PERSONAL_DATA_PLACES).filter(([, place]) => 'copy' in place);
    expect(Object.keys(COPIES).sort()).toEqual(copies.map(([table]) => table).sort());
  });

  it('exports all of it as one zip, then leaves nothing of the person in any column of any table', async () => {
    const p = await personEverywhere();
    const exported = await personalData('export', p.setup.team.id, p.setup.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const read = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
    // The person last answered a French form: the README speaks French, whoever asked.
    expect(await read('README.txt')).toMatch(/^Vos données personnelles/);
    const archived = JSON.parse(await read('items.json'));
    expect(archived.map((item: { title: string }) => item.title).sort()).toEqual([
      'Quillmoor Kites',
      expect.any(String),
    ]);
    expect(archived[0].decision_sent).toMatchObject({ decision: 'accepted' });
    const mails = JSON.parse(await read('mails.json'));
    // The admins' notification about them, the confirmation and the judge's invitation as the outbox kept them.
    const outbox = mails.outbox.map((mail: { text: string }) => mail.text).join('\n');
    expect(outbox).toContain('A new response was submitted');
    expect(outbox).toContain(`${EMAIL} submitted answers`);
    expect(mails.queued.length).toBeGreaterThan(0);
    expect(mails.mailings).toHaveLength(1);
    const [delivery] = JSON.parse(await read('webhooks.json'));
    expect(delivery).toMatchObject({ event: 'form.submitted', status: 'delivered' });
    expect(JSON.parse(await read('judging.json'))[1].draft.payload.comments[0].content).toBe(
      'A quillish note',
    );

    const tables = await tablesOfSchema();
    const before = await columnsHoldingThePerson(tables);
    // The scenario puts the person where the registry says they can be, and nowhere else.
    const classified = Object.entries(PERSONAL_DATA_PLACES).flatMap(([table, place]) =>
      'columns' in place ? place.columns.map((column) => `${table}.${column}`) : [],
    );
    expect(before.filter((column) => !classified.includes(column))).toEqual([]);
    for (const column of [
      'outbox_messages.text',
      'webhook_deliveries.body',
      'issue_answer_drafts.payload',
      'review_comments.content',
    ])
      expect(before).toContain(column);

    const reply = await personalData('erase', p.setup.team.id, p.setup.token);
    expect(reply.statusCode, reply.body).toBe(200);
    // Only the suppression that keeps mailings away from them holds their address.
    const keptOnPurpose = Object.entries(PERSONAL_DATA_PLACES).flatMap(([table, place]) =>
      'kept' in place && place.kept ? place.kept.map((column) => `${table}.${column}`) : [],
    );
    expect(keptOnPurpose).toEqual(['email_suppressions.email']);
    expect(await columnsHoldingThePerson(tables)).toEqual(keptOnPurpose);
    const suppressions = await t.db.select().from(emailSuppressions);
    expect(suppressions.filter((row) => row.email === EMAIL)).toEqual([
      expect.objectContaining({ teamId: p.setup.team.id, detail: ERASED_DETAIL }),
    ]);

    // The item leaves the open selection; the closed one keeps its answer, so its results stay.
    const inSelection = (issueId: number) =>
      t.db
        .select()
        .from(issueDatasets)
        .where(and(eq(issueDatasets.issueId, issueId), eq(issueDatasets.datasetId, p.item.id)));
    expect(await inSelection(p.open.id)).toEqual([]);
    expect(await inSelection(p.closed.id)).toHaveLength(1);
    const draft = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${p.open.id}/draft/?token=${p.quoting.token}`,
    });
    expect(draft.json()).toMatchObject({ answers: [{ dataset: p.beta.id }], comments: [] });
    const kept = await t.db.select().from(issueAnswers).where(eq(issueAnswers.issueId, p.closed.id));
    expect(kept.map((answer) => answer.value)).toEqual([8]);
    const [submission] = await t.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.datasetId, p.item.id));
    expect(submission?.email).toBe('');

    // The fact that mails went stays: their recipients and dates, not what they said.
    const blanked = await selectRows<{ to: string; subject: string; text: string }>(
      t.db,
      sql`select "to", subject, text from outbox_messages where subject = '' order by id`,
    );
    expect(blanked.length).toBeGreaterThan(0);
    expect(blanked.every((mail) => mail.text === '')).toBe(true);

    // Exports made now, of the items and of the closed selection's report, hold nothing of the person.
    for (const url of [
      `datasets/export_excel/?team=${p.setup.team.id}`,
      `issues/${p.closed.id}/export_excel/`,
    ]) {
      const workbook = await t.request({ method: 'GET', url: `/api/v1/${url}`, token: p.setup.token });
      expect(workbook.statusCode, url).toBe(200);
      const text = JSON.stringify(await readWorkbook(workbook.rawPayload)).toLowerCase();
      expect(text, url).toContain(ERASED_ITEM_TITLE);
      for (const needle of NEEDLES) expect(text, url).not.toContain(needle);
    }
  });
});
