import { DEFAULT_TEAM_PACKAGE, MAX_FIELDS_PER_ITEM_TYPE } from '@shortlist/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModels, datasets, datumFields, datumValues, teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createAdmin']>>;
let stranger: Awaited<ReturnType<TestApp['createAdmin']>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createAdmin();
  stranger = await t.createAdmin();
  await t.db
    .update(teams)
    .set({ package: { ...DEFAULT_TEAM_PACKAGE, datum_field_custom_type_budget: true } })
    .where(eq(teams.id, owner.team.id));
});
afterAll(() => t.close());

async function createType(who = owner) {
  const [row] = await t.db.insert(dataModels).values({ teamId: who.team.id, title: 'Type' }).returning();
  if (!row) throw new Error('no type');
  return row.id;
}

const fieldsUrl = (typeId: number, fieldId?: number) =>
  `/api/v1/data-models/${typeId}/datum-fields/${fieldId ? `${fieldId}/` : ''}`;
const addField = (typeId: number, payload: object, token = owner.token) =>
  t.request({ method: 'POST', url: fieldsUrl(typeId), token, payload });
const patchField = (typeId: number, fieldId: number, payload: object, token = owner.token) =>
  t.request({ method: 'PATCH', url: fieldsUrl(typeId, fieldId), token, payload });
const storedField = async (id: number) =>
  (await t.db.select().from(datumFields).where(eq(datumFields.id, id)))[0];
const fieldCount = async (typeId: number) =>
  (await t.db.select({ n: count() }).from(datumFields).where(eq(datumFields.dataModelId, typeId)))[0]?.n;

const choice = { resourcetype: 'choice', label: 'Sector', options: [{ label: 'Food' }, { label: 'Health' }] };

describe('POST data-models/{id}/datum-fields/', () => {
  it('creates each type with its defaults, after the last field', async () => {
    const typeId = await createType();
    const text = await addField(typeId, {
      resourcetype: 'text',
      label: 'Summary',
      template_variable_email: 'résumé  court ',
    });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({
      resourcetype: 'text',
      data_model: typeId,
      label: 'Summary',
      description: '',
      required: false,
      order: 1,
      on_forms: true,
      on_issues: true,
      template_variable_email: 'résumé court',
      response_max_length: 60,
    });
    const choiceReply = await addField(typeId, { ...choice, multiple: true });
    expect(choiceReply.json()).toMatchObject({
      order: 2,
      multiple: true,
      radio: false,
      options: choice.options,
    });
    const file = await addField(typeId, { resourcetype: 'file', label: 'Deck' });
    expect(file.json()).toMatchObject({
      order: 3,
      mime_types: ['image/jpeg', 'image/png', 'application/pdf'],
      max_size_bytes: 1048576,
      template_variable_email: null,
    });
    const budget = await addField(typeId, {
      resourcetype: 'custom',
      type: 'budget',
      label: 'Budget',
      order: 9,
    });
    expect(budget.json()).toMatchObject({ order: 9, type: 'budget', json_config: {} });
  });

  it('checks the rules of each type', async () => {
    const typeId = await createType();
    const errorsOf = async (payload: object) => {
      const reply = await addField(typeId, payload);
      expect(reply.statusCode).toBe(400);
      return reply.json();
    };
    expect(await errorsOf({ resourcetype: 'text' })).toEqual({ label: ['This field is required.'] });
    expect(await errorsOf({ resourcetype: 'text', label: 'x' })).toEqual({
      label: ['Ensure this field has at least 2 characters.'],
    });
    expect(await errorsOf({ resourcetype: 'text', label: 'x'.repeat(301) })).toEqual({
      label: ['Ensure this field has no more than 300 characters.'],
    });
    expect(
      await errorsOf({ resourcetype: 'text', label: 'Ok', description: 'x'.repeat(2001) }),
    ).toHaveProperty('description');
    expect(await errorsOf({ resourcetype: 'text', label: 'Ok', response_max_length: 5001 })).toHaveProperty(
      'response_max_length',
    );
    expect(await errorsOf({ resourcetype: 'text', label: 'Ok', response_max_length: 1 })).toHaveProperty(
      'response_max_length',
    );
    expect(await errorsOf({ resourcetype: 'text', label: 'Ok', template_variable_email: 'a$b' })).toEqual({
      template_variable_email: [
        'Only letters, digits, é è ê à, spaces, underscores and hyphens are allowed.',
      ],
    });
    expect(
      await errorsOf({ resourcetype: 'text', label: 'Ok', template_variable_email: 'x'.repeat(31) }),
    ).toEqual({ template_variable_email: ['Ensure this field has no more than 30 characters.'] });
    expect(await errorsOf({ resourcetype: 'file', label: 'Ok', template_variable_email: 'cv' })).toEqual({
      template_variable_email: ['E-mail variables are only available for text and choice fields.'],
    });
    expect(await errorsOf({ ...choice, options: [{ label: 'Only' }] })).toEqual({
      options: ['Ensure this field has at least 2 elements.'],
    });
    expect(await errorsOf({ ...choice, options: [{ label: 'Same' }, { label: ' Same ' }] })).toEqual({
      options: ['The options must be unique.'],
    });
    expect(
      await errorsOf({ ...choice, options: [{ label: 'a' }, { label: 'x'.repeat(301) }] }),
    ).toHaveProperty('options.1.label');
    expect(await errorsOf({ resourcetype: 'file', label: 'Ok', mime_types: [] })).toHaveProperty(
      'mime_types',
    );
    expect(await errorsOf({ resourcetype: 'file', label: 'Ok', mime_types: ['image/gif'] })).toHaveProperty(
      'mime_types.0',
    );
    expect(
      await errorsOf({ resourcetype: 'file', label: 'Ok', max_size_bytes: 50 * 1024 * 1024 + 1 }),
    ).toHaveProperty('max_size_bytes');
    expect(await errorsOf({ resourcetype: 'custom', label: 'Ok', type: 'map' })).toHaveProperty('type');
    expect(await errorsOf({ resourcetype: 'date', label: 'Ok' })).toEqual({
      resourcetype: ['"date" is not a valid choice.'],
    });
    expect(await errorsOf({ label: 'Ok' })).toEqual({ resourcetype: ['This field is required.'] });
    expect(await fieldCount(typeId)).toBe(0);
  });

  it("keeps a budget's currency and lines, checked by the contract; null lines are the default ones", async () => {
    const typeId = await createType();
    const created = await addField(typeId, {
      resourcetype: 'custom',
      type: 'budget',
      label: 'Budget',
      json_config: { currency: ' CHF ', expenses: [' Rent ', 'Food'], income: null },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().json_config).toEqual({ currency: 'CHF', expenses: ['Rent', 'Food'], income: null });

    const refused = await patchField(typeId, created.json().id, {
      json_config: {
        currency: 'x'.repeat(11),
        expenses: ['', 'y'.repeat(101)],
        income: Array.from({ length: 31 }, (_, i) => `Line ${i}`),
        colour: 'red',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      json_config: ['Unknown field: colour.'],
      'json_config.currency': ['Ensure this field has no more than 10 characters.'],
      'json_config.expenses.0': ['This field may not be blank.'],
      'json_config.expenses.1': ['Ensure this field has no more than 100 characters.'],
      'json_config.income': ['Ensure this field has no more than 30 elements.'],
    });
    expect((await storedField(created.json().id))?.jsonConfig).toEqual({
      currency: 'CHF',
      expenses: ['Rent', 'Food'],
      income: null,
    });

    const patched = await patchField(typeId, created.json().id, { json_config: { income: [] } });
    expect(patched.json().json_config).toEqual({ income: [] });
  });

  it('refuses budget fields when the package does not include them', async () => {
    const typeId = await createType(stranger);
    const reply = await addField(
      typeId,
      { resourcetype: 'custom', type: 'budget', label: 'Budget' },
      stranger.token,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      resourcetype: ["Budget fields are not included in this workspace's package."],
    });
    expect(await fieldCount(typeId)).toBe(0);
  });

  it(`stops at ${MAX_FIELDS_PER_ITEM_TYPE} fields (MAX_FIELDS)`, async () => {
    const typeId = await createType();
    await t.db.insert(datumFields).values(
      Array.from({ length: MAX_FIELDS_PER_ITEM_TYPE - 1 }, (_, i) => ({
        dataModelId: typeId,
        resourcetype: 'text',
        label: `Q${i}`,
        order: i,
      })),
    );
    expect((await addField(typeId, { resourcetype: 'text', label: 'The 100th' })).statusCode).toBe(201);
    const refused = await addField(typeId, { resourcetype: 'text', label: 'The 101st' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'MAX_FIELDS', detail: 'An item type has at most 100 fields.' });
    expect(await fieldCount(typeId)).toBe(MAX_FIELDS_PER_ITEM_TYPE);
  });

  it("answers 404 for another team's type", async () => {
    const typeId = await createType(stranger);
    expect((await addField(typeId, { resourcetype: 'text', label: 'Intrusion' })).statusCode).toBe(404);
    expect(await fieldCount(typeId)).toBe(0);
  });
});

describe('PATCH data-models/{id}/datum-fields/{fieldId}/', () => {
  it('changes a field within the rules of its type', async () => {
    const typeId = await createType();
    const field = (await addField(typeId, choice)).json();
    const reply = await patchField(typeId, field.id, {
      resourcetype: 'choice',
      label: 'Sector of activity',
      radio: true,
      on_issues: false,
      options: [{ label: 'Food' }, { label: 'Health' }, { label: 'Energy' }],
      mime_types: ['image/png'],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      label: 'Sector of activity',
      radio: true,
      on_issues: false,
      multiple: false,
    });
    expect(reply.json().options).toHaveLength(3);
    expect((await storedField(field.id))?.mimeTypes).toBeNull();

    const bad = await patchField(typeId, field.id, { options: [{ label: 'A' }, { label: 'A' }], label: 'x' });
    expect(bad.json()).toEqual({
      label: ['Ensure this field has at least 2 characters.'],
      options: ['The options must be unique.'],
    });
    expect((await storedField(field.id))?.label).toBe('Sector of activity');
  });

  it('never changes the type, nor gives a file field an e-mail variable', async () => {
    const typeId = await createType();
    const file = (await addField(typeId, { resourcetype: 'file', label: 'Deck' })).json();
    const retyped = await patchField(typeId, file.id, { resourcetype: 'text', label: 'Text now' });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json()).toEqual({
      resourcetype: ['The type of a field cannot change after its creation.'],
    });
    expect((await patchField(typeId, file.id, { template_variable_email: 'deck' })).statusCode).toBe(400);
    // A spec client sends "" for "no variable": it means none, on a file field as on a text one.
    const cleared = await patchField(typeId, file.id, { template_variable_email: ' ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ template_variable_email: null });
    const budget = await addField(typeId, {
      resourcetype: 'custom',
      type: 'budget',
      label: 'Costs',
      template_variable_email: '',
    });
    expect(budget.statusCode).toBe(201);
    expect(budget.json()).toMatchObject({ template_variable_email: null });
    expect(await storedField(file.id)).toMatchObject({
      resourcetype: 'file',
      label: 'Deck',
      templateVariableEmail: null,
    });
    const mime = await patchField(typeId, file.id, { mime_types: ['application/pdf'], max_size_bytes: 2048 });
    expect(mime.json()).toMatchObject({ mime_types: ['application/pdf'], max_size_bytes: 2048 });
  });

  it("answers 404 for another team's field or a field of another type", async () => {
    const typeId = await createType();
    const otherType = await createType();
    const field = (await addField(typeId, { resourcetype: 'text', label: 'Mine' })).json();
    expect((await patchField(typeId, field.id, { label: 'Stolen' }, stranger.token)).statusCode).toBe(404);
    expect((await patchField(otherType, field.id, { label: 'Moved' })).statusCode).toBe(404);
    expect((await storedField(field.id))?.label).toBe('Mine');
  });
});

describe('DELETE data-models/{id}/datum-fields/{fieldId}/', () => {
  it('deletes a field and its values', async () => {
    const typeId = await createType();
    const field = (await addField(typeId, { resourcetype: 'text', label: 'Doomed' })).json();
    const [item] = await t.db
      .insert(datasets)
      .values({ dataModelId: typeId, teamId: owner.team.id, title: 'It' })
      .returning();
    if (!item) throw new Error('no item');
    await t.db
      .insert(datumValues)
      .values({ datasetId: item.id, datumFieldId: field.id, resourcetype: 'text', response: 'x' });
    const remove = (token: string, id = typeId) =>
      t.request({ method: 'DELETE', url: fieldsUrl(id, field.id), token });
    expect((await remove(stranger.token)).statusCode).toBe(404);
    expect((await remove(owner.token, await createType())).statusCode).toBe(404);
    expect(await storedField(field.id)).toBeDefined();
    expect((await remove(owner.token)).statusCode).toBe(204);
    expect(await storedField(field.id)).toBeUndefined();
    expect(await t.db.select().from(datumValues).where(eq(datumValues.datumFieldId, field.id))).toEqual([]);
    expect((await remove(owner.token)).statusCode).toBe(404);
  });
});

describe('reorder and fields_order', () => {
  it('sets the order of the fields in one request and reads it back', async () => {
    const typeId = await createType();
    const ids: number[] = [];
    for (const label of ['One', 'Two', 'Three']) {
      ids.push((await addField(typeId, { resourcetype: 'text', label })).json().id);
    }
    const [one, two, three] = ids as [number, number, number];
    const reorder = (payload: object, token = owner.token, id = typeId) =>
      t.request({ method: 'POST', url: `/api/v1/data-models/${id}/reorder/`, token, payload });
    const fieldsOrder = (token = owner.token) =>
      t.request({ method: 'GET', url: `/api/v1/data-models/${typeId}/fields_order/`, token });

    expect((await fieldsOrder()).json()).toEqual([
      [one, 1],
      [two, 2],
      [three, 3],
    ]);
    const reply = await reorder({
      new_orders: [
        [three, 0],
        [one, 5],
      ],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([
      [three, 0],
      [two, 2],
      [one, 5],
    ]);

    const foreign = (await addField(await createType(), { resourcetype: 'text', label: 'Elsewhere' })).json()
      .id;
    expect(
      (
        await reorder({
          new_orders: [
            [one, 9],
            [foreign, 1],
          ],
        })
      ).json(),
    ).toEqual({
      new_orders: ['Some fields do not belong to this item type.'],
    });
    expect(
      (
        await reorder({
          new_orders: [
            [one, 9],
            [one, 1],
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await reorder({ new_orders: [[one, -1]] })).statusCode).toBe(400);
    expect((await reorder({ new_orders: 'first' })).statusCode).toBe(400);
    expect((await reorder({ new_orders: [[one, 9]] }, stranger.token)).statusCode).toBe(404);
    expect((await fieldsOrder(stranger.token)).statusCode).toBe(404);
    expect((await fieldsOrder()).json()).toEqual([
      [three, 0],
      [two, 2],
      [one, 5],
    ]);
  });
});
