import { TEXTAREA_THRESHOLD } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { submissionFactories } from '../submissions/test-factories.ts';
import { choiceQuestion, type FormFactories, startFormsTest, type TestAdmin } from './test-factories.ts';

let t: TestApp;
let f: FormFactories;
let owner: TestAdmin;

beforeAll(async () => {
  ({ t, f, owner } = await startFormsTest());
});
afterAll(() => t.close());

const name = { resourcetype: 'text', label: 'Project name' };

describe('the question that titles a form’s responses', () => {
  it('is the first short text question of a new form, and a response is then titled by its answer', async () => {
    const form = await f.createForm(owner.token, owner.team.id, { published: true });
    await f.addQuestion(owner.token, form, choiceQuestion);
    await f.addQuestion(owner.token, form, { ...name, label: 'Your e-mail again', format: 'email' });
    await f.addQuestion(owner.token, form, { ...name, label: 'Pitch', response_max_length: 2000 });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(0);

    const project = await f.addQuestion(owner.token, form, name);
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(project.id);
    // A second short question leaves the first as the title.
    await f.addQuestion(owner.token, form, { ...name, label: 'City' });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(project.id);

    const s = submissionFactories(t);
    const sent = await s.submit({
      form: form.id,
      datum_values: [{ datum_field: project.id, response: 'Solar boats' }],
    });
    expect((await s.commit(sent.submission_id, sent.edit_token, 'submit')).statusCode).toBe(200);
    const [item] = await t.db.select().from(datasets).where(eq(datasets.id, sent.id));
    expect(item?.title).toBe('Solar boats');
  });

  it('takes a question answered on one line, not a longer text nor a question kept off the form', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    await f.addQuestion(owner.token, form, { ...name, label: 'Hidden', on_forms: false });
    await f.addQuestion(owner.token, form, { ...name, response_max_length: TEXTAREA_THRESHOLD + 10 });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(0);
    const line = await f.addQuestion(owner.token, form, { ...name, response_max_length: TEXTAREA_THRESHOLD });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(line.id);
  });

  it('keeps the admin’s choice: the e-mail chosen once a short question exists, or another question', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const first = await f.addQuestion(owner.token, form, name);
    const patch = (payload: object) => f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, payload);
    await f.expectStatus(await patch({ title_field: 0 }), 200);
    await f.addQuestion(owner.token, form, { ...name, label: 'City' });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(0);

    const stage = await f.addQuestion(owner.token, form, choiceQuestion);
    await f.expectStatus(await patch({ title_field: stage.id }), 200);
    const url = `data-models/${form.data_model_id}/datum-fields/`;
    await f.expectStatus(await f.api(owner.token, 'DELETE', `${url}${first.id}/`), 204);
    await f.addQuestion(owner.token, form, { ...name, label: 'Team name' });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(stage.id);
  });

  it('gives way from a person’s name to the project’s, and retitles every response when the admin changes it', async () => {
    const form = await f.createForm(owner.token, owner.team.id, { published: true });
    const founder = await f.addQuestion(owner.token, form, { ...name, label: 'Founder name' });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(founder.id);
    // Another person's name does not take it; the project's name does, and then stays.
    await f.addQuestion(owner.token, form, { ...name, label: 'Your first name' });
    const project = await f.addQuestion(owner.token, form, name);
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(project.id);
    await f.addQuestion(owner.token, form, { ...name, label: 'Company name' });
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(project.id);

    const s = submissionFactories(t);
    const answered = async (email: string, answers: [number, string][]) => {
      const sent = await s.submit({
        form: form.id,
        email,
        datum_values: answers.map(([datum_field, response]) => ({ datum_field, response })),
      });
      expect((await s.commit(sent.submission_id, sent.edit_token, 'submit')).statusCode).toBe(200);
      return sent.id;
    };
    const first = await answered('ada@example.org', [
      [founder.id, 'Ada'],
      [project.id, 'Solar boats'],
    ]);
    const second = await answered('bob@example.org', [[project.id, 'Kites']]);
    const titles = async () => {
      const rows = await t.db.select().from(datasets).where(eq(datasets.dataModelId, form.data_model_id));
      return Object.fromEntries(rows.map((row) => [row.id, row.title]));
    };
    expect(await titles()).toEqual({ [first]: 'Solar boats', [second]: 'Kites' });

    const patch = (payload: object) => f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, payload);
    await f.expectStatus(await patch({ title_field: founder.id }), 200);
    // A response without an answer to it is titled by its e-mail, as a new one would be.
    expect(await titles()).toEqual({ [first]: 'Ada', [second]: 'bob@example.org' });
    await f.expectStatus(await patch({ title_field: 0 }), 200);
    expect(await titles()).toEqual({ [first]: 'ada@example.org', [second]: 'bob@example.org' });
  });
});
