import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModels, datasets, intakeForms } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import {
  choiceQuestion,
  type FormFactories,
  startFormsTest,
  type TestAdmin,
  textQuestion,
} from './test-factories.ts';

let t: TestApp;
let f: FormFactories;
let owner: TestAdmin;
let stranger: TestAdmin;

beforeAll(async () => {
  ({ t, f, owner, stranger } = await startFormsTest());
});
afterAll(() => t.close());

const formCount = async () => (await t.db.select({ n: count() }).from(intakeForms))[0]?.n ?? 0;

describe('POST intake-forms/', () => {
  it('creates the form and its own item type in one go', async () => {
    const form = await f.createForm(owner.token, owner.team.id, {
      title: '  Call 2027 ',
      description: '<p>Hello<script>alert(1)</script></p>',
      language_code: 'fr',
      allow_partial_save: true,
    });
    expect(form).toMatchObject({
      title: 'Call 2027',
      description: '<p>Hello</p>',
      published: false,
      allow_partial_save: true,
      language_code: 'fr',
      title_field: 0,
      page_header: null,
      css_theme: null,
      tags: [],
      titles: [],
      datum_field_conditions: [],
      respondent_email_active: false,
      respondent_email_template: { subject: '', content: '', html_content: '' },
      team: owner.team.id,
    });
    expect(form.data_model).toMatchObject({ id: form.data_model_id, title: 'Call 2027', datum_fields: [] });
    expect(form.data_model.form).toEqual({ id: form.id, title: 'Call 2027' });
  });

  it('answers 400 with field messages for bad input', async () => {
    const before = await formCount();
    const post = (payload: object) => f.api(owner.token, 'POST', 'intake-forms/', payload);
    expect((await post({ team: owner.team.id })).json()).toEqual({ title: ['This field is required.'] });
    expect((await post({ team: owner.team.id, title: 'x'.repeat(201) })).json()).toEqual({
      title: ['Ensure this field has no more than 200 characters.'],
    });
    expect((await post({ team: owner.team.id, title: 'x', description: 'd'.repeat(5001) })).json()).toEqual({
      description: ['Ensure this field has no more than 5000 characters.'],
    });
    expect((await post({ team: owner.team.id, title: 'x', language_code: 'de' })).json()).toEqual({
      language_code: ['"de" is not a valid choice.'],
    });
    const header = await post({ team: owner.team.id, title: 'x', page_header: 999999 });
    expect(header.json()).toEqual({ page_header: ['Invalid pk "999999" - object does not exist.'] });
    expect(await formCount()).toBe(before);
  });

  it("answers 404 for another team's id and creates nothing", async () => {
    const before = await formCount();
    const reply = await f.api(owner.token, 'POST', 'intake-forms/', { team: stranger.team.id, title: 'x' });
    expect(reply.statusCode).toBe(404);
    expect(await formCount()).toBe(before);
  });
});

describe('GET intake-forms/', () => {
  it('lists one team, newest first, paged by 10, filtered by tags and search', async () => {
    const admin = await t.createAdmin();
    const red = await f.createTag(admin.team.id, 'red');
    const blue = await f.createTag(admin.team.id, 'blue');
    const created = [];
    for (let i = 0; i < 12; i += 1)
      created.push(await f.createForm(admin.token, admin.team.id, { title: `Form ${i}` }));
    await f.createForm(stranger.token, stranger.team.id);
    const tagged = created[3];
    if (!tagged) throw new Error('no form');
    await f.expectStatus(
      await f.api(admin.token, 'PATCH', `intake-forms/${tagged.id}/`, { tags: [red.id] }),
      200,
    );

    const list = (query: string) =>
      f.api(admin.token, 'GET', `intake-forms/?data_model__team=${admin.team.id}${query}`);
    const page = (await list('')).json();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toMatchObject({ title: 'Form 11', published: false, tags: [] });
    expect(page.next).toContain('offset=10');
    expect((await list(`&tags=${red.id}`)).json().results).toEqual([
      expect.objectContaining({ id: tagged.id, tags: [{ id: red.id, name: 'red' }] }),
    ]);
    expect((await list(`&tags=${blue.id}`)).json().count).toBe(0);
    // Non-numeric and unknown ids are dropped from the filter.
    expect((await list('&tags=abc,999999')).json().count).toBe(12);
    expect((await list('&search=form 1')).json().count).toBe(3);
  });

  it("needs the team and answers 404 for another team's", async () => {
    expect((await f.api(owner.token, 'GET', 'intake-forms/')).json()).toEqual({
      data_model__team: ['This field is required.'],
    });
    const other = await f.api(owner.token, 'GET', `intake-forms/?data_model__team=${stranger.team.id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('GET, PATCH and DELETE intake-forms/{id}/', () => {
  it('changes the form part by part', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const question = await f.addQuestion(owner.token, form, textQuestion);
    const tag = await f.createTag(owner.team.id, 'intake');
    const patch = (payload: object) => f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, payload);
    const reply = await patch({
      title: 'Renamed',
      published: true,
      title_field: question.id,
      after_submit_message: 'Thanks!',
      tags: [tag.id],
      respondent_email_active: true,
      respondent_email_template: {
        subject: 'Got it',
        content: 'Hello [summary]',
        html_content: '<b>Hello</b>',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      title: 'Renamed',
      published: true,
      title_field: question.id,
      after_submit_message: 'Thanks!',
      tags: [{ id: tag.id, name: 'intake' }],
      respondent_email_active: true,
      respondent_email_include_recap: true,
      data_model: { title: 'Renamed' },
    });
    expect((await patch({ tags: [] })).json().tags).toEqual([]);
    expect((await patch({ title_field: 0 })).json().title_field).toBe(0);
  });

  it('takes question labels of up to 400 characters, where other item types stop at 300', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const long = await f.addQuestion(owner.token, form, { ...textQuestion, label: 'q'.repeat(400) });
    expect(long).toMatchObject({ label: 'q'.repeat(400) });
    const url = `data-models/${form.data_model_id}/datum-fields/`;
    const tooLong = await f.api(owner.token, 'POST', url, { ...textQuestion, label: 'q'.repeat(401) });
    expect(tooLong.json()).toEqual({ label: ['Ensure this field has no more than 400 characters.'] });
    const renamed = await f.api(owner.token, 'PATCH', `${url}${long.id}/`, { label: 'r'.repeat(350) });
    expect(renamed.statusCode).toBe(200);
  });

  it('titles responses by e-mail again when the title question is deleted', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const question = await f.addQuestion(owner.token, form, textQuestion);
    await f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, { title_field: question.id });
    const url = `data-models/${form.data_model_id}/datum-fields/${question.id}/`;
    expect((await f.api(owner.token, 'DELETE', url)).statusCode).toBe(204);
    expect((await f.getForm(owner.token, form.id)).title_field).toBe(0);
  });

  it('refuses bad values with field messages', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const file = await f.addQuestion(owner.token, form, { resourcetype: 'file', label: 'Deck' });
    const foreignTag = await f.createTag(stranger.team.id, 'theirs');
    const patch = (payload: object) => f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, payload);
    expect((await patch({ title: '' })).json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await patch({ team: 3 })).json()).toEqual({ non_field_errors: ['Unknown field: team.'] });
    expect((await patch({ after_submit_message: 'x'.repeat(2001) })).json()).toEqual({
      after_submit_message: ['Ensure this field has no more than 2000 characters.'],
    });
    expect((await patch({ title_field: file.id })).json()).toEqual({
      title_field: [`Invalid pk "${file.id}" - object does not exist.`],
    });
    expect((await patch({ tags: [foreignTag.id] })).json()).toEqual({
      tags: [`Invalid pk "${foreignTag.id}" - object does not exist.`],
    });
    const subject = { subject: 'x'.repeat(251), content: 'Hi', html_content: '' };
    expect((await patch({ respondent_email_template: subject })).json()).toEqual({
      'respondent_email_template.subject': ['Ensure this field has no more than 250 characters.'],
    });
    const blank = { subject: '  ', content: 'Hi', html_content: '' };
    const inactive = await patch({ respondent_email_template: blank });
    expect(inactive.statusCode).toBe(200);
    const active = await patch({ respondent_email_active: true });
    expect(active.statusCode).toBe(400);
    expect(active.json()).toEqual({
      respondent_email_template: ['When the respondent e-mail is active, its subject and body are required.'],
    });
    expect((await f.getForm(owner.token, form.id)).respondent_email_active).toBe(false);
  });

  it("answers 404 for another team's form and changes nothing", async () => {
    const form = await f.createForm(stranger.token, stranger.team.id, { title: 'Theirs' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const reply = await f.api(
        owner.token,
        method,
        `intake-forms/${form.id}/`,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect(reply.statusCode).toBe(404);
    }
    expect((await f.api(owner.token, 'POST', `intake-forms/${form.id}/duplicate/`)).statusCode).toBe(404);
    expect((await f.getForm(stranger.token, form.id)).title).toBe('Theirs');
  });

  it('deletes the form with its item type and its items', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    await f.addQuestion(owner.token, form, textQuestion);
    const item = await itemFactories(t).createDataset(owner.token, form.data_model_id);
    await f.createSubmission(form.id, item.id);
    await f.expectStatus(await f.api(owner.token, 'DELETE', `intake-forms/${form.id}/`), 204);
    expect(await t.db.select().from(intakeForms).where(eq(intakeForms.id, form.id))).toEqual([]);
    expect(await t.db.select().from(dataModels).where(eq(dataModels.id, form.data_model_id))).toEqual([]);
    expect(await t.db.select().from(datasets).where(eq(datasets.id, item.id))).toEqual([]);
  });
});

describe('POST intake-forms/{id}/duplicate/', () => {
  it('copies the form, its questions, sections, conditions and tags, not its answers', async () => {
    const form = await f.createForm(owner.token, owner.team.id, { title: 'Original', published: true });
    const stage = await f.addQuestion(owner.token, form, choiceQuestion);
    const pitch = await f.addQuestion(owner.token, form, textQuestion);
    const tag = await f.createTag(owner.team.id, 'copied');
    await f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, { tags: [tag.id], title_field: pitch.id });
    await f.expectStatus(
      await f.api(owner.token, 'POST', 'form-titles/', {
        form: form.id,
        text: 'About you',
        position: 2,
        linked_to_df: pitch.id,
      }),
      201,
    );
    const condition = (
      await f.api(
        owner.token,
        'POST',
        `data-models/${form.data_model_id}/datum-fields/${stage.id}/conditions/`,
        {
          form: form.id,
          comparison: 'equals',
          value: 'Seed',
        },
      )
    ).json();
    await f.api(owner.token, 'PATCH', `data-models/${form.data_model_id}/datum-fields/${pitch.id}/`, {
      condition: condition.id,
    });
    await itemFactories(t).createDataset(owner.token, form.data_model_id);

    const reply = await f.api(owner.token, 'POST', `intake-forms/${form.id}/duplicate/`);
    expect(reply.statusCode, reply.body).toBe(201);
    const copy = reply.json();
    // New rows, made after the original's (an id left out of the reply would pass a `not.toBe`).
    expect(copy.id).toBeGreaterThan(form.id);
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      published: false,
      tags: [{ id: tag.id, name: 'copied' }],
    });
    expect(copy.data_model_id).toBeGreaterThan(form.data_model_id);
    const [newStage, newPitch] = copy.data_model.datum_fields;
    expect(copy.data_model.datum_fields.map((field: { label: string }) => field.label)).toEqual([
      'Stage',
      'Your project',
    ]);
    expect(newStage.id).toBeGreaterThan(pitch.id);
    expect(copy.title_field).toBe(newPitch.id);
    expect(copy.titles).toEqual([
      expect.objectContaining({ text: 'About you', position: 2, linked_to_df: newPitch.id }),
    ]);
    expect(copy.datum_field_conditions).toEqual([
      expect.objectContaining({ form: copy.id, datum_field: newStage.id, value: 'Seed' }),
    ]);
    expect(newPitch.condition).toBe(copy.datum_field_conditions[0].id);
    expect(copy.data_model.nb_datasets).toBe(0);
    expect((await f.getForm(owner.token, form.id)).data_model.datum_fields[1]?.condition).toBe(condition.id);
  });
});
