import { reportExportWithTopKQuerySchema } from '@shortlist/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { datumValues } from '../../db/schema/index.ts';
import { DownloadLeft } from '../../http/download.ts';
import { VALUES_A_STATEMENT } from '../../item-reads/item-parts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { countingStatements, outputLeftAtOnce, readWorkbook, setLanguage } from '../../test/workbook.ts';
import { writeReportWorkbook } from './export.ts';
import { reportFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

/** `read` with parts of one value, as the embedded engine reads a large selection: an item a statement. */
async function oneItemAStatement<T>(read: () => Promise<T>): Promise<T> {
  const engine = t.app.ctx.engine;
  const before = VALUES_A_STATEMENT[engine];
  VALUES_A_STATEMENT[engine] = 1;
  try {
    return await read();
  } finally {
    VALUES_A_STATEMENT[engine] = before;
  }
}

it('exports the ranking, each judge per item and the comments, with the item fields on request', async () => {
  const { token, issue, items, judges, q2 } = await f.createRatingSetup();
  await f.submit(issue.id, (await f.addJudge(issue.id)).id, [], [[items.c.id, 'Bold', q2.id]]);
  const field = await f.createField(items.a.dataModelId, 'text');
  await t.db
    .insert(datumValues)
    .values({ datasetId: items.a.id, datumFieldId: field.id, resourcetype: 'text', response: 'Solar' });
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issue.id}/export_excel/?include_dataset=true`,
    token,
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('spreadsheetml');
  const sheets = await readWorkbook(reply.rawPayload);
  expect(Object.keys(sheets)).toEqual(['Ranking', 'Judges', 'Comments', 'Agreement']);
  const [header, ...ranking] = sheets.Ranking ?? [];
  expect(header).toEqual([
    'Rank',
    'ID',
    'Title',
    'Tags',
    'Average rating',
    'Team',
    'Market',
    'Answers',
    'Judges with access',
    'σ',
    'Range',
    'Path',
    field.label,
  ]);
  expect(ranking.map((row) => [row[0], row[2], row[4]])).toEqual([
    [1, 'B', 4],
    [2, 'C', 3.5],
    [3, 'A', 2],
    // Nobody rated D: no rank.
    [undefined, 'D', undefined],
  ]);
  expect(ranking[2]?.[5]).toBe(2);
  // A: judges' values 3, 3, 0: σ √2, range 3.
  expect(ranking[2]?.slice(9, 11)).toEqual([Number(Math.SQRT2.toFixed(3)), 3]);
  expect(ranking[2]?.[12]).toBe('Solar');
  const judgesHeader = sheets.Judges?.[0] ?? [];
  const j1Column = judgesHeader.indexOf(judges.j1.email);
  expect(j1Column).toBeGreaterThan(1);
  expect(sheets.Judges?.slice(1).map((row) => [row[1], row[j1Column]])).toEqual([
    ['B', 3],
    ['C', 5],
    ['A', 3],
    ['D', undefined],
  ]);
  expect(sheets.Comments?.[1]?.slice(0, 6)).toEqual([
    items.c.id,
    'C',
    expect.any(String),
    'Market',
    'Bold',
    false,
  ]);
});

it('names its sheets and columns in the exporting admin’s language, the data as written', async () => {
  const setup = await f.createRatingSetup();
  const { token, team, issue, items, q2 } = setup;
  await f.submit(issue.id, (await f.addJudge(issue.id)).id, [], [[items.c.id, 'Bold', q2.id]]);
  const exported = async (id: number, query = '') => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${id}/export_excel/${query}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    return readWorkbook(reply.rawPayload);
  };
  const english = await exported(issue.id, '?normalised=true');
  expect(english.Ranking?.[0]?.slice(-3)).toEqual(['Range', 'Rank shift', 'Path']);

  await setLanguage(t, setup, 'fr');
  const sheets = await exported(issue.id, '?normalised=true');
  expect(Object.keys(sheets)).toEqual(['Classement', 'Juges', 'Commentaires', 'Accord']);
  const [header, ...ranking] = sheets.Classement ?? [];
  expect(header).toEqual([
    'Rang',
    'ID',
    'Titre',
    'Étiquettes',
    'Note moyenne',
    'Team',
    'Market',
    'Réponses',
    'Juges ayant accès',
    'σ',
    'Étendue',
    'Écart de rang',
    'Parcours',
  ]);
  // Only the words change: the same rows, in the same columns.
  expect(ranking).toEqual(english.Ranking?.slice(1));
  expect(sheets.Juges?.[0]?.slice(0, 2)).toEqual(['ID', 'Titre']);
  expect(sheets.Juges?.slice(1)).toEqual(english.Judges?.slice(1));
  expect(sheets.Commentaires?.[0]).toEqual([
    'ID de l’élément',
    'Élément',
    'Juge',
    'Critère',
    'Commentaire',
    'Partagé',
    'Date',
  ]);
  expect(sheets.Commentaires?.[1]?.slice(1, 5)).toEqual(['C', expect.any(String), 'Market', 'Bold']);

  // The value column is named after the selection's type.
  const tokens = await f.createIssue(team.id, 'TokenIssue', { nbTokens: 10, maxPerItem: 5 });
  await f.addItems(tokens.id, [items.a.id]);
  expect((await exported(tokens.id)).Classement?.[0]?.[4]).toBe('Jetons');
});

it('follows the filters and leaves item fields out by default', async () => {
  const { token, issue } = await f.createRatingSetup();
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issue.id}/export_excel/?only_verified_emails=true`,
    token,
  });
  const sheets = await readWorkbook(reply.rawPayload);
  expect(sheets.Ranking?.[0]).toHaveLength(12);
  expect(sheets.Ranking?.slice(1).map((row) => row[2])).toEqual(['C', 'B', 'A', 'D']);
  expect(sheets.Judges?.[0]).toHaveLength(4);
});

it('exports on Node 20, which has no Map.groupBy, with the item fields too', async () => {
  const { token, issue } = await f.createRatingSetup();
  const groupBy = Map.groupBy;
  Reflect.deleteProperty(Map, 'groupBy');
  try {
    const url = `/api/v1/issues/${issue.id}/export_excel/?include_dataset=true`;
    const reply = await t.request({ method: 'GET', url, token });
    expect(reply.statusCode).toBe(200);
    const sheets = await readWorkbook(reply.rawPayload);
    expect(sheets.Judges?.slice(1).map((row) => row[1])).toEqual(['B', 'C', 'A', 'D']);
  } finally {
    Map.groupBy = groupBy;
  }
});

it("answers 404 for another team's selection", async () => {
  const { issue } = await f.createRatingSetup();
  const other = await t.createAdmin();
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issue.id}/export_excel/`,
    token: other.token,
  });
  expect(reply.statusCode).toBe(404);
});

it('reads no batch past the first for a download left at once, on either engine', async () => {
  const { team } = await t.createAdmin();
  const issue = await f.createIssue(team.id, 'RatingIssue');
  const items = await f.createItems(
    team.id,
    Array.from({ length: 1500 }, (_, index) => ({ title: `Item ${index}` })),
  );
  await f.addItems(
    issue.id,
    items.map((item) => item.id),
  );
  const counted = countingStatements(t.app.ctx.db);
  const { include_dataset: _, k: __, ...filters } = reportExportWithTopKQuerySchema.parse({});
  const output = outputLeftAtOnce();
  const write = writeReportWorkbook(
    { ...t.app.ctx, db: counted.db },
    { issue, filters, includeDataset: false, language: 'en' },
    output,
  );
  await expect(write).rejects.toThrow(DownloadLeft);
  // What comes before the first batch of rows is written (the fold, the criteria, the ranking: on the
  // embedded engine its order, then the figures of its first part) and that batch's paths. Reading on took
  // more batches of paths, then the judges, their values, the comments and the agreement: the whole
  // report, for no one.
  expect(counted.statements()).toBe(t.app.ctx.engine === 'pglite' ? 5 : 4);
});

it('writes the same workbook read one item a statement, as the embedded engine reads a large selection', async () => {
  const { token, issue, items, q1, q2 } = await f.createRatingSetup();
  await f.submit(issue.id, (await f.addJudge(issue.id)).id, [], [[items.c.id, 'Bold', q2.id]]);
  const exported = async (query: string) => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/export_excel/?${query}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    return readWorkbook(reply.rawPayload);
  };
  // The whole read and the parts' read of every sheet: the default view, a criterion (its values
  // recomputed from the answers), the normalised values and the top k's probabilities.
  for (const query of ['', `criteria=${q1.id}`, 'normalised=true&k=2']) {
    const whole = await exported(query);
    expect(whole.Judges?.length).toBe(5);
    expect(await oneItemAStatement(() => exported(query))).toEqual(whole);
  }
});

it('ranks ties by title then id, and normalised by the whole ranking, when the ranking is read in parts', async () => {
  const admin = await t.createAdmin();
  // Equal averages under titles that differ only in case, and one item nobody rated: the order's tie-breaks.
  const made = await f.createItems(admin.team.id, [
    { title: 'beta' },
    { title: 'Alpha' },
    { title: 'alpha' },
    { title: 'Gamma' },
    { title: 'unrated' },
  ]);
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
  await f.addItems(
    issue.id,
    made.map((item) => item.id),
  );
  const [beta, alpha1, alpha2, gamma] = made;
  if (!beta || !alpha1 || !alpha2 || !gamma) throw new Error('no items');
  // Two judges of different severity: beta and Gamma tie raw (5.5), beta alone first once normalised.
  const harsh = await f.addJudge(issue.id);
  const lenient = await f.addJudge(issue.id);
  await f.submit(issue.id, harsh.id, [
    [beta.id, 2],
    [alpha1.id, 3],
    [alpha2.id, 3],
    [gamma.id, 1],
  ]);
  await f.submit(issue.id, lenient.id, [
    [beta.id, 9],
    [alpha1.id, 7],
    [alpha2.id, 7],
    [gamma.id, 10],
  ]);
  const ranking = async (query: string) => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/export_excel/?${query}`,
      token: admin.token,
    });
    expect(reply.statusCode).toBe(200);
    return (await readWorkbook(reply.rawPayload)).Ranking;
  };
  for (const query of ['', 'normalised=true']) {
    const whole = await ranking(query);
    expect(await oneItemAStatement(() => ranking(query))).toEqual(whole);
    // Rank and title of each row, as the report page shows them.
    expect(whole?.slice(1).map((row) => [row[0] ?? null, row[2]])).toEqual(
      query === ''
        ? [
            [1, 'beta'],
            [1, 'Gamma'],
            [3, 'Alpha'],
            [3, 'alpha'],
            [null, 'unrated'],
          ]
        : [
            [1, 'beta'],
            [2, 'Alpha'],
            [2, 'alpha'],
            [4, 'Gamma'],
            [null, 'unrated'],
          ],
    );
  }
});
