import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { emailFactories } from '../emails/test-factories.ts';

let t: TestApp;
let e: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  t = await createTestApp();
  e = emailFactories(t);
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<ReturnType<typeof emailFactories>['createSetup']>>;

/** Rows of a bulk create, as the Excel import sends them. */
const importRows = (s: Setup, rows: { title: string; contact_email?: string | null }[]) =>
  s.api(
    'POST',
    'datasets/',
    rows.map((row) => ({ data_model: s.model.id, ...row })),
  );

/** The addresses of a new batch made of these items, and what it counted. */
async function mailTo(s: Setup, datasetIds: number[]) {
  const { id: template } = await s.createTemplate();
  const batch = (await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template })).json();
  const created = (
    await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: datasetIds })
  ).json();
  const emails = (await s.api('GET', `email-batches/${batch.id}/emails/`)).json();
  const addresses = emails.results.map((row: { email: { to: string } }) => row.email.to).sort();
  return { addresses, created };
}

describe('an item’s contact e-mail', () => {
  it('comes with imported rows, lower-cased, and mass e-mail writes to it', async () => {
    const s = await e.createSetup();
    const reply = await importRows(s, [
      { title: 'Acme', contact_email: '  Ada@Example.ORG ' },
      { title: 'Bolt', contact_email: '' },
      { title: 'Cargo' },
    ]);
    expect(reply.statusCode, reply.body).toBe(201);
    const created = reply.json() as { id: number; contact_email: string | null }[];
    expect(created.map((item) => item.contact_email)).toEqual(['ada@example.org', null, null]);
    const [fromForm] = await s.createItems([{ title: 'From the form', email: 'form@example.org' }]);

    const { addresses, created: counts } = await mailTo(s, [
      ...created.map((item) => item.id),
      fromForm ?? 0,
    ]);
    expect(addresses).toEqual(['ada@example.org', 'form@example.org']);
    expect(counts).toMatchObject({ nb_datasets: 4, nb_emails: 2, nb_without_email: 2 });
  });

  it('goes before the submission’s e-mail once set, is changed and cleared by PATCH', async () => {
    const s = await e.createSetup();
    const [id = 0] = await s.createItems([{ title: 'Typo', email: 'ann@exmaple.org' }]);
    const patch = (payload: object) => s.api('PATCH', `datasets/${id}/`, payload);
    const fixed = await patch({ contact_email: 'Ann@Example.org' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      contact_email: 'ann@example.org',
      submission: { email: 'ann@exmaple.org' },
    });
    expect((await mailTo(s, [id])).addresses).toEqual(['ann@example.org']);

    // A title change leaves the address; an empty one clears it, and the submission's counts again.
    expect((await patch({ title: 'Typo fixed' })).json().contact_email).toBe('ann@example.org');
    expect((await patch({ contact_email: '' })).json().contact_email).toBeNull();
    expect((await mailTo(s, [id])).addresses).toEqual(['ann@exmaple.org']);
  });

  it('refuses what is not an e-mail address with the field’s message, writing nothing', async () => {
    const s = await e.createSetup();
    const refused = await importRows(s, [
      { title: 'Good', contact_email: 'good@example.org' },
      { title: 'Bad', contact_email: 'not an address' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ '1.contact_email': ['Enter a valid email address.'] });
    expect(await t.db.select().from(datasets).where(eq(datasets.dataModelId, s.model.id))).toEqual([]);

    const [id = 0] = await s.createItems([{ title: 'Kept' }]);
    const patched = await s.api('PATCH', `datasets/${id}/`, { contact_email: 'x@' });
    expect(patched.json()).toEqual({ contact_email: ['Enter a valid email address.'] });
  });

  it('is a column of the items page’s export', async () => {
    const s = await e.createSetup();
    await importRows(s, [{ title: 'Acme', contact_email: 'ada@example.org' }]);
    const reply = await s.api('GET', `datasets/export_excel/?team=${s.team.id}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Contact e-mail') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(column).value).toBe('ada@example.org');
  });
});
