import { ALREADY_SUBMITTED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets, datumValues, formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { purgePendingSubmissions } from './purge.ts';
import { useSubmissionApp } from './test-factories.ts';

const s = useSubmissionApp();

const submissionRow = async (id: number) =>
  (await s.t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0];

describe('POST form-submissions/{id}/commit/', () => {
  it('checks required visible questions on submit only, then marks it submitted and titles the item', async () => {
    const setup = await s.f.createForm();
    const { name, stage, why } = setup.fields;
    await s.t.db.update(intakeForms).set({ titleField: name.id }).where(eq(intakeForms.id, setup.form.id));
    const created = await s.f.submit({
      form: setup.form.id,
      datum_values: [{ datum_field: stage.id, response: 'Seed' }],
    });

    const missing = await s.f.commit(created.submission_id, created.edit_token, 'submit');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      [name.id]: ['This field is required.'],
      [why.id]: ['This field is required.'],
    });
    expect((await submissionRow(created.submission_id))?.status).toBe('pending');

    await s.f.submit({
      form: setup.form.id,
      submission: created.submission_id,
      token: created.edit_token,
      datum_values: [
        { datum_field: name.id, response: 'Solar boats' },
        { datum_field: stage.id, response: 'Series A' },
      ],
    });
    const done = await s.f.commit(created.submission_id, created.edit_token, 'submit');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      submission_id: created.submission_id,
      status: 'submitted',
      is_submitted: true,
      edit_link: null,
      edit_until: null,
    });
    const row = await submissionRow(created.submission_id);
    expect(row?.status).toBe('submitted');
    expect(row?.submitTime).toBeInstanceOf(Date);
    const [item] = await s.t.db.select().from(datasets).where(eq(datasets.id, created.id));
    expect(item?.title).toBe('Solar boats');
  });

  it('never changes a submitted submission: commit, update and upload answer ALREADY_SUBMITTED', async () => {
    const setup = await s.f.createForm();
    const { name, stage, deck } = setup.fields;
    const answers = [
      { datum_field: name.id, response: 'Kites' },
      { datum_field: stage.id, response: 'Series A' },
    ];
    const created = await s.f.submit({
      form: setup.form.id,
      datum_values: [
        ...answers,
        { datum_field: deck.id, file: { name: 'd.pdf', size: 10, type: 'application/pdf' } },
      ],
    });
    expect((await s.f.commit(created.submission_id, created.edit_token, 'submit')).statusCode).toBe(200);
    for (const action of ['submit', 'save', 'cancel'] as const) {
      const again = await s.f.commit(created.submission_id, created.edit_token, action);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe(ALREADY_SUBMITTED);
    }
    const update = await s.f.postSubmission({
      form: setup.form.id,
      submission: created.submission_id,
      token: created.edit_token,
      datum_values: answers,
    });
    expect(update.json().code).toBe(ALREADY_SUBMITTED);
    const grant = created.file_uploads_grants[0];
    const upload = await s.f.upload(created.submission_id, grant?.file_key ?? '', {
      name: 'd.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(upload.json().code).toBe(ALREADY_SUBMITTED);
    const [item] = await s.t.db.select().from(datasets).where(eq(datasets.id, created.id));
    expect(item?.title).toBe('ann@example.org');
  });

  it('saves a draft only when the form allows it, answering the edit link', async () => {
    const closed = await s.f.createForm({ allowPartialSave: false });
    const first = await s.f.submit({ form: closed.form.id });
    const refused = await s.f.commit(first.submission_id, first.edit_token, 'save');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PARTIAL_SAVE_NOT_ALLOWED');

    const open = await s.f.createForm({ allowPartialSave: true });
    const { name } = open.fields;
    await s.t.db.update(intakeForms).set({ titleField: name.id }).where(eq(intakeForms.id, open.form.id));
    const draft = await s.f.submit({
      form: open.form.id,
      datum_values: [{ datum_field: name.id, response: 'Half-built kiln' }],
    });
    const saved = await s.f.commit(draft.submission_id, draft.edit_token, 'save');
    expect(saved.json()).toEqual({
      submission_id: draft.submission_id,
      status: 'draft',
      is_submitted: false,
      edit_link: `/forms/${open.form.id}?token=${draft.edit_token}&submission=${draft.submission_id}`,
      edit_until: null,
    });
    expect((await submissionRow(draft.submission_id))?.status).toBe('draft');
    // Named by its title question already, like a submitted response.
    const [item] = await s.t.db.select().from(datasets).where(eq(datasets.id, draft.id));
    expect(item?.title).toBe('Half-built kiln');
  });

  it('cancel removes a never-saved submission entirely, and leaves a saved draft as it was', async () => {
    const setup = await s.f.createForm({ allowPartialSave: true });
    const { name } = setup.fields;
    const pending = await s.f.submit({
      form: setup.form.id,
      datum_values: [{ datum_field: name.id, response: 'A' }],
    });
    const cancelled = await s.f.commit(pending.submission_id, pending.edit_token, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', is_submitted: false });
    expect(await submissionRow(pending.submission_id)).toBeUndefined();
    expect(await s.t.db.$count(datasets, eq(datasets.id, pending.id))).toBe(0);
    expect(await s.t.db.$count(datumValues, eq(datumValues.datasetId, pending.id))).toBe(0);

    const draft = await s.f.submit({
      form: setup.form.id,
      datum_values: [{ datum_field: name.id, response: 'B' }],
    });
    await s.f.commit(draft.submission_id, draft.edit_token, 'save');
    const kept = await s.f.commit(draft.submission_id, draft.edit_token, 'cancel');
    expect(kept.json()).toMatchObject({ status: 'draft' });
    expect((await submissionRow(draft.submission_id))?.status).toBe('draft');
  });

  it('refuses a wrong token, an unknown id, an unknown action and a form unpublished meanwhile', async () => {
    const setup = await s.f.createForm();
    const created = await s.f.submit({ form: setup.form.id });
    expect((await s.f.commit(created.submission_id, 'wrong', 'submit')).statusCode).toBe(404);
    expect((await s.f.commit(999_999, created.edit_token, 'submit')).statusCode).toBe(404);
    const badAction = await s.f.commit(created.submission_id, created.edit_token, 'publish' as 'save');
    expect(Object.keys(badAction.json())).toEqual(['action']);
    await s.t.db.update(intakeForms).set({ published: false }).where(eq(intakeForms.id, setup.form.id));
    const unpublished = await s.f.commit(created.submission_id, created.edit_token, 'submit');
    expect(unpublished.json().code).toBe('NOT_PUBLISHED');
  });

  it('purges pending submissions abandoned for an hour, not drafts or recent ones', async () => {
    const setup = await s.f.createForm({ allowPartialSave: true });
    const abandoned = await s.f.submit({ form: setup.form.id });
    const recent = await s.f.submit({ form: setup.form.id });
    const draft = await s.f.submit({ form: setup.form.id });
    await s.f.commit(draft.submission_id, draft.edit_token, 'save');
    const later = new Date(Date.now() + 61 * 60 * 1000);
    await s.t.db
      .update(formSubmissions)
      .set({ updateTime: new Date() })
      .where(eq(formSubmissions.id, recent.submission_id));
    await s.t.db
      .update(formSubmissions)
      .set({ updateTime: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(formSubmissions.id, abandoned.submission_id));
    // Other tests' pending submissions are recent too: only the abandoned one is old enough yet.
    expect(await purgePendingSubmissions(s.t.app.ctx, new Date(Date.now() + 30 * 60 * 1000))).toBe(1);
    expect(await submissionRow(abandoned.submission_id)).toBeUndefined();
    expect(await submissionRow(recent.submission_id)).toBeDefined();
    expect(await purgePendingSubmissions(s.t.app.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await submissionRow(recent.submission_id)).toBeUndefined();
    expect((await submissionRow(draft.submission_id))?.status).toBe('draft');
  });
});
