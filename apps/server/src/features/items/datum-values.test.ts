import { BUDGET_MAX_LINES, BUDGET_MAX_VALUE } from '@shortlist/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

const post = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/datum-values/', token, payload });
const patch = (token: string, id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/datum-values/${id}/`, token, payload });
const valueCount = async () => (await t.db.select({ n: count() }).from(datumValues))[0]?.n ?? 0;

async function setupWithItem() {
  const setup = await f.createItemSetup();
  const item = await f.createDataset(setup.token, setup.model.id);
  const answer = (field: { id: number; resourcetype: string }, body: object = {}) =>
    post(setup.token, {
      data_set: item.id,
      datum_field: field.id,
      resourcetype: field.resourcetype,
      ...body,
    });
  return { ...setup, item, answer };
}

describe('POST datum-values/', () => {
  it('answers a text field within its max length, once', async () => {
    const { fields, item, answer } = await setupWithItem();
    const created = await answer(fields.text, { response: 'Twenty characters!!!' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      data_set: item.id,
      datum_field: fields.text.id,
      resourcetype: 'text',
      response: 'Twenty characters!!!',
      json_response: null,
      file: null,
      file_url_signed: null,
    });
    const again = await answer(fields.text, { response: 'Again' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ALREADY_EXISTS');
  });

  it('refuses a too long or blank text, another kind, another item type’s field', async () => {
    const { fields, team, item, answer, token } = await setupWithItem();
    const before = await valueCount();
    expect((await answer(fields.text, { response: 'x'.repeat(21) })).json()).toEqual({
      response: ['Ensure this field has no more than 20 characters.'],
    });
    expect((await answer(fields.text, { response: '  ' })).json()).toEqual({
      response: ['This field may not be blank.'],
    });
    expect((await answer(fields.text, { resourcetype: 'file' })).json()).toEqual({
      resourcetype: ['The field expects a "text" answer.'],
    });
    const foreign = await f.createField((await f.createDataModel(team.id)).id, 'text');
    const reply = await post(token, {
      data_set: item.id,
      datum_field: foreign.id,
      resourcetype: 'text',
      response: 'x',
    });
    expect(reply.json()).toEqual({ datum_field: [`Invalid pk "${foreign.id}" - object does not exist.`] });
    expect((await post(token, { data_set: item.id, resourcetype: 'text' })).json().datum_field).toEqual([
      'This field is required.',
    ]);
    expect(await valueCount()).toBe(before);
  });

  it('takes choices among the field’s options, one unless multiple, joined by " || "', async () => {
    const { fields, answer } = await setupWithItem();
    expect((await answer(fields.choice, { response: 'Unicorn' })).json()).toEqual({
      response: ['"Unicorn" is not a valid choice.'],
    });
    expect((await answer(fields.choice, { response: 'Seed || Series A' })).json()).toEqual({
      response: ['Only one choice is allowed.'],
    });
    expect((await answer(fields.choice, { response: 'Series A' })).json().response).toBe('Series A');
    const many = await answer(fields.multiple, { response: ' Food || Energy || Food ' });
    expect(many.statusCode).toBe(201);
    expect(many.json().response).toBe('Food || Energy');
  });

  it('keeps a budget as whole amounts of at least 0, labels trimmed to 100', async () => {
    const { fields, answer } = await setupWithItem();
    const created = await answer(fields.budget, {
      json_response: {
        currency: 'CHF',
        expenses: [
          { label: `  ${'Rent'.repeat(30)}  `, value: 1200.6 },
          { label: 'Debt', value: -50 },
          { label: 'Odd', value: 'abc' },
          { label: 'Empty', value: null },
        ],
        income: [{ label: 'Job', value: '2000' }],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().json_response).toEqual({
      currency: 'CHF',
      expenses: [
        { label: 'Rent'.repeat(25), value: 1201 },
        { label: 'Debt', value: 0 },
        { label: 'Odd', value: 0 },
        { label: 'Empty', value: null },
      ],
      income: [{ label: 'Job', value: 2000 }],
    });
  });

  it('writes a budget in the currency its question sets', async () => {
    const { model, token, item } = await setupWithItem();
    const budget = await f.createField(model.id, 'custom', {
      customType: 'budget',
      jsonConfig: { currency: 'CHF' },
    });
    const created = await post(token, {
      data_set: item.id,
      datum_field: budget.id,
      resourcetype: 'custom',
      json_response: { currency: '$', expenses: [{ label: 'Rent', value: 900 }] },
    });
    expect(created.json().json_response).toMatchObject({ currency: 'CHF' });
  });

  it('refuses a budget above its caps', async () => {
    const { fields, answer } = await setupWithItem();
    const tooMuch = await answer(fields.budget, {
      json_response: { expenses: [{ label: 'Yacht', value: BUDGET_MAX_VALUE + 1 }] },
    });
    expect(tooMuch.json()).toEqual({
      'json_response.expenses.0.value': [`Ensure this value is less than or equal to ${BUDGET_MAX_VALUE}.`],
    });
    const lines = Array.from({ length: BUDGET_MAX_LINES + 1 }, () => ({ label: 'x', value: 1 }));
    expect((await answer(fields.budget, { json_response: { income: lines } })).json()).toEqual({
      'json_response.income': [`Ensure this field has no more than ${BUDGET_MAX_LINES} elements.`],
    });
  });

  it('answers 404 for another team’s item', async () => {
    const { token } = await setupWithItem();
    const stranger = await setupWithItem();
    const before = await valueCount();
    const reply = await post(token, {
      data_set: stranger.item.id,
      datum_field: stranger.fields.text.id,
      resourcetype: 'text',
      response: 'x',
    });
    expect(reply.statusCode).toBe(404);
    expect(await valueCount()).toBe(before);
  });
});

describe('PATCH and DELETE datum-values/{id}/', () => {
  it('changes an answer; an empty text answer deletes the value', async () => {
    const { fields, answer, token } = await setupWithItem();
    const { id } = (await answer(fields.text, { response: 'First' })).json();
    const changed = await patch(token, id, { response: 'Second' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().response).toBe('Second');
    expect((await patch(token, id, { response: 'x'.repeat(21) })).statusCode).toBe(400);
    const emptied = await patch(token, id, { response: '' });
    expect(emptied.statusCode).toBe(204);
    expect(await t.db.select().from(datumValues).where(eq(datumValues.id, id))).toEqual([]);
  });

  it('deletes an answer', async () => {
    const { fields, answer, token } = await setupWithItem();
    const { id } = (await answer(fields.choice, { response: 'Seed' })).json();
    const reply = await t.request({ method: 'DELETE', url: `/api/v1/datum-values/${id}/`, token });
    expect(reply.statusCode).toBe(204);
    expect(await t.db.select().from(datumValues).where(eq(datumValues.id, id))).toEqual([]);
  });

  it('answers 404 for another team’s answer and changes nothing', async () => {
    const { token } = await setupWithItem();
    const stranger = await setupWithItem();
    const { id } = (await stranger.answer(stranger.fields.text, { response: 'Theirs' })).json();
    expect((await patch(token, id, { response: 'Mine' })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/datum-values/${id}/`, token })).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(datumValues).where(eq(datumValues.id, id));
    expect(row?.response).toBe('Theirs');
  });
});
