import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
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

describe('form-titles/', () => {
  it('places, moves and deletes section titles, one per position', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    for (const label of ['One', 'Two', 'Three', 'Four'])
      await f.addQuestion(owner.token, form, { ...textQuestion, label });
    const post = (payload: object, token = owner.token) => f.api(token, 'POST', 'form-titles/', payload);
    const created = await post({ form: form.id, text: ' Part 1 ', body: 'Intro', position: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      form: form.id,
      text: 'Part 1',
      body: 'Intro',
      position: 1,
      linked_to_df: null,
    });
    const second = (await post({ form: form.id, text: 'Part 2', position: 3 })).json();

    const taken = await post({ form: form.id, text: 'Again', position: 1 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    const moved = await f.api(owner.token, 'PATCH', `form-titles/${second.id}/`, { position: 1 });
    expect(moved.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    const renamed = await f.api(owner.token, 'PATCH', `form-titles/${second.id}/`, {
      text: 'Budget',
      position: 4,
    });
    expect(renamed.json()).toMatchObject({ text: 'Budget', position: 4 });
    expect((await f.getForm(owner.token, form.id)).titles.map((title) => title.position)).toEqual([1, 4]);
    // 4 is the end of a form of four questions; past it there is nothing to stand above.
    expect((await post({ form: form.id, text: 'Beyond', position: 5 })).json()).toEqual({
      position: ['Ensure this value is less than or equal to 4.'],
    });
    const movedAway = await f.api(owner.token, 'PATCH', `form-titles/${second.id}/`, { position: 9 });
    expect(movedAway.statusCode).toBe(400);

    await f.expectStatus(await f.api(owner.token, 'DELETE', `form-titles/${second.id}/`), 204);
    expect((await f.getForm(owner.token, form.id)).titles).toHaveLength(1);
  });

  it('checks the text, the body and the linked question', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const other = await f.createForm(owner.token, owner.team.id);
    const foreignField = await f.addQuestion(owner.token, other, textQuestion);
    const post = (payload: object) =>
      f.api(owner.token, 'POST', 'form-titles/', { form: form.id, position: 0, ...payload });
    expect((await post({})).json()).toEqual({ text: ['This field is required.'] });
    expect((await post({ text: 'x'.repeat(401) })).json()).toEqual({
      text: ['Ensure this field has no more than 400 characters.'],
    });
    expect((await post({ text: 'x', body: 'b'.repeat(2001) })).json()).toEqual({
      body: ['Ensure this field has no more than 2000 characters.'],
    });
    expect((await post({ text: 'x', linked_to_df: foreignField.id })).json()).toEqual({
      linked_to_df: [`Invalid pk "${foreignField.id}" - object does not exist.`],
    });
    expect((await f.getForm(owner.token, form.id)).titles).toEqual([]);
  });

  it("answers 404 for another team's form or title", async () => {
    const theirs = await f.createForm(stranger.token, stranger.team.id);
    const title = (
      await f.api(stranger.token, 'POST', 'form-titles/', { form: theirs.id, text: 'T', position: 0 })
    ).json();
    expect(
      (await f.api(owner.token, 'POST', 'form-titles/', { form: theirs.id, text: 'x', position: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await f.api(owner.token, 'PATCH', `form-titles/${title.id}/`, { text: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await f.api(owner.token, 'DELETE', `form-titles/${title.id}/`)).statusCode).toBe(404);
    expect((await f.getForm(stranger.token, theirs.id)).titles).toEqual([
      expect.objectContaining({ text: 'T' }),
    ]);
  });
});

describe('conditions', () => {
  async function setup() {
    const form = await f.createForm(owner.token, owner.team.id);
    const stage = await f.addQuestion(owner.token, form, choiceQuestion);
    const pitch = await f.addQuestion(owner.token, form, textQuestion);
    const file = await f.addQuestion(owner.token, form, { resourcetype: 'file', label: 'Deck' });
    const conditionsUrl = (fieldId: number) =>
      `data-models/${form.data_model_id}/datum-fields/${fieldId}/conditions/`;
    return { form, stage, pitch, file, conditionsUrl };
  }

  it('creates a condition, refuses an equivalent one with its id, and makes a question conditional', async () => {
    const { form, stage, pitch, conditionsUrl } = await setup();
    const body = { form: form.id, comparison: 'equals', value: 'Seed' };
    const created = await f.api(owner.token, 'POST', conditionsUrl(stage.id), body);
    expect(created.statusCode, created.body).toBe(201);
    const condition = created.json();
    expect(condition).toMatchObject({
      datum_field: stage.id,
      form: form.id,
      comparison: 'equals',
      value: 'Seed',
    });

    const again = await f.api(owner.token, 'POST', conditionsUrl(stage.id), body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'ALREADY_EXISTS', detail: expect.any(String), id: condition.id });

    const fieldUrl = (id: number) => `data-models/${form.data_model_id}/datum-fields/${id}/`;
    const linked = await f.api(owner.token, 'PATCH', fieldUrl(pitch.id), { condition: condition.id });
    expect(linked.json()).toMatchObject({ id: pitch.id, condition: condition.id });
    const itself = await f.api(owner.token, 'PATCH', fieldUrl(stage.id), { condition: condition.id });
    expect(itself.json()).toEqual({ condition: ['A question cannot depend on its own answer.'] });
    expect(
      (await f.api(owner.token, 'PATCH', fieldUrl(pitch.id), { condition: null })).json().condition,
    ).toBeNull();

    await f.api(owner.token, 'PATCH', fieldUrl(pitch.id), { condition: condition.id });
    await f.expectStatus(
      await f.api(owner.token, 'DELETE', `${conditionsUrl(stage.id)}${condition.id}/`),
      204,
    );
    const after = await f.getForm(owner.token, form.id);
    expect(after.datum_field_conditions).toEqual([]);
    expect(after.data_model.datum_fields.find((field) => field.id === pitch.id)?.condition).toBeNull();
  });

  it('refuses bad conditions with field messages', async () => {
    const { form, stage, pitch, file, conditionsUrl } = await setup();
    const other = await f.createForm(owner.token, owner.team.id);
    const post = (fieldId: number, payload: object) =>
      f.api(owner.token, 'POST', conditionsUrl(fieldId), payload);
    expect((await post(stage.id, { form: form.id })).json()).toEqual({ value: ['This field is required.'] });
    expect((await post(stage.id, { form: form.id, value: 'Unknown' })).json()).toEqual({
      value: ['"Unknown" is not a valid choice.'],
    });
    expect((await post(stage.id, { form: form.id, value: 'Seed', comparison: 'contains' })).json()).toEqual({
      comparison: ['"contains" is not a valid choice.'],
    });
    expect((await post(file.id, { form: form.id, value: 'x' })).json()).toEqual({
      datum_field: ['Only text and choice questions can be referenced by a condition.'],
    });
    expect((await post(pitch.id, { form: other.id, value: 'x' })).json()).toEqual({
      form: [`Invalid pk "${other.id}" - object does not exist.`],
    });
    const fieldUrl = `data-models/${form.data_model_id}/datum-fields/${pitch.id}/`;
    expect((await f.api(owner.token, 'PATCH', fieldUrl, { condition: 999999 })).json()).toEqual({
      condition: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await f.getForm(owner.token, form.id)).datum_field_conditions).toEqual([]);
  });

  it("answers 404 for another team's item type or condition", async () => {
    const { form, stage, conditionsUrl } = await setup();
    const condition = (
      await f.api(owner.token, 'POST', conditionsUrl(stage.id), { form: form.id, value: 'Idea' })
    ).json();
    const post = await f.api(stranger.token, 'POST', conditionsUrl(stage.id), {
      form: form.id,
      value: 'Seed',
    });
    expect(post.statusCode).toBe(404);
    expect(
      (await f.api(stranger.token, 'DELETE', `${conditionsUrl(stage.id)}${condition.id}/`)).statusCode,
    ).toBe(404);
    expect((await f.getForm(owner.token, form.id)).datum_field_conditions).toHaveLength(1);
  });
});
