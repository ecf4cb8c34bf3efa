import { tagKey } from '@shortlist/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows.ts';
import { datasets, issueDatasets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { emailFactories } from '../emails/test-factories.ts';
import { reportFactories } from '../reports/test-factories.ts';

/**
 * Every place that filters items by tag answers alike for one tag in any case and with spaces around it
 * (decision 175; the contract's `tagKey`): the items list (a tag alone, counted from `dataset_tags`, and
 * with another filter, on the items' rows), a report's items, the ranked report's, promotion to a round by
 * tag and by a report filtered by tags, a mailing's audience.
 */
const ASKED = ['Fintech', ' fintech ', 'FINTECH'];

let t: TestApp;
let setup: Awaited<ReturnType<ReturnType<typeof reportFactories>['createRatingSetup']>>;
beforeAll(async () => {
  t = await createTestApp();
  setup = await reportFactories(t).createRatingSetup();
  await emailFactories(t).setPackage(setup.team.id, {});
  // A and B carry the tag in two cases; C a tag that only starts like it; D none.
  const { a, b, c } = setup.items;
  for (const [item, tags] of [
    [a, ['Fintech', 'health']],
    [b, ['FINTECH']],
    [c, ['Fin']],
  ] as const)
    await t.db
      .update(datasets)
      .set({ tags: [...tags] })
      .where(eq(datasets.id, item.id));
});
afterAll(() => t.close());

const get = async (url: string) => {
  const reply = await t.request({ method: 'GET', url: `/api/v1/${url}`, token: setup.token });
  expect(reply.statusCode).toBe(200);
  return reply.json();
};
const post = async (url: string, payload: object) => {
  const reply = await t.request({ method: 'POST', url: `/api/v1/${url}`, token: setup.token, payload });
  expect(reply.statusCode).toBe(200);
  return reply.json();
};
const titlesOf = (ids: number[]) =>
  Object.entries(setup.items)
    .filter(([, item]) => ids.includes(item.id))
    .map(([name]) => name.toUpperCase())
    .sort();
async function roundTitles(issueId: number) {
  const rows = await t.db.select().from(issueDatasets).where(eq(issueDatasets.issueId, issueId));
  return titlesOf(rows.map((row) => row.datasetId));
}

const PLACES: Record<string, (tag: string) => Promise<unknown>> = {
  'items list, tag alone': async (tag) => {
    const page = await get(`datasets/?team=${setup.team.id}&tag=${encodeURIComponent(tag)}`);
    return [page.count, titlesOf(page.results.map((item: { id: number }) => item.id))];
  },
  'items list, tag and item type': async (tag) => {
    const model = setup.items.a.dataModelId;
    const page = await get(
      `datasets/?team=${setup.team.id}&data_model=${model}&tag=${encodeURIComponent(tag)}`,
    );
    return [page.count, titlesOf(page.results.map((item: { id: number }) => item.id))];
  },
  'report items': async (tag) => {
    const report = await get(`issues/${setup.issue.id}/report_summary/?tags=${encodeURIComponent(tag)}`);
    return titlesOf(report.datasets.map((item: { dataset_id: number }) => item.dataset_id));
  },
  'promotion by tag': async (tag) =>
    roundTitles((await post(`issues/${setup.issue.id}/promote/`, { tag })).issue),
  'promotion by a report filtered by tags': async (tag) =>
    roundTitles((await post(`issues/${setup.issue.id}/promote/`, { top: 10, tags: [tag] })).issue),
  'mailing audience': async (tag) =>
    (await post('email-batches/audience_count/', { team: setup.team.id, audience: { tag } })).nb_datasets,
};

const AB = ['A', 'B'];
const EXPECTED: Record<string, unknown> = {
  'items list, tag alone': [2, AB],
  'items list, tag and item type': [2, AB],
  'report items': AB,
  'promotion by tag': AB,
  'promotion by a report filtered by tags': AB,
  'mailing audience': 2,
};

describe('matching item tags', () => {
  it('is one rule, the contract’s, in SQL as in TypeScript', async () => {
    const keys = await selectRows<{ key: string }>(
      t.db,
      sql`SELECT tag_key(v) AS key FROM unnest(${`{${ASKED.map((v) => `"${v}"`).join(',')}}`}::text[]) AS v`,
    );
    expect(keys.map((row) => row.key)).toEqual(ASKED.map(tagKey));
    expect(new Set(ASKED.map(tagKey))).toEqual(new Set(['fintech']));
  });

  it.each(Object.keys(PLACES))('%s: the same items for each way of writing the tag', async (place) => {
    const answers = [];
    for (const tag of ASKED) answers.push(await PLACES[place]?.(tag));
    // A and B, whatever their tag's case; never C, whose tag only begins the same.
    expect(answers).toEqual(ASKED.map(() => EXPECTED[place]));
  });
});
