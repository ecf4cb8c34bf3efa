import { afterAll, beforeAll, expect, it } from 'vitest';
import { datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook } from '../../test/workbook.ts';
import { reportFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

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

it('exports on Node 20, which has no Map.groupBy', async () => {
  const { token, issue } = await f.createRatingSetup();
  const groupBy = Map.groupBy;
  Reflect.deleteProperty(Map, 'groupBy');
  try {
    const reply = await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/export_excel/`, token });
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
