import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook, setLanguage } from '../../test/workbook.ts';
import { reportFactories } from '../reports/test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

/**
 * Rating R (0–5, weight 2): A 2, B 4, C 3.5, D nobody. Tokens T (weight 1): A 3, B 2, D 5 → by 5: .6, .4, 1.
 * A (.8 + .6)/3 = .467, B (1.6 + .4)/3 = .667, C .7 (R only), D 1 (T only).
 */
it('exports the merged ranking and each selection’s, in the order of the results page', async () => {
  const setup = await f.createRatingSetup();
  const { token, team, issue: rating, items } = setup;
  const { a, b, c, d } = items;
  const tokens = await f.createIssue(team.id, 'TokenIssue', {
    title: 'Tokens: round/2',
    nbTokens: 10,
    maxPerItem: 5,
  });
  await f.addItems(tokens.id, [a.id, b.id, d.id]);
  await f.submit(tokens.id, (await f.addJudge(tokens.id)).id, [
    [a.id, 3],
    [b.id, 2],
    [d.id, 5],
  ]);
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/issues-merge/',
    token,
    payload: {
      title: 'Final: 2026',
      team: team.id,
      issue_merge_infos: [
        { issue: rating.id, weight: 2 },
        { issue: tokens.id, weight: 1 },
      ],
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id;

  const reply = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${id}/export_excel/`, token });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('spreadsheetml');
  expect(reply.headers['content-disposition']).toBe('attachment; filename="Final_ 2026 - merge.xlsx"');
  const sheets = await readWorkbook(reply.rawPayload);
  // The second sheet's name loses the characters Excel refuses.
  expect(Object.keys(sheets)).toEqual(['Merged ranking', rating.title, 'Tokens  round 2']);
  const [header, ...merged] = sheets['Merged ranking'] ?? [];
  expect(header).toEqual([
    'Rank',
    'ID',
    'Title',
    `${rating.title} (weight 2)`,
    'Tokens: round/2 (weight 1)',
    'Result',
  ]);
  // An empty cell for an item a selection lacks (C in T) or that nobody rated (D in R).
  expect(merged).toEqual([
    [1, d.id, 'D', undefined, 5, 1],
    [2, c.id, 'C', 3.5, undefined, 0.7],
    [3, b.id, 'B', 4, 2, 0.667],
    [4, a.id, 'A', 2, 3, 0.467],
  ]);
  const results = (
    await t.request({ method: 'GET', url: `/api/v1/issues-merge/${id}/results/`, token })
  ).json();
  expect(merged.map((row) => row[1])).toEqual(results.order);
  expect(sheets['Tokens  round 2']).toEqual([
    ['Rank', 'ID', 'Title', 'Value'],
    [1, d.id, 'D', 5],
    [2, a.id, 'A', 3],
    [3, b.id, 'B', 2],
  ]);

  // In the admin's language: the results page's words, the titles and figures as they are.
  await setLanguage(t, setup, 'fr');
  const exported = async () => {
    const again = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${id}/export_excel/`, token });
    return readWorkbook(again.rawPayload);
  };
  const french = await exported();
  expect(Object.keys(french)).toEqual(['Classement fusionné', rating.title, 'Tokens  round 2']);
  expect(french['Classement fusionné']).toEqual([
    ['Rang', 'ID', 'Titre', `${rating.title} (poids 2)`, 'Tokens: round/2 (poids 1)', 'Résultat'],
    ...merged,
  ]);
  expect(french['Tokens  round 2']?.[0]).toEqual(['Rang', 'ID', 'Titre', 'Valeur']);
  expect(french['Tokens  round 2']?.slice(1)).toEqual(sheets['Tokens  round 2']?.slice(1));
  // A weight with a fraction takes the French decimal comma.
  const patched = await t.request({
    method: 'PATCH',
    url: `/api/v1/issues-merge/${id}/`,
    token,
    payload: {
      issue_merge_infos: [
        { issue: rating.id, weight: 2.5 },
        { issue: tokens.id, weight: 1 },
      ],
    },
  });
  expect(patched.statusCode).toBe(200);
  expect((await exported())['Classement fusionné']?.[0]?.[3]).toBe(`${rating.title} (poids 2,5)`);
});

it('answers 404 for another team’s merge and 400 for a bad flag', async () => {
  const { token, team, issue } = await f.createRatingSetup();
  const second = await f.createIssue(team.id, 'RatingIssue', { maxRating: 5 });
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/issues-merge/',
    token,
    payload: {
      title: 'M',
      team: team.id,
      issue_merge_infos: [
        { issue: issue.id, weight: 1 },
        { issue: second.id, weight: 1 },
      ],
    },
  });
  const url = `/api/v1/issues-merge/${created.json().id}/export_excel/`;
  const stranger = await t.createAdmin();
  expect((await t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
  expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  const bad = await t.request({ method: 'GET', url: `${url}?normalised=maybe`, token });
  expect(bad.statusCode).toBe(400);
});
