import { ALREADY_SUBMITTED, RESPONSE_DECLINED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  datasets,
  datumValues,
  formSubmissions,
  intakeForms,
  itemDecisions,
  mailQueue,
} from '../../db/schema/index.ts';
import { PDF, useSubmissionApp } from './test-factories.ts';

// Issue 12 point 6: a form may let respondents change a submitted response until a closing date.
const s = useSubmissionApp();

const inOneWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);

/** A form editable until `editUntil`, titled by its name question, with one submitted response holding a deck. */
async function submittedResponse(editUntil: Date | null) {
  const setup = await s.f.createForm({
    respondentEmailActive: true,
    respondentEmailSubject: 'Thanks',
    respondentEmailContent: 'Thanks',
  });
  const { name, stage, deck } = setup.fields;
  await s.t.db
    .update(intakeForms)
    .set({ titleField: name.id, editUntil })
    .where(eq(intakeForms.id, setup.form.id));
  const created = await s.f.submit({
    form: setup.form.id,
    datum_values: [
      { datum_field: name.id, response: 'Kites' },
      { datum_field: stage.id, response: 'Series A' },
      { datum_field: deck.id, file: { name: 'deck.pdf', size: PDF.length, type: 'application/pdf' } },
    ],
  });
  const grant = created.file_uploads_grants[0];
  const uploaded = await s.f.upload(created.submission_id, grant?.file_key ?? '', {
    name: 'deck.pdf',
    type: 'application/pdf',
    bytes: PDF,
  });
  expect(uploaded.statusCode).toBe(200);
  expect((await s.f.commit(created.submission_id, created.edit_token, 'submit')).statusCode).toBe(200);
  const edit = (datumValues: object[]) =>
    s.f.postSubmission({
      form: setup.form.id,
      submission: created.submission_id,
      token: created.edit_token,
      datum_values: datumValues,
    });
  const query = `?submission=${created.submission_id}&token=${encodeURIComponent(created.edit_token)}`;
  return { ...setup, created, edit, query };
}

const itemsOf = (modelId: number) => s.t.db.select().from(datasets).where(eq(datasets.dataModelId, modelId));
const answersOf = (itemId: number) =>
  s.t.db.select().from(datumValues).where(eq(datumValues.datasetId, itemId));

describe('editing a submitted response', () => {
  it('reopens it through its edit link and updates the same item, mailing nobody again', async () => {
    const until = inOneWeek();
    const { form, fields, created, edit, query, model } = await submittedResponse(until);
    const mailsBefore = await s.t.db.$count(mailQueue);
    const [before] = await s.t.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, created.submission_id));

    const page = await s.f.getPublic(form.id, query);
    expect(page.statusCode).toBe(200);
    expect(page.json().edit_until).toBe(until.toISOString());
    expect(page.json().submission).toMatchObject({ id: created.submission_id, is_submitted: true });

    // The deck is not mentioned: it stays.
    const changed = await edit([
      { datum_field: fields.name.id, response: 'Solar kites' },
      { datum_field: fields.stage.id, response: 'Series A' },
    ]);
    expect(changed.statusCode).toBe(201);
    expect(changed.json()).toMatchObject({ submission_id: created.submission_id, id: created.id });
    const done = await s.f.commit(created.submission_id, created.edit_token, 'submit');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      submission_id: created.submission_id,
      status: 'submitted',
      is_submitted: true,
      edit_link: `/forms/${form.id}?token=${created.edit_token}&submission=${created.submission_id}`,
      edit_until: until.toISOString(),
    });

    const items = await itemsOf(model.id);
    expect(items.map((item) => [item.id, item.title])).toEqual([[created.id, 'Solar kites']]);
    const answers = await answersOf(created.id);
    expect(answers.find((a) => a.datumFieldId === fields.name.id)?.response).toBe('Solar kites');
    expect(answers.find((a) => a.datumFieldId === fields.deck.id)?.fileKey).toBeTruthy();
    const [after] = await s.t.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, created.submission_id));
    expect(after?.status).toBe('submitted');
    expect(after?.submitTime).toEqual(before?.submitTime);
    expect(await s.t.db.$count(mailQueue)).toBe(mailsBefore);

    // Submitted stays submitted: no way back to a draft, and cancel removes nothing.
    expect((await s.f.commit(created.submission_id, created.edit_token, 'save')).json().code).toBe(
      ALREADY_SUBMITTED,
    );
    expect((await s.f.commit(created.submission_id, created.edit_token, 'cancel')).json()).toMatchObject({
      status: 'submitted',
    });
    expect(await itemsOf(model.id)).toHaveLength(1);
  });

  it('refuses an edit that leaves a required question unanswered, and changes nothing', async () => {
    const { fields, created, edit } = await submittedResponse(inOneWeek());
    const refused = await edit([{ datum_field: fields.stage.id, response: 'Series A' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ [fields.name.id]: ['This field is required.'] });
    const answers = await answersOf(created.id);
    expect(answers.find((a) => a.datumFieldId === fields.name.id)?.response).toBe('Kites');
  });

  it('answers ALREADY_SUBMITTED once the closing date has passed, and when the form never allowed it', async () => {
    for (const editUntil of [new Date(Date.now() - 1000), null]) {
      const { form, fields, created, edit, query } = await submittedResponse(editUntil);
      const page = await s.f.getPublic(form.id, query);
      expect(page.statusCode).toBe(400);
      expect(page.json().code).toBe(ALREADY_SUBMITTED);
      const refused = await edit([
        { datum_field: fields.name.id, response: 'Late kites' },
        { datum_field: fields.stage.id, response: 'Series A' },
      ]);
      expect(refused.json().code).toBe(ALREADY_SUBMITTED);
      expect((await s.f.commit(created.submission_id, created.edit_token, 'submit')).json().code).toBe(
        ALREADY_SUBMITTED,
      );
      const answers = await answersOf(created.id);
      expect(answers.find((a) => a.datumFieldId === fields.name.id)?.response).toBe('Kites');
    }
  });

  it('lets the admin set and clear the closing date on the form', async () => {
    const { form, token } = await submittedResponse(null);
    const url = `/api/v1/intake-forms/${form.id}/`;
    const set = await s.t.request({
      method: 'PATCH',
      url,
      token,
      payload: { edit_until: '2030-01-31T18:00:00+01:00' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().edit_until).toBe('2030-01-31T17:00:00.000Z');
    const bad = await s.t.request({ method: 'PATCH', url, token, payload: { edit_until: 'next week' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['edit_until']);
    const cleared = await s.t.request({ method: 'PATCH', url, token, payload: { edit_until: null } });
    expect(cleared.json().edit_until).toBeNull();
  });

  it('refuses every change once the applicant was told "declined", in the reader’s language', async () => {
    const { form, fields, created, edit, query, team } = await submittedResponse(inOneWeek());
    const stage = { datum_field: fields.stage.id, response: 'Series A' };
    const changes = [{ datum_field: fields.name.id, response: 'Kites again' }, stage];
    // Declined but not yet told: the applicant may still change it, as the edit page lets them.
    await s.t.db
      .insert(itemDecisions)
      .values({ datasetId: created.id, teamId: team.id, decision: 'declined' });
    expect((await edit(changes)).statusCode).toBe(201);

    await s.t.db
      .update(itemDecisions)
      .set({ sentDecision: 'declined', sentTime: new Date() })
      .where(eq(itemDecisions.datasetId, created.id));
    const refused = await edit([{ datum_field: fields.name.id, response: 'Kites, declined' }, stage]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: RESPONSE_DECLINED,
      detail: 'This application was declined: its responses can no longer be changed.',
    });
    const french = await s.t.request({
      method: 'POST',
      url: `/api/v1/form-submissions/${created.submission_id}/commit/`,
      payload: { token: created.edit_token, action: 'submit' },
      headers: { 'accept-language': 'fr' },
      remoteAddress: s.f.nextAddress(),
    });
    expect(french.json()).toEqual({
      code: RESPONSE_DECLINED,
      detail: 'Cette candidature n’a pas été retenue : ses réponses ne peuvent plus être modifiées.',
    });
    expect((await s.f.commit(created.submission_id, created.edit_token, 'save')).json().code).toBe(
      RESPONSE_DECLINED,
    );
    const grant = created.file_uploads_grants[0];
    const upload = await s.f.upload(created.submission_id, grant?.file_key ?? '', {
      name: 'other.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(upload.json().code).toBe(RESPONSE_DECLINED);
    const answers = await answersOf(created.id);
    expect(answers.find((a) => a.datumFieldId === fields.name.id)?.response).toBe('Kites again');
    // The edit page still opens, to show the response as sent.
    expect((await s.f.getPublic(form.id, query)).statusCode).toBe(200);
  });
});
