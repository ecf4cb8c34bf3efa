import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModels } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import { type FormFactories, startFormsTest, type TestAdmin, textQuestion } from './test-factories.ts';

let t: TestApp;
let f: FormFactories;
let owner: TestAdmin;

beforeAll(async () => {
  ({ t, f, owner } = await startFormsTest());
});
afterAll(() => t.close());

describe("a form's item type and items", () => {
  it('is left out of the item types list unless asked for, and labelled by the form', async () => {
    const form = await f.createForm(owner.token, owner.team.id, { title: 'Applications' });
    const plain = await itemFactories(t).createDataModel(owner.team.id, 'Plain');
    const list = async (query: string) =>
      (await f.api(owner.token, 'GET', `data-models/?team=${owner.team.id}${query}`))
        .json()
        .results.map((type: { id: number }) => type.id);
    expect(await list('&form__isnull=true')).toEqual([plain.id]);
    expect(await list('&form__isnull=false')).toEqual([form.data_model_id]);
    expect((await list('')).sort()).toEqual([plain.id, form.data_model_id].sort());

    // A type without a title of its own takes its form's.
    await t.db.update(dataModels).set({ title: '' }).where(eq(dataModels.id, form.data_model_id));
    const type = (await f.api(owner.token, 'GET', `data-models/${form.data_model_id}/`)).json();
    expect(type).toMatchObject({ label: 'Applications', form: { id: form.id, title: 'Applications' } });
    const refused = await f.api(owner.token, 'DELETE', `data-models/${form.data_model_id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'HAS_FORM' });
  });

  it('shows the submission of items that came from a form', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    await f.addQuestion(owner.token, form, textQuestion);
    const items = itemFactories(t);
    const submitted = await items.createDataset(owner.token, form.data_model_id, { title: 'Submitted' });
    const draft = await items.createDataset(owner.token, form.data_model_id, { title: 'Draft' });
    const manual = await items.createDataset(owner.token, form.data_model_id, { title: 'Manual' });
    await f.createSubmission(form.id, submitted.id, 'submitted');
    await f.createSubmission(form.id, draft.id, 'draft');
    const reply = await f.api(
      owner.token,
      'GET',
      `datasets/?team=${owner.team.id}&data_model=${form.data_model_id}`,
    );
    const byId = new Map(
      reply.json().results.map((item: { id: number; submission: unknown }) => [item.id, item.submission]),
    );
    expect(byId.get(submitted.id)).toEqual({
      create_time: expect.any(String),
      email: 'ada@example.org',
      is_submitted: true,
      // Nothing was mailed to the respondent of a submission written straight to the database.
      email_verification_status: 'unc',
    });
    expect(byId.get(draft.id)).toMatchObject({ is_submitted: false });
    expect(byId.get(manual.id)).toBeNull();
  });

  it('starts a new form with the questions of an existing item type, its own copy, the title among them', async () => {
    const first = await f.createForm(owner.token, owner.team.id, { title: 'Call 2026' });
    await f.addQuestion(owner.token, first, { resourcetype: 'text', label: 'Founder name' });
    await f.addQuestion(owner.token, first, { resourcetype: 'text', label: 'Project name' });
    await f.addQuestion(owner.token, first, { ...textQuestion, label: 'Pitch', response_max_length: 2000 });
    const before = await f.getForm(owner.token, first.id);

    const second = await f.createForm(owner.token, owner.team.id, {
      title: 'Call 2027',
      data_model: first.data_model_id,
    });
    expect(second.data_model_id).not.toBe(first.data_model_id);
    const questions = second.data_model.datum_fields;
    expect(questions.map((q) => q.label)).toEqual(['Founder name', 'Project name', 'Pitch']);
    expect(questions.some((q) => before.data_model.datum_fields.some((old) => old.id === q.id))).toBe(false);
    expect(second.title_field).toBe(questions[1]?.id);
    // The first call is as it was; the second's questions change alone.
    expect(await f.getForm(owner.token, first.id)).toEqual(before);

    const stranger = await t.createAdmin();
    const refused = await f.api(owner.token, 'POST', 'intake-forms/', {
      team: owner.team.id,
      title: 'Borrowed',
      data_model: (await f.createForm(stranger.token, stranger.team.id)).data_model_id,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['data_model']);
  });
});
