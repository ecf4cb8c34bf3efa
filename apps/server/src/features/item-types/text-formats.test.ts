import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets, datumValues } from '../../db/schema/index.ts';
import { useSubmissionApp } from '../submissions/test-factories.ts';

// Text formats through every door: the field's settings, the public form, and the item's answers.
const s = useSubmissionApp();

const fieldUrl = (typeId: number, fieldId: number) =>
  `/api/v1/data-models/${typeId}/datum-fields/${fieldId}/`;

async function formWithFormats() {
  const setup = await s.f.createForm();
  const patch = (fieldId: number, payload: object) =>
    s.t.request({ method: 'PATCH', url: fieldUrl(setup.model.id, fieldId), token: setup.token, payload });
  return { ...setup, patch };
}

describe('text field formats', () => {
  it('stores a format, keeps bounds for numbers only, and refuses a minimum above the maximum', async () => {
    const { fields, patch } = await formWithFormats();
    const asNumber = await patch(fields.why.id, { format: 'number', number_min: 1, number_max: 10 });
    expect(asNumber.statusCode).toBe(200);
    expect(asNumber.json()).toMatchObject({ format: 'number', number_min: 1, number_max: 10 });

    const crossed = await patch(fields.why.id, { number_min: 11 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({
      number_max: ['Ensure this value is greater than or equal to number_min.'],
    });

    const asEmail = await patch(fields.why.id, { format: 'email' });
    expect(asEmail.json()).toMatchObject({ format: 'email', number_min: null, number_max: null });
    expect((await patch(fields.why.id, { format: 'phone' })).json()).toEqual({
      format: ['"phone" is not a valid choice.'],
    });
  });

  it('refuses "not-an-email" as a contact address on the public form, and takes a real one', async () => {
    const { form, fields, patch } = await formWithFormats();
    await patch(fields.name.id, { format: 'email' });
    const refused = await s.f.postSubmission({
      form: form.id,
      datum_values: [{ datum_field: fields.name.id, response: 'not-an-email' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ [fields.name.id]: ['Enter a valid email address.'] });

    const taken = await s.f.postSubmission({
      form: form.id,
      datum_values: [{ datum_field: fields.name.id, response: 'ada@example.org' }],
    });
    expect(taken.statusCode).toBe(201);
  });

  it('words each problem of a number, a date and an address in the API’s words', async () => {
    const { form, fields, patch, model, team, token } = await formWithFormats();
    await patch(fields.name.id, { format: 'number', number_min: 0, number_max: 100 });
    await patch(fields.internal.id, { format: 'url' });
    const answer = async (fieldId: number, response: string) =>
      (
        await s.f.postSubmission({ form: form.id, datum_values: [{ datum_field: fieldId, response }] })
      ).json();
    expect(await answer(fields.name.id, 'lots')).toEqual({
      [fields.name.id]: ['A valid number is required.'],
    });
    expect(await answer(fields.name.id, '-1')).toEqual({
      [fields.name.id]: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(await answer(fields.name.id, '100,5')).toEqual({
      [fields.name.id]: ['Ensure this value is less than or equal to 100.'],
    });
    await patch(fields.name.id, { format: 'date' });
    expect(await answer(fields.name.id, '31/12/2025')).toEqual({
      [fields.name.id]: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });

    // The item's own answers (an admin's edit) follow the same rule.
    const [item] = await s.t.db
      .insert(datasets)
      .values({ dataModelId: model.id, teamId: team.id, title: 'By hand' })
      .returning();
    if (!item) throw new Error('no item');
    const save = (response: string) =>
      s.t.request({
        method: 'POST',
        url: '/api/v1/datum-values/',
        token,
        payload: { data_set: item.id, datum_field: fields.internal.id, resourcetype: 'text', response },
      });
    const badAddress = await save('javascript:alert(1)');
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toEqual({ response: ['Enter a valid URL.'] });
    expect(await s.t.db.select().from(datumValues).where(eq(datumValues.datasetId, item.id))).toEqual([]);
    expect((await save('https://example.org/pitch')).statusCode).toBe(201);
  });
});
