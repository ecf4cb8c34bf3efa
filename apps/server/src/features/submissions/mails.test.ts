import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeForms, mailQueue, notificationSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { createMailer } from '../mail/mailer.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { sendDailyDigests } from './digests.ts';
import { submissionFactories } from './test-factories.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
let sink: Sink;
let t: TestApp;
let f: ReturnType<typeof submissionFactories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = submissionFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

/** A form that confirms to the respondent and notifies its admins, answered and submitted by `email`. */
async function submitted(setup: Awaited<ReturnType<typeof f.createForm>>, email: string, name: string) {
  const created = await f.submit({
    form: setup.form.id,
    email,
    datum_values: [
      { datum_field: setup.fields.name.id, response: name },
      { datum_field: setup.fields.stage.id, response: 'Series A' },
    ],
  });
  const reply = await f.commit(created.submission_id, created.edit_token, 'submit');
  if (reply.statusCode !== 200) throw new Error(reply.body);
  return created;
}

async function confirmingForm(frequency: 'immediate' | 'daily') {
  const setup = await f.createForm({
    respondentEmailActive: true,
    respondentEmailSubject: 'We got your answers',
    respondentEmailContent: 'Thank you.\n[summary]\nThe team',
    respondentEmailHtmlContent: '<p>Thank you.</p>[summary]<p>The team</p>',
  });
  await t.db
    .update(intakeForms)
    .set({ titleField: setup.fields.name.id })
    .where(eq(intakeForms.id, setup.form.id));
  await t.db.insert(notificationSettings).values({
    teamId: setup.team.id,
    formId: setup.form.id,
    type: 'new_form_submissions',
    frequency,
    notifiedUntil: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
  });
  return setup;
}

describe('mails caused by a submission', () => {
  it("queues the confirmation with its escaped recap and the admins' notification, sent by the drain", async () => {
    const setup = await confirmingForm('immediate');
    await submitted(setup, 'ann@example.org', '<b>Kites</b> & co');
    expect(mailsTo('ann@example.org')).toHaveLength(0);

    await drainMailQueue(t.app.ctx);
    const [confirmation] = mailsTo('ann@example.org');
    const raw = decodeBody(confirmation?.raw ?? '');
    expect(raw).toContain('Subject: We got your answers');
    expect(raw).toContain('Project name: <b>Kites</b> & co');
    expect(raw).toContain('Stage: Series A');
    expect(raw).toContain('<strong>Project name</strong>: &#60;b&#62;Kites&#60;/b&#62; &#38; co');
    expect(raw).not.toContain('[summary]');

    const [notice] = mailsTo(setup.user.email);
    const text = decodeBody(notice?.raw ?? '');
    expect(text).toContain(
      'A new response was submitted to the form "Call for projects": <b>Kites</b> & co.',
    );
    expect(text).toContain(`/team/${setup.team.id}/intake-forms/${setup.form.id}?tab=responses`);
    expect(await t.db.$count(mailQueue, isNull(mailQueue.sentAt))).toBe(0);
  });

  it("writes the recap in the form's language: a budget as its lines, totals and balance, never as JSON", async () => {
    const setup = await f.createForm({
      languageCode: 'fr',
      respondentEmailActive: true,
      respondentEmailSubject: 'Bien reçu',
      respondentEmailContent: 'Merci.\n[summary]',
    });
    const created = await f.submit({
      form: setup.form.id,
      email: 'lea@example.org',
      datum_values: [
        { datum_field: setup.fields.name.id, response: 'Fours solaires' },
        { datum_field: setup.fields.stage.id, response: 'Series A' },
        {
          datum_field: setup.fields.budget.id,
          json_response: {
            currency: '€',
            expenses: [
              { label: 'Loyer', value: 1200 },
              { label: 'Impôts', value: null },
            ],
            income: [{ label: 'Emploi', value: 1500 }],
          },
        },
      ],
    });
    expect((await f.commit(created.submission_id, created.edit_token, 'submit')).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const raw = decodeBody(mailsTo('lea@example.org')[0]?.raw ?? '')
      .replace(/\u00a0|\u202f/g, ' ')
      .replace(/\r\n/g, '\n');
    expect(raw).toContain('Project name : Fours solaires');
    expect(raw).toContain(
      'Budget : Dépenses : Loyer 1 200 € — Total 1 200 €\nRevenus : Emploi 1 500 € — Total 1 500 €\nSolde : 300 €',
    );
    expect(raw).toContain('<strong>Budget</strong> : Dépenses : Loyer 1 200 € — Total 1 200 €<br>Revenus');
    expect(raw).not.toMatch(/\{"|\[\{|expenses/);
  });

  it('sends nothing to respondents of a form without confirmation, nor to admins without a setting', async () => {
    const setup = await f.createForm();
    await submitted(setup, 'quiet@example.org', 'Quiet');
    await drainMailQueue(t.app.ctx);
    expect(mailsTo('quiet@example.org')).toHaveLength(0);
    expect(mailsTo(setup.user.email)).toHaveLength(0);
  });

  it('sends a daily digest of the responses since the last one, once a day', async () => {
    const setup = await confirmingForm('daily');
    await submitted(setup, 'one@example.org', 'First project');
    await submitted(setup, 'two@example.org', 'Second project');
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(setup.user.email)).toHaveLength(0);

    expect(await sendDailyDigests(t.app.ctx)).toBe(1);
    expect(await sendDailyDigests(t.app.ctx)).toBe(0);
    await drainMailQueue(t.app.ctx);
    const digests = mailsTo(setup.user.email);
    expect(digests).toHaveLength(1);
    const text = decodeBody(digests[0]?.raw ?? '');
    expect(text).toContain('2 new response(s) to the form "Call for projects"');
    expect(text).toContain('- Second project');
    expect(text).toContain('- First project');
    const [setting] = await t.db
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.formId, setup.form.id)));
    expect(setting?.notifiedUntil.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('a failing SMTP server', () => {
  it('loses no submission and no mail: the mail is retried later', async () => {
    const dead = await startSmtpSink();
    await dead.close();
    const failing = await createTestApp({ env: { SMTP_URL: dead.url } });
    try {
      const g = submissionFactories(failing);
      const setup = await g.createForm({
        respondentEmailActive: true,
        respondentEmailSubject: 'Received',
        respondentEmailContent: 'Thanks',
      });
      const created = await g.submit({
        form: setup.form.id,
        email: 'retry@example.org',
        datum_values: [
          { datum_field: setup.fields.name.id, response: 'Retry' },
          { datum_field: setup.fields.stage.id, response: 'Series A' },
        ],
      });
      expect((await g.commit(created.submission_id, created.edit_token, 'submit')).json().status).toBe(
        'submitted',
      );

      expect(await drainMailQueue(failing.app.ctx)).toEqual({ sent: 0, failed: 1 });
      const [queued] = await failing.db.select().from(mailQueue);
      expect(queued).toMatchObject({ to: 'retry@example.org', attempts: 1, sentAt: null });
      expect(queued?.lastError).toBeTruthy();
      expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: nothing is tried again at once.
      expect(await drainMailQueue(failing.app.ctx)).toEqual({ sent: 0, failed: 0 });

      const working = createMailer({
        smtpUrl: sink.url,
        from: 'test@example.org',
        db: failing.db,
        log: failing.app.log,
      });
      const later = new Date(Date.now() + 60 * 60 * 1000);
      expect(await drainMailQueue({ db: failing.db, mailer: working }, later)).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(mailsTo('retry@example.org')).toHaveLength(1);
      working.close();
    } finally {
      await failing.close();
    }
  });
});

describe('a partial save', () => {
  it('mails the respondent the link to come back, once', async () => {
    const setup = await f.createForm({ allowPartialSave: true, languageCode: 'fr', title: 'Appel' });
    const created = await f.submit({
      form: setup.form.id,
      email: 'later@example.org',
      datum_values: [{ datum_field: setup.fields.name.id, response: 'Four' }],
    });
    const saved = await f.commit(created.submission_id, created.edit_token, 'save');
    expect(saved.json().status).toBe('draft');
    expect((await f.commit(created.submission_id, created.edit_token, 'save')).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const mails = mailsTo('later@example.org');
    expect(mails).toHaveLength(1);
    const text = decodeBody(mails[0]?.raw ?? '');
    // Quoted-printable UTF-8: the French text's accents are bytes here; its plain words are not.
    expect(text).toContain('Pour les compl');
    expect(text).toContain('Appel');
    expect(text).toContain(`http://shortlist.test${saved.json().edit_link}`);
  });
});
