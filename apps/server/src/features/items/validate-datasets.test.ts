import { DATASETS_BULK_MAX } from '@shortlist/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

const validate = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/v1/datasets/validate/', token, payload: payload as object });
const rowsWritten = async () => ({
  items: (await t.db.select({ n: count() }).from(datasets))[0]?.n ?? 0,
  values: (await t.db.select({ n: count() }).from(datumValues))[0]?.n ?? 0,
});

describe('POST datasets/validate/', () => {
  it('lists each refused row with its title and field messages, writing nothing', async () => {
    const { token, model, fields } = await f.createItemSetup();
    const before = await rowsWritten();
    const row = (title: unknown, response: string, choice = 'Seed') => ({
      data_model: model.id,
      title,
      datum_values: [
        { datum_field: fields.text.id, resourcetype: 'text', response },
        { datum_field: fields.choice.id, resourcetype: 'choice', response: choice },
      ],
    });
    const reply = await validate(token, [
      row('Good one', 'fine'),
      row('Too long', 'z'.repeat(21), 'Series Z'),
      row('A', 'fine'),
      row('Also good', 'fine'),
      'not a row',
    ]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      errors: [
        {
          index: 1,
          title: 'Too long',
          messages: [
            'text field: Ensure this field has no more than 20 characters.',
            'choice field: "Series Z" is not a valid choice.',
          ],
        },
        { index: 2, title: 'A', messages: ['title: Ensure this field has at least 2 characters.'] },
        { index: 4, title: '', messages: [expect.stringMatching(/^non_field_errors: /)] },
      ],
      duplicate_titles: [],
    });
    expect(await rowsWritten()).toEqual(before);
  });

  it('answers an empty list when every row passes, and still writes nothing', async () => {
    const { token, model } = await f.createItemSetup();
    const before = await rowsWritten();
    const reply = await validate(token, [{ data_model: model.id, title: 'Acme', tags: 'a;b' }]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ errors: [], duplicate_titles: [] });
    expect(await rowsWritten()).toEqual(before);
  });

  it('warns of rows whose title an item of their type already has, in any case; a bad contact e-mail is refused', async () => {
    const { token, model, team } = await f.createItemSetup();
    const other = await f.createDataModel(team.id, 'Other type');
    await f.createDataset(token, model.id, { title: 'Acme Rockets' });
    await f.createDataset(token, model.id, { title: 'Émile & Co' });
    await f.createDataset(token, other.id, { title: 'Bolt' });
    const row = (title: string, extra: object = {}) => ({ data_model: model.id, title, ...extra });
    const reply = await validate(token, [
      row('ACME ROCKETS'),
      row('Bolt'),
      row('Émile & CO'),
      row('Acme rockets', { contact_email: 'not an address' }),
      row('Cargo', { contact_email: 'cargo@example.org' }),
    ]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      errors: [
        { index: 3, title: 'Acme rockets', messages: ['contact_email: Enter a valid email address.'] },
      ],
      // Bolt is another type's; a refused row is not imported, so it duplicates nothing.
      duplicate_titles: [
        { index: 0, title: 'ACME ROCKETS' },
        { index: 2, title: 'Émile & CO' },
      ],
    });
  });

  it('answers 404 for another team’s item type', async () => {
    const { token } = await f.createItemSetup();
    const stranger = await f.createItemSetup();
    const reply = await validate(token, [{ data_model: stranger.model.id, title: 'Intruder' }]);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'NOT_FOUND', detail: 'Not found.' });
  });

  it('refuses a body that is not a list of 1 to DATASETS_BULK_MAX rows, and no token', async () => {
    const { token, model } = await f.createItemSetup();
    const rows = [{ data_model: model.id, title: 'Acme' }];
    expect((await validate(token, { data_model: model.id, title: 'Acme' })).statusCode).toBe(400);
    expect((await validate(token, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: DATASETS_BULK_MAX + 1 }, () => rows[0]);
    expect((await validate(token, tooMany)).statusCode).toBe(400);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/validate/',
      payload: rows,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
