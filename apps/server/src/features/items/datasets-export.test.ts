import { PassThrough } from 'node:stream';
import { datasetListQuerySchema } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formSubmissions,
  intakeForms,
  issueDatasets,
  issues,
  reviewStatuses,
  reviews,
} from '../../db/schema/index.ts';
import { DownloadLeft } from '../../http/download.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { countingStatements, outputLeftAtOnce, setLanguage } from '../../test/workbook.ts';
import { openDatasetsExport } from './export.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

async function readRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('the items page: linked form and export', () => {
  it('names the form of an item type in the list, and exports what the filters match', async () => {
    const admin = await t.createAdmin();
    const { token, team } = admin;
    const plain = await f.createDataModel(team.id, 'Imported');
    const formType = await f.createDataModel(team.id, 'Form type');
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: team.id, dataModelId: formType.id, title: 'Call for startups' })
      .returning();
    await f.createDataset(token, plain.id, { title: 'Acme', tags: 'seed' });
    const bolt = await f.createDataset(token, formType.id, { title: 'Bolt' });
    const cargo = await f.createDataset(token, formType.id, { title: 'Cargo' });
    // Bolt's response was sent, Cargo's is still a draft.
    const response = { formId: form?.id ?? 0, email: 'ann@example.org' };
    await t.db.insert(formSubmissions).values([
      { ...response, datasetId: bolt.id, status: 'submitted', tokenHash: 'bolt' },
      { ...response, datasetId: cargo.id, status: 'draft', tokenHash: 'cargo' },
    ]);

    const list = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/?team=${team.id}&ordering=title`,
      token,
    });
    expect(
      list.json().results.map((item: { title: string; form: unknown }) => [item.title, item.form]),
    ).toEqual([
      ['Acme', null],
      ['Bolt', { id: form?.id, title: 'Call for startups' }],
      ['Cargo', { id: form?.id, title: 'Call for startups' }],
    ]);

    const url = `/api/v1/datasets/export_excel/?team=${team.id}`;
    const all = await t.request({ method: 'GET', url, token });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    const rows = await readRows(all.rawPayload);
    expect(rows[0]?.slice(0, 6)).toEqual(['ID', 'Title', 'Item type', 'Tags', 'Created', 'Linked form']);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[3], row[5], row[9]])).toEqual([
      ['Acme', 'Imported', 'seed', undefined, undefined],
      ['Bolt', 'Form type', undefined, 'Call for startups', 'submitted'],
      ['Cargo', 'Form type', undefined, 'Call for startups', 'draft'],
    ]);

    // In the admin's language: the items table's words, a response's state too; the data as written.
    await setLanguage(t, admin, 'fr');
    const french = await t.request({ method: 'GET', url, token });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(french.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Éléments']);
    const [header, ...frenchRows] = await readRows(french.rawPayload);
    expect(header).toEqual([
      'ID',
      'Titre',
      'Type d’élément',
      'Étiquettes',
      'Créé le',
      'Formulaire lié',
      'Date de soumission',
      'E-mail de soumission',
      'E-mail de contact',
      'État',
      'Sélections',
      'Parcours',
      'Statut de revue',
    ]);
    expect(frenchRows.map((row) => [row[1], row[9]])).toEqual([
      ['Acme', undefined],
      ['Bolt', 'envoyé'],
      ['Cargo', 'brouillon'],
    ]);
    expect(frenchRows.map((row) => row.slice(0, 9))).toEqual(rows.slice(1).map((row) => row.slice(0, 9)));

    const filtered = await t.request({ method: 'GET', url: `${url}&search=car&limit=1`, token });
    expect((await readRows(filtered.rawPayload)).slice(1).map((row) => row[1])).toEqual(['Cargo']);

    const stranger = await t.createAdmin();
    expect((await t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
  });
});

describe('the items export: what each cell shows', () => {
  it('writes the selections by title, the review of the selection filtered by, the response and the contact', async () => {
    const { token, team } = await t.createAdmin();
    const formType = await f.createDataModel(team.id, 'Form type');
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: team.id, dataModelId: formType.id, title: 'Call' })
      .returning();
    const acme = await f.createDataset(token, formType.id, {
      title: 'Acme',
      contact_email: 'ada@example.org',
    });
    const bolt = await f.createDataset(token, formType.id, { title: 'Bolt' });
    await t.db.insert(formSubmissions).values({
      formId: form?.id ?? 0,
      datasetId: acme.id,
      email: 'ann@example.org',
      status: 'submitted',
      tokenHash: 'acme',
      createTime: new Date('2026-03-04T05:06:07Z'),
    });
    const rating = { teamId: team.id, resourcetype: 'RatingIssue', minRating: 0, maxRating: 5, step: 1 };
    const [zulu, alpha] = await t.db
      .insert(issues)
      .values([
        { ...rating, title: 'Zulu' },
        { ...rating, title: 'Alpha' },
      ])
      .returning();
    if (!zulu || !alpha) throw new Error('no selections');
    await t.db.insert(issueDatasets).values([
      { issueId: zulu.id, datasetId: acme.id },
      { issueId: alpha.id, datasetId: acme.id },
      { issueId: zulu.id, datasetId: bolt.id },
    ]);
    const [shortlisted, declined] = await t.db
      .insert(reviewStatuses)
      .values([
        { teamId: team.id, label: 'Shortlisted', color: '', bgColor: '#d9f7be' },
        { teamId: team.id, label: 'Declined', color: '', bgColor: '#ffccc7' },
      ])
      .returning();
    // Acme is shortlisted on its own and declined within Zulu; Bolt has a review in Zulu, no status.
    await t.db.insert(reviews).values([
      { datasetId: acme.id, statusId: shortlisted?.id },
      { datasetId: acme.id, issueId: zulu.id, statusId: declined?.id },
      { datasetId: bolt.id, issueId: zulu.id, statusId: null },
    ]);
    const exported = async (query: string) => {
      const url = `/api/v1/datasets/export_excel/?team=${team.id}${query}`;
      const [, ...rows] = await readRows((await t.request({ method: 'GET', url, token })).rawPayload);
      return rows.map((row) => [row[1], row[6], row[7], row[8], row[9], row[10], row[12]]);
    };
    const submitted = new Date('2026-03-04T05:06:07Z');
    expect(await exported('')).toEqual([
      ['Acme', submitted, 'ann@example.org', 'ada@example.org', 'submitted', 'Alpha; Zulu', 'Shortlisted'],
      ['Bolt', undefined, undefined, undefined, undefined, 'Zulu', undefined],
    ]);
    expect(await exported(`&issue=${zulu.id}`)).toEqual([
      ['Acme', submitted, 'ann@example.org', 'ada@example.org', 'submitted', 'Alpha; Zulu', 'Declined'],
      ['Bolt', undefined, undefined, undefined, undefined, 'Zulu', undefined],
    ]);
  });
});

describe('the items export in batches', () => {
  it('writes every matching item once, in id order, across batches growing from 10 to 1,000', async () => {
    const { token, team } = await t.createAdmin();
    const model = await f.createDataModel(team.id, 'Imported');
    await t.db.execute(sql`insert into datasets (data_model_id, team_id, title)
      select ${model.id}::int, ${team.id}::int, 'Item ' || i from generate_series(1, 2600) as i`);
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/export_excel/?team=${team.id}`,
      token,
    });
    const ids = (await readRows(reply.rawPayload)).slice(1).map((row) => row[0] as number);
    // Batches of 10, 20, 40, …, 640 (1,270 items), one of 1,000, then the last 330.
    expect(ids).toHaveLength(2600);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(2600);
    const searched = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/export_excel/?team=${team.id}&search=item 10`,
      token,
    });
    // Item 10, 100–109 and 1000–1099.
    expect((await readRows(searched.rawPayload)).length - 1).toBe(1 + 10 + 100);
  });

  it('starts no workbook for a download left before its first rows were written', async () => {
    const { user, team } = await t.createAdmin();
    const model = await f.createDataModel(team.id, 'Left');
    await t.db.execute(sql`insert into datasets (data_model_id, team_id, title)
      select ${model.id}::int, ${team.id}::int, 'Item ' || i from generate_series(1, 30) as i`);
    const query = datasetListQuerySchema.parse({ team: String(team.id) });
    const started = async (leave: boolean) => {
      const write = await openDatasetsExport(t.app.ctx, user, query, 'en');
      const output = new PassThrough();
      let isWritten = false;
      output.on('data', () => {
        isWritten = true;
      });
      if (!leave) await write(output);
      else {
        output.destroy();
        await expect(write(output)).rejects.toThrow(DownloadLeft);
      }
      return isWritten;
    };
    expect(await started(false)).toBe(true);
    expect(await started(true)).toBe(false);
  });

  it('reads no batch past the first for a download left at once, on either engine', async () => {
    const { user, team } = await t.createAdmin();
    const model = await f.createDataModel(team.id, 'Left midway');
    await t.db.execute(sql`insert into datasets (data_model_id, team_id, title)
      select ${model.id}::int, ${team.id}::int, 'Item ' || i from generate_series(1, 3000) as i`);
    const counted = countingStatements(t.app.ctx.db);
    const write = await openDatasetsExport(
      { ...t.app.ctx, db: counted.db },
      user,
      datasetListQuerySchema.parse({ team: String(team.id) }),
      'en',
    );
    const output = outputLeftAtOnce();
    await expect(write(output)).rejects.toThrow(DownloadLeft);
    // The first batch alone, its items' paths among its columns. PGlite answers within the process: a
    // writer that never let the event loop turn saw the client leave only after its last batch, all 3,000
    // items read.
    expect(counted.statements()).toBe(1);
  });
});
