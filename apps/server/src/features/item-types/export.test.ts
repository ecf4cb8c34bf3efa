import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { DownloadLeft } from '../../http/download.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { countingStatements, outputLeftAtOnce } from '../../test/workbook.ts';
import { itemFactories } from '../items/test-factories.ts';
import { writeItemsWorkbook } from './export.ts';

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
  expect(cell(acme, fields.multiple)).toBe('Health, Food');
  expect(cell(acme, fields.budget)).toBe(
    'Expenses: Rent 700\u00a0€ — Total 700\u00a0€; Income: Job 1,200\u00a0€ — Total 1,200\u00a0€; Balance: 500\u00a0€',
  );
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

it('writes each answer as a person reads it, in the language of whoever exports', async () => {
  const { token, user, model, fields } = await factories.createItemSetup();
  const date = await factories.createField(model.id, 'text', { label: 'Founded', textFormat: 'date' });
  const amount = await factories.createField(model.id, 'text', { label: 'Seats', textFormat: 'number' });
  await factories.createDataset(token, model.id, {
    title: 'Acme',
    datum_values: [
      { datum_field: fields.choice.id, resourcetype: 'choice', response: 'Series A' },
      { datum_field: date.id, resourcetype: 'text', response: '2025-03-14' },
      { datum_field: amount.id, resourcetype: 'text', response: '12,5' },
      {
        datum_field: fields.budget.id,
        resourcetype: 'custom',
        json_response: {
          currency: 'CHF',
          expenses: [
            { label: 'Loyer', value: 1200 },
            { label: 'Transport', value: null },
          ],
          income: [],
        },
      },
    ],
  });
  await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id));

  const reply = await t.request({ method: 'GET', url: exportUrl(model.id), token });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  // The fixed columns in French, the type's title and the field labels as written.
  expect(sheet.name).toBe(model.title);
  expect(header.slice(0, 5)).toEqual(['ID', 'Titre', 'Étiquettes', 'Créé le', fields.text.label]);
  const cell = (field: { id: number; label: string }) =>
    sheet.getRow(2).getCell(1 + header.indexOf(field.label));
  expect(cell(fields.choice)?.value).toBe('Series A');
  // A date and a number stay a date and a number: the sheet sorts them and writes them its reader's way.
  expect(cell(date)?.value).toEqual(new Date(Date.UTC(2025, 2, 14)));
  expect(cell(amount)?.value).toBe(12.5);
  // The budget in French, on one line (a cell shows line breaks only when styled to wrap, which would
  // slow the streamed export down), lines left empty left out.
  expect(cell(fields.budget)?.value).toBe(
    'Dépenses : Loyer 1\u202f200\u00a0CHF — Total 1\u202f200\u00a0CHF; Revenus : Total 0\u00a0CHF; Solde : -1\u202f200\u00a0CHF',
  );
});

it('reads no more batches once the download is left', async () => {
  const { team } = await t.createAdmin();
  const itemType = await factories.createDataModel(team.id, 'Left midway');
  await t.db.execute(sql`insert into datasets (data_model_id, team_id, title)
    select ${itemType.id}::int, ${team.id}::int, 'Item ' || i from generate_series(1, 3000) as i`);
  const counted = countingStatements(t.app.ctx.db);
  const output = outputLeftAtOnce();
  await expect(
    writeItemsWorkbook({ ...t.app.ctx, db: counted.db }, { itemType, language: 'en' }, output),
  ).rejects.toThrow(DownloadLeft);
  // The fields, then the first batch's items and their answers; reading on would have taken the three
  // batches of 1,000 and the empty one after them (eight reads).
  expect(counted.statements()).toBe(3);
});
