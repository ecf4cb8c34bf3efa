import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

let t: TestApp;
let factories: ReturnType<typeof itemFactories>;
beforeAll(async () => {
  t = await createTestApp();
  factories = itemFactories(t);
});
afterAll(() => t.close());

const exportUrl = (id: number) => `/api/v1/data-models/${id}/export_excel/`;

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

it('exports every item of the type with one column per field, in the fields order', async () => {
  const { token, model, fields } = await factories.createItemSetup();
  await factories.createDataset(token, model.id, {
    title: 'Acme',
    tags: 'health;seed',
    datum_values: [
      { datum_field: fields.text.id, resourcetype: 'text', response: 'Solar ovens' },
      { datum_field: fields.multiple.id, resourcetype: 'choice', response: 'Health || Food' },
      {
        datum_field: fields.budget.id,
        resourcetype: 'custom',
        json_response: {
          currency: '€',
          income: [{ label: 'Job', value: 1200 }],
          expenses: [{ label: 'Rent', value: 700 }],
        },
      },
    ],
  });
  await factories.createDataset(token, model.id, { title: 'Bolt' });

  const reply = await t.request({ method: 'GET', url: exportUrl(model.id), token });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('spreadsheetml');
  expect(reply.headers['content-disposition']).toBe('attachment; filename="Startups.xlsx"');

  const [header, acme, bolt, ...rest] = await readSheet(reply.rawPayload);
  expect(header).toEqual(['ID', 'Title', 'Tags', 'Created', ...Object.values(fields).map((f) => f.label)]);
  expect(acme?.slice(1, 3)).toEqual(['Acme', 'health;seed']);
  // Fields follow the four fixed columns, in the type's order (two fields may share a label).
  const cell = (row: unknown[] | undefined, field: { id: number }) =>
    row?.[4 + Object.values(fields).findIndex((f) => f.id === field.id)];
  expect(cell(acme, fields.text)).toBe('Solar ovens');
  expect(cell(acme, fields.multiple)).toBe('Health || Food');
  expect(cell(acme, fields.budget)).toBe(500);
  expect(bolt?.[1]).toBe('Bolt');
  expect(cell(bolt, fields.text)).toBeUndefined();
  expect(rest).toEqual([]);
});

it('exports more items than one batch reads', async () => {
  const { token, model } = await factories.createItemSetup();
  const items = Array.from({ length: 1201 }, (_, i) => ({ data_model: model.id, title: `Item ${i}` }));
  for (let i = 0; i < items.length; i += 500) {
    const reply = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/',
      token,
      payload: items.slice(i, i + 500),
    });
    expect(reply.statusCode).toBe(201);
  }
  const reply = await t.request({ method: 'GET', url: exportUrl(model.id), token });
  const rows = await readSheet(reply.rawPayload);
  expect(rows).toHaveLength(1 + 1201);
  expect(rows.at(-1)?.[1]).toBe('Item 1200');
});

it("answers 404 for another team's item type and for a missing one", async () => {
  const { model } = await factories.createItemSetup();
  const stranger = await t.createAdmin();
  const foreign = await t.request({ method: 'GET', url: exportUrl(model.id), token: stranger.token });
  const missing = await t.request({ method: 'GET', url: exportUrl(999999), token: stranger.token });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual(missing.json());
  expect((await t.request({ method: 'GET', url: exportUrl(model.id) })).statusCode).toBe(401);
});
