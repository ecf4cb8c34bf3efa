import { formatDeadline } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { emailFactories } from '../emails/test-factories.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { submissionFactories } from './test-factories.ts';

// Issue 56, points 3 and 4: every mail to a respondent is in the language they read the form in, and
// the confirmation carries the edit link while the response may be changed.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
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

/** The text of each mail received by `email`, decoded, with French spaces made plain. */
const mailsTo = (email: string) =>
  sink.received
    .filter((mail) => mail.to.includes(email))
    .map((mail) => decodeBody(mail.raw).replace(/\u00a0|\u202f/g, ' '));
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

const inOneWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);

type FormSetup = Awaited<ReturnType<typeof f.createForm>>;

/** A response to `setup`'s form by `email`, sent with `language` (none: a client that does not send it). */
async function respond(setup: FormSetup, email: string, language?: 'en' | 'fr') {
  const created = await f.submit({
    form: setup.form.id,
    email,
    ...(language ? { language } : {}),
    datum_values: [
      { datum_field: setup.fields.name.id, response: 'Kites' },
      { datum_field: setup.fields.stage.id, response: 'Series A' },
    ],
  });
  const reply = await f.commit(created.submission_id, created.edit_token, 'submit');
  expect(reply.statusCode, reply.body).toBe(200);
  await drainMailQueue(t.app.ctx);
  return created;
}

describe('the confirmation of an English form', () => {
  it('is in French for a French respondent, with the edit link and its date while editing is allowed', async () => {
    const until = inOneWeek();
    const setup = await f.createForm({
      editUntil: until,
      respondentEmailActive: true,
      respondentEmailSubject: 'We got your answers',
      respondentEmailContent: 'Thank you.\n[summary]',
    });
    const lea = await respond(setup, 'lea@confirm.test', 'fr');
    const [stored] = await t.db
      .select({ language: formSubmissions.language })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, lea.submission_id));
    expect(stored?.language).toBe('fr');

    const [toLea] = mailsTo('lea@confirm.test');
    expect(toLea).toContain(
      `Vous pouvez modifier vos réponses jusqu’au ${plain(formatDeadline(until, 'fr', 'UTC'))} avec ce lien :`,
    );
    expect(toLea).toContain(`http://shortlist.test/forms/${setup.form.id}?token=`);
    expect(toLea).toContain(`submission=${lea.submission_id}`);
    // The recap's words are French too: a colon after a space.
    expect(toLea).toContain('Project name : Kites');
    expect(toLea).not.toContain('You can change');

    // A client that sends no language: the form's, English.
    const ann = await respond(setup, 'ann@confirm.test');
    const [toAnn] = mailsTo('ann@confirm.test');
    expect(toAnn).toContain(
      `You can change your responses until ${plain(formatDeadline(until, 'en', 'UTC'))} with this link:`,
    );
    expect(toAnn).toContain(`submission=${ann.submission_id}`);
    expect(toAnn).toContain('Project name: Kites');
  });

  it('puts the link where the body writes {{ edit_link }}, and nothing there when editing is not allowed', async () => {
    const content = 'Thank you.\nCome back: {{edit_link}}\nThe team';
    const editable = await f.createForm({
      editUntil: inOneWeek(),
      respondentEmailActive: true,
      respondentEmailSubject: 'Received',
      respondentEmailContent: content,
    });
    const kim = await respond(editable, 'kim@place.test', 'fr');
    const [toKim] = mailsTo('kim@place.test');
    expect(toKim).toMatch(
      new RegExp(
        `Come back: http://shortlist\\.test/forms/${editable.form.id}\\?token=[^\\s]+submission=${kim.submission_id}`,
      ),
    );
    expect(toKim).toContain('<a href="http://shortlist.test/forms/');
    expect(toKim).not.toContain('edit_link');
    // Placed by the admin: not added again.
    expect(toKim).not.toContain('Vous pouvez modifier');

    const closed = await f.createForm({
      respondentEmailActive: true,
      respondentEmailSubject: 'Received',
      respondentEmailContent: content,
    });
    await respond(closed, 'max@place.test', 'fr');
    const [toMax] = mailsTo('max@place.test');
    expect(toMax).toMatch(/Come back: \r?\n/);
    expect(toMax).not.toContain('/forms/');
    expect(toMax).not.toContain('edit_link');
    expect(toMax).not.toContain('Vous pouvez modifier');
  });

  it('is the default one, with the link, when the form has none but lets responses be changed', async () => {
    const setup = await f.createForm({ editUntil: inOneWeek() });
    const zoe = await respond(setup, 'zoe@default.test', 'fr');
    const [toZoe] = mailsTo('zoe@default.test');
    expect(toZoe).toContain('Vos réponses au formulaire « Call for projects » sont envoyées.');
    expect(toZoe).toContain('Vous pouvez modifier vos réponses jusqu’au');
    expect(toZoe).toContain(`submission=${zoe.submission_id}`);

    const closed = await f.createForm();
    await respond(closed, 'ivy@default.test', 'fr');
    expect(mailsTo('ivy@default.test')).toHaveLength(0);
  });

  it('refuses a language that is neither English nor French', async () => {
    const setup = await f.createForm();
    const reply = await f.postSubmission({ form: setup.form.id, language: 'de', datum_values: [] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toHaveProperty('language');
  });
});

describe('mailings to a French respondent of an English form', () => {
  it('tell the decision and the mass e-mail in French, with the French unsubscribe footer', async () => {
    const setup = await f.createForm();
    await emailFactories(t).setPackage(setup.team.id, {});
    const api = async (url: string, payload: Record<string, unknown>) => {
      const reply = await t.request({ method: 'POST', url: `/api/v1/${url}`, token: setup.token, payload });
      expect(reply.statusCode, reply.body).toBeLessThan(300);
      return reply.json();
    };
    const lea = await respond(setup, 'lea@mailing.test', 'fr');
    const ann = await respond(setup, 'ann@mailing.test', 'en');
    const template = await api('email-templates/', {
      team: setup.team.id,
      title: 'Outcome',
      subject: 'Your application',
      html_content: '<p>Decision: {{ decision }}</p>',
      language: 'en',
      variant_subject: 'Votre candidature',
      variant_html_content: '<p>Décision : {{ decision }}</p>',
    });
    await api('decisions/', { team: setup.team.id, datasets: [lea.id, ann.id], decision: 'declined' });

    /** A batch of the form's items, previewed and sent, then drained. */
    const mailing = async (fields: Record<string, unknown>) => {
      const batch = await api('email-batches/', {
        team: setup.team.id,
        title: 'Outcome',
        template: template.id,
        ...fields,
      });
      await api(`email-batches/${batch.id}/add_audience/`, { audience: { form: setup.form.id } });
      await api(`email-batches/${batch.id}/render_emails/`, {});
      await api(`email-batches/${batch.id}/send_emails/`, {});
      await drainMailQueue(t.app.ctx);
    };
    await mailing({ sends_decisions: true });
    await mailing({});

    const toLea = mailsTo('lea@mailing.test').slice(-2);
    expect(toLea).toHaveLength(2);
    for (const mail of toLea) {
      expect(mail).toContain('Décision : Refusée');
      expect(mail).toContain('Se désabonner');
      expect(mail).not.toContain('Unsubscribe</a>');
      expect(mail).not.toContain('Decision: ');
    }
    const toAnn = mailsTo('ann@mailing.test').slice(-2);
    for (const mail of toAnn) {
      expect(mail).toContain('Decision: Declined');
      expect(mail).toContain('Unsubscribe</a>');
      expect(mail).not.toContain('Se désabonner');
    }
  });
});
