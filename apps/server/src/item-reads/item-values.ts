import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idList, selectRows } from '../db/raw-rows.ts';
import { rounded } from '../db/report-figures.ts';
import { hasAnyTag } from '../db/tag-match.ts';
import { judgesCte, type ValueFilters } from './judge-values.ts';
import {
  answerSources,
  criterionNormalisedValues,
  normalisedValues,
  storedSources,
} from './value-sources.ts';

interface ItemCriterion {
  question: number;
  average: number | null;
  nb_answers: number;
}

/** How a report query reads what is stored. */
export interface ReadOptions {
  /** The JSON reply: rows in no order, the stored figures' text (see `itemValuesQuery`). */
  reply?: boolean;
  /** The per-criterion figures of `report_item_stats` are current for these selections: read them. */
  storedCriterionFigures?: boolean;
  /**
   * Only these items' rows (a part of the selections' items, `item-parts.ts`): each row's figures as the
   * whole read has them, but `rank` and `raw_rank` among the part only; `itemOrderQuery` ranks them all.
   */
  datasetIds?: number[];
}

export interface ItemValueRow {
  issue_id: number;
  dataset_id: number;
  title: string;
  tags: string[];
  value: number | null;
  nb_answers: number;
  nb_accessors: number;
  rank: number;
  criteria: ItemCriterion[];
  stdev: number | null;
  range: number | null;
  /** The largest of the judges' values (normalised if asked); null: no value. */
  max_value: number | null;
  /** The rank on the raw values: equal to `rank` unless normalised. */
  raw_rank: number;
  /** Normalised only: the judges whose values stayed raw, on every row of their selection. */
  raw_judges: number[] | null;
}

/** Whether the report reads each item's stored aggregates (`report_item_stats`): the default views. */
export const readsItemStats = (filters: ValueFilters) =>
  !filters.criteria?.length && !filters.onlyVerifiedEmails;

/** Whether the report asked can read the stored per-criterion figures: the default view, per judge and criterion. */
export const readsCriterionFigures = (filters: ValueFilters) =>
  filters.normalised === true && filters.perCriterion === true && readsItemStats(filters);

/**
 * The normalised report's `item_values` as stored for each item of a rating selection: per judge
 * (`norm_*`, written by the fold, migration 0031, decision 84: from the z sums, or value by value where the
 * scale cuts) or per judge and criterion (`crit_*`, written by `refreshCriterionFigures`, decision 126);
 * other selections stay raw, with their raw figures.
 */
function normalisedItemValuesCte(
  issueIds: number[],
  criteriaBeside: (figures: SQL) => SQL,
  prefix: 'norm' | 'crit',
): SQL {
  const normal = (normalised: string, raw: string) =>
    sql.raw(`CASE WHEN i.resourcetype = 'RatingIssue' THEN s.${prefix}_${normalised} ELSE s.${raw} END`);
  const figures = normal('figures_json', 'figures_json');
  return sql`item_values AS MATERIALIZED (
      SELECT s.issue_id, s.dataset_id, s.nb_values AS nb_answers, ${normal('mean', 'rounded_mean')} AS mean,
        s.rounded_total AS total, s.rounded_mean AS raw_mean, ${normal('stdev', 'rounded_stdev')} AS stdev,
        ${normal('range', 'rounded_range')} AS range, ${normal('max', 'max_value')} AS max_value,
        ${figures} AS figures, ${criteriaBeside(figures)} AS criteria
      FROM report_item_stats s JOIN issues i ON i.id = s.issue_id
      WHERE s.issue_id IN (${idList(issueIds)})
    )`;
}

/**
 * Per item: number of values, mean, total, raw mean (normalised only), σ and range, rounded to the report's
 * decimals, and the largest value. The default view reads them from `report_item_stats` (one row an item,
 * exact sums kept by the fold, decision 55, the figures rounded when the row is written, decision 66), and
 * `figures`, the item's members of the reply as JSON text written by the fold (decision 84); a filter or
 * the normalised report aggregates the judge values in `scored_values` (and has no `figures`). The mean passes
 * through float8 either way, so that it rounds like an `avg` of the values. MATERIALIZED: planned apart
 * from the joins of the items to their counts and criteria, it cost PGlite 5 ms less planning and its
 * normalised report 50 ms less running (decision 66).
 */
function itemValuesCte(
  issueIds: number[],
  filters: ValueFilters,
  { reply = false, storedCriterionFigures = false }: ReadOptions = {},
): SQL {
  // The default view's sources leave `criterion_values` empty (the stored rows hold the criteria): a
  // report aggregated from `scored_values` (per criterion) takes them from there.
  const storedCriteria = readsItemStats(filters)
    ? sql`(SELECT s.criteria_json FROM report_item_stats s WHERE s.issue_id = v.issue_id AND s.dataset_id = v.dataset_id)`
    : sql`NULL::text`;
  // The stored criteria, unless the reply takes the stored figures, which hold them.
  const criteriaBeside = (figures: SQL) =>
    reply ? sql`CASE WHEN ${figures} IS NULL THEN s.criteria_json END` : sql`s.criteria_json`;
  if (readsItemStats(filters) && filters.normalised === true && filters.perCriterion !== true) {
    return normalisedItemValuesCte(issueIds, criteriaBeside, 'norm');
  }
  if (storedCriterionFigures && readsCriterionFigures(filters)) {
    return normalisedItemValuesCte(issueIds, criteriaBeside, 'crit');
  }
  if (readsItemStats(filters) && filters.normalised !== true) {
    return sql`item_values AS MATERIALIZED (
      SELECT issue_id, dataset_id, nb_values AS nb_answers, rounded_mean AS mean, rounded_total AS total,
        NULL::float8 AS raw_mean, rounded_stdev AS stdev, rounded_range AS range, max_value,
        figures_json AS figures, ${criteriaBeside(sql`s.figures_json`)} AS criteria
      FROM report_item_stats s WHERE issue_id IN (${idList(issueIds)})
    )`;
  }
  return sql`item_values AS MATERIALIZED (
      SELECT issue_id, dataset_id, count(*)::int AS nb_answers, ${rounded(sql`avg(value)`)} AS mean,
        ${rounded(sql`sum(value)`)} AS total, ${rounded(sql`avg(raw)`)} AS raw_mean,
        ${rounded(sql`CASE WHEN count(value) >= 2 THEN stddev_pop(value) END`)} AS stdev,
        ${rounded(sql`CASE WHEN count(value) >= 2 THEN max(value) - min(value) END`)} AS range,
        max(value) AS max_value, NULL::text AS figures, ${storedCriteria} AS criteria
      FROM scored_values v GROUP BY issue_id, dataset_id
    )`;
}

/**
 * The CTEs every report query starts with: `judges`, the value sources (`judge_values`,
 * `criterion_values`), `scored_values` (each judge's value, normalised if asked, and `raw`) and
 * `item_values`. A CTE the query does not name is never run.
 */
export function reportCtes(issueIds: number[], filters: ValueFilters, options: ReadOptions = {}): SQL {
  const { criteria = [] } = filters;
  const sources =
    criteria.length > 0
      ? answerSources(issueIds, criteria)
      : storedSources(issueIds, filters.onlyVerifiedEmails);
  // The stored per-criterion figures come with their `raw_judges`, written beside them.
  const storedRawJudges = sql`raw_judges AS (
      SELECT issue_id, criterion_raw_judges AS users FROM report_folds
      WHERE issue_id IN (${idList(issueIds)}) AND criterion_raw_judges IS NOT NULL
    )`;
  const scored =
    options.storedCriterionFigures && readsCriterionFigures(filters)
      ? storedRawJudges
      : filters.normalised === true && filters.perCriterion === true
        ? criterionNormalisedValues(issueIds, criteria)
        : filters.normalised === true
          ? normalisedValues(issueIds, {
              stored: criteria.length === 0,
              onlyVerifiedEmails: filters.onlyVerifiedEmails,
            })
          : sql`scored_values AS NOT MATERIALIZED (SELECT *, value AS raw FROM judge_values)`;
  return sql`judges AS NOT MATERIALIZED (${judgesCte(issueIds, filters.onlyVerifiedEmails)}),
    ${sources},
    ${scored},
    ${itemValuesCte(issueIds, filters, options)}`;
}

/** The selections' items, those with any of the tags if some are given, only `datasetIds` if given. */
export function itemsCte(issueIds: number[], tags: string[] = [], datasetIds?: number[]): SQL {
  const tagFilter = tags.length > 0 ? sql`AND ${hasAnyTag(sql`d.tags`, tags)}` : sql``;
  const partFilter = datasetIds ? sql`AND d.id IN (${idList(datasetIds)})` : sql``;
  return sql`items AS (
      SELECT idt.issue_id, d.id AS dataset_id, d.title, d.tags
      FROM issue_datasets idt JOIN datasets d ON d.id = idt.dataset_id
      WHERE idt.issue_id IN (${idList(issueIds)}) ${tagFilter} ${partFilter}
    )`;
}

/** An item's value by type: rating, the mean (no judge: none); tokens, picks, comments: the total or 0. */
const itemValue = (mean: SQL, total: SQL) =>
  sql`CASE WHEN i.resourcetype = 'RatingIssue' THEN ${mean} ELSE coalesce(${total}, 0) END`;

/** Competition rank (1, 2, 2, 4) within each selection, best first, no value last. */
const rankOf = (value: SQL) =>
  sql`rank() OVER (PARTITION BY issue_id ORDER BY ${value} DESC NULLS LAST)::int`;

/** An item's `value` and, normalised, `raw_value`, from `item_values iv` and `issues i`. */
const itemScores = (normalised: boolean) =>
  sql`${itemValue(sql`iv.mean`, sql`iv.total`)} AS value,
    ${normalised ? itemValue(sql`iv.raw_mean`, sql`iv.total`) : sql`NULL::float8`} AS raw_value`;

/** The ranks of `itemValuesQuery`'s rows, over `scored`'s `value` and `raw_value`. */
const ranks = (normalised: boolean) =>
  sql`${rankOf(sql`value`)} AS rank, ${rankOf(normalised ? sql`raw_value` : sql`value`)} AS raw_rank`;

/** The report's order: its ranks, then the title in the engine's collation, then the id. */
const RANKING_ORDER = sql`ORDER BY issue_id, rank, lower(title), dataset_id`;

/**
 * The report of one or more selections in ONE query: per item its value (rating: mean over judges of
 * their weighted means; tokens: total; picks: number of picks; text: number of comments), how many judges
 * answered and could answer it, per-criterion averages, σ and range of the judges' values, and the
 * competition rank on the value rounded to 3 decimals. A rating nobody gave has no value; tokens, picks
 * and comments nobody gave count 0. The values come from the stored aggregates (decisions 37 and 55), or
 * from the answers for a subset of criteria. The quartiles of the box plots are `distributionQuery`'s.
 * Rows in the ranking's order. For the JSON reply (`reply`), in no order (it aggregates them in its own)
 * and, where the fold stored an item's figures as JSON text, without its criteria, which they hold: the
 * criteria's text carried through the query's joins and sorts cost a 2,000-item reply a quarter of its
 * statement. `storedCriterionFigures`: the caller made the per-criterion figures current
 * (`refreshCriterionFigures`), which the default view per judge and criterion then reads.
 */
export function itemValuesQuery(
  issueIds: number[],
  filters: ValueFilters = {},
  options: ReadOptions = {},
): SQL {
  const { reply = false } = options;
  const normalised = filters.normalised === true;
  return sql`WITH ${reportCtes(issueIds, filters, options)},
    ${itemsCte(issueIds, filters.tags, options.datasetIds)},
    judge_counts AS (SELECT issue_id, count(*)::int AS n FROM judges GROUP BY issue_id),
    subset_counts AS (
      SELECT j.issue_id, iad.dataset_id, count(*)::int AS n
      FROM judges j JOIN issue_access_datasets iad ON iad.access_id = j.access_id
      WHERE NOT EXISTS (
        SELECT 1 FROM issue_conflicts ic WHERE ic.access_id = j.access_id AND ic.dataset_id = iad.dataset_id
      )
      GROUP BY j.issue_id, iad.dataset_id
    ),
    -- A judge with a conflict of interest is not counted among the item's judges (docs/judging.md).
    conflict_counts AS (
      SELECT j.issue_id, ic.dataset_id, count(*)::int AS n
      FROM judges j JOIN issue_conflicts ic ON ic.access_id = j.access_id
      GROUP BY j.issue_id, ic.dataset_id
    ),
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title, it.tags,
        ${itemScores(normalised)}, iv.stdev, iv.range,
        ${normalised ? sql`coalesce(rj.users, '{}')` : sql`NULL::int[]`} AS raw_judges,
        coalesce(iv.nb_answers, 0) AS nb_answers,
        coalesce(CASE WHEN i.access_all_items THEN jc.n - coalesce(cc.n, 0) ELSE sc.n END, 0) AS nb_accessors,
        coalesce(iv.criteria, cv.criteria, '[]') AS criteria, iv.max_value, iv.figures
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
      LEFT JOIN criterion_values cv ON cv.issue_id = it.issue_id AND cv.dataset_id = it.dataset_id
      LEFT JOIN judge_counts jc ON jc.issue_id = it.issue_id
      LEFT JOIN subset_counts sc ON sc.issue_id = it.issue_id AND sc.dataset_id = it.dataset_id
      LEFT JOIN conflict_counts cc ON cc.issue_id = it.issue_id AND cc.dataset_id = it.dataset_id
      ${normalised ? sql`LEFT JOIN raw_judges rj ON rj.issue_id = it.issue_id` : sql``}
    )
    SELECT *, ${ranks(normalised)} FROM scored ${reply ? sql`` : RANKING_ORDER}`;
}

/**
 * Every item's `rank` and `raw_rank` in the ranking's order, as `itemValuesQuery` gives them, without the
 * figures: where the figures are read in parts (the workbook on the embedded engine), the whole order in a
 * statement of a third of the cost (8–10 against 24 ms on PGlite at 1,000 items, decision 233).
 */
export function itemOrderQuery(issueIds: number[], filters: ValueFilters = {}): SQL {
  const normalised = filters.normalised === true;
  return sql`WITH ${reportCtes(issueIds, filters)},
    ${itemsCte(issueIds, filters.tags)},
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title, ${itemScores(normalised)}
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
    )
    SELECT dataset_id, rank, raw_rank FROM (SELECT *, ${ranks(normalised)} FROM scored) ranked ${RANKING_ORDER}`;
}

/**
 * Only each item's value and rank (the same values and ranks as `itemValuesQuery`), for the merges: no
 * criteria, counts or spread, so that the default view reads nothing but `report_item_stats`.
 */
export function itemRanksQuery(issueIds: number[], filters: ValueFilters = {}): SQL {
  return sql`WITH ${reportCtes(issueIds, filters)},
    ${itemsCte(issueIds, filters.tags)},
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title,
        -- A pairwise item's value is its chance to beat an average item, 1 / (1 + e^−μ) (docs/judging.md).
        CASE WHEN i.resourcetype = 'PairwiseIssue' THEN 1 / (1 + exp(-coalesce(pw.mu, 0)))
          ELSE ${itemValue(sql`iv.mean`, sql`iv.total`)} END AS value
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
      LEFT JOIN pairwise_items pw ON pw.issue_id = it.issue_id AND pw.dataset_id = it.dataset_id
    )
    SELECT *, ${rankOf(sql`value`)} AS rank FROM scored`;
}

/**
 * The judges' values as the report ranks them (normalised if asked, under its filters but tags), one row an
 * item of each selection, in no order: its judges' user ids and values beside them, packed as big-endian
 * int4 and float8 in bytea. For the top-k bootstrap (features/top-k), which resamples judges: 600,000 values
 * cross to Node as 2,000 rows (node-pg took 255 ms of CPU to parse the same as int4[] and float8[]). Per
 * item, not per judge: the values are stored in item order, so grouping them per item reads the table in
 * its order (0.7 s at load 16, 6,000 pages), where grouping per judge visited a page per value (2.7 s,
 * 540,000 pages) or hashed 300 states of 20 KB. The caller keeps the items of the report (its tags) by id.
 * `datasetIds`: only these items' rows (a part, `item-parts.ts`), the same rows as the whole read has.
 */
export function itemValueArraysQuery(
  issueIds: number[],
  filters: ValueFilters = {},
  datasetIds?: number[],
): SQL {
  return sql`WITH ${reportCtes(issueIds, filters)}
    SELECT v.issue_id, v.dataset_id, string_agg(int4send(v.user_id), ''::bytea) AS judges,
      string_agg(float8send(v.value::float8), ''::bytea) AS values
    FROM scored_values v
    WHERE v.value IS NOT NULL ${datasetIds ? sql`AND v.dataset_id IN (${idList(datasetIds)})` : sql``}
    GROUP BY v.issue_id, v.dataset_id`;
}

/** The items of the selections (with any of the tags if some are given), by selection, ordered by id. */
export function itemIdArraysQuery(issueIds: number[], tags: string[] = []): SQL {
  return sql`WITH ${itemsCte(issueIds, tags)}
    SELECT issue_id, array_agg(dataset_id ORDER BY dataset_id) AS datasets FROM items GROUP BY issue_id`;
}

/**
 * The box plot of each named item of one selection: min, quartiles and max of its judges' values under the
 * report's filters (normalised values if asked). Asked only for the items on screen: sorting the values of
 * every item costs the whole report several times over (decision 55).
 */
export function distributionQuery(issueId: number, datasetIds: number[], filters: ValueFilters = {}): SQL {
  return sql`WITH ${reportCtes([issueId], filters)}
    SELECT dataset_id, q[1] AS min, q[2] AS q1, q[3] AS median, q[4] AS q3, q[5] AS max FROM (
      SELECT dataset_id,
        percentile_cont(ARRAY[0, 0.25, 0.5, 0.75, 1]::float8[]) WITHIN GROUP (ORDER BY value) AS q
      FROM scored_values
      WHERE issue_id = ${issueId} AND dataset_id IN (${idList(datasetIds)}) AND value IS NOT NULL
      GROUP BY dataset_id
    ) quartiles
    ORDER BY dataset_id`;
}

export async function selectItemValues(
  db: Db,
  issueIds: number[],
  filters: ValueFilters = {},
  options: Pick<ReadOptions, 'datasetIds'> = {},
) {
  const rows = await selectRows<Omit<ItemValueRow, 'criteria'> & { criteria: string }>(
    db,
    itemValuesQuery(issueIds, filters, options),
  );
  return rows.map((row): ItemValueRow => ({ ...row, criteria: JSON.parse(row.criteria) as ItemCriterion[] }));
}
