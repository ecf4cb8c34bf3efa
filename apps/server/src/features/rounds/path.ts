import type {
  ItemPath,
  ItemPromotion,
  Language,
  PromoteSelector,
  PromotionSourceType,
} from '@shortlist/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { groupRows } from '../../db/group-rows.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { itemRanksQuery } from '../../item-reads/item-values.ts';
import { foldReportChanges } from '../reports/fold.ts';

interface StepRow {
  dataset_id: number;
  source_type: PromotionSourceType;
  source_id: number | null;
  source_title: string;
  source_round: number;
  selector: PromoteSelector;
  rank: number | null;
  value: number | null;
  target_id: number;
  target_title: string;
  target_round: number;
  promoted_at: Date | string;
}

/** The steps that `where` picks (`p` a promotion), each as `StepRow` names its columns. */
const stepsWhere = (where: SQL) => sql`SELECT p.dataset_id, p.source_type,
    coalesce(p.source_issue_id, p.source_merge_id) AS source_id,
    p.source_title, p.source_round, p.selector, p.rank, p.value,
    i.id AS target_id, i.title AS target_title, i.round AS target_round, p.create_time AS promoted_at, p.id
  FROM item_promotions p
  JOIN issues i ON i.id = p.target_issue_id
  JOIN issue_datasets idt ON idt.issue_id = p.target_issue_id AND idt.dataset_id = p.dataset_id
  WHERE ${where}`;
/** Oldest round first: the order a path is told in. */
const STEP_ORDER = sql.raw('source_round, promoted_at, id');

/**
 * The promotions of the items, oldest round first: only the steps into a selection that still holds the
 * item (one it was taken out of is no longer on its path).
 */
export async function readPromotionSteps(db: Db, datasetIds: number[]) {
  if (datasetIds.length === 0) return new Map<number, StepRow[]>();
  const rows = await selectRows<StepRow>(
    db,
    sql`${stepsWhere(sql`p.dataset_id IN (${idList(datasetIds)})`)} ORDER BY dataset_id, ${STEP_ORDER}`,
  );
  return groupRows(rows, (row) => row.dataset_id);
}

/**
 * The same steps of one item as a JSON array, a column of a statement that reads items: an export's
 * batch reads its path cells with its rows, not in a statement of their own.
 */
export const promotionStepsJson = (datasetId: SQLWrapper) =>
  sql<StepRow[]>`coalesce((SELECT json_agg(s ORDER BY ${STEP_ORDER})
    FROM (${stepsWhere(sql`p.dataset_id = ${datasetId}`)}) s), '[]'::json)`;

/** The words of a path cell, in the exporting admin's language (the item's "Rounds" drawer's). */
const WORDS = {
  en: { round: (round: number) => `Round ${round}`, rank: (rank: number) => `rank ${rank}` },
  fr: { round: (round: number) => `Tour ${round}`, rank: (rank: number) => `rang ${rank}` },
} as const;

/**
 * An item's path as a cell of the exports: "Round 1 · Call (rank 4) → Round 2 · Call — round 2", one
 * step after another (`; ` between steps that do not follow each other). Empty: never promoted.
 */
export function pathText(steps: StepRow[], language: Language) {
  const words = WORDS[language];
  type Stop = { id: number | null; text: string; rank: number | null };
  const chains: Stop[][] = [];
  for (const step of steps) {
    // A step out of the selection an earlier one led to continues that line.
    const chain =
      step.source_type === 'selection'
        ? chains.find((stops) => stops.at(-1)?.id === step.source_id)
        : undefined;
    const target = {
      id: step.target_id,
      text: `${words.round(step.target_round)} · ${step.target_title}`,
      rank: null,
    };
    if (chain) {
      const last = chain.at(-1);
      if (last) last.rank = step.rank;
      chain.push(target);
    } else {
      const source = {
        id: step.source_type === 'selection' ? step.source_id : null,
        text: `${words.round(step.source_round)} · ${step.source_title}`,
        rank: step.rank,
      };
      chains.push([source, target]);
    }
  }
  const stopText = (stop: Stop) =>
    stop.rank === null ? stop.text : `${stop.text} (${words.rank(stop.rank)})`;
  return chains.map((stops) => stops.map(stopText).join(' → ')).join('; ');
}

/** The export's path cell of each item that has one. */
export async function pathTexts(db: Db, datasetIds: number[], language: Language) {
  const steps = await readPromotionSteps(db, datasetIds);
  return new Map([...steps].map(([id, rows]) => [id, pathText(rows, language)]));
}

/** `GET datasets/{id}/path/`: the item's steps with its rank and value in each target now. */
export async function getItemPath(ctx: AppContext, datasetId: number): Promise<ItemPath> {
  const steps = (await readPromotionSteps(ctx.db, [datasetId])).get(datasetId) ?? [];
  const targets = [...new Set(steps.map((step) => step.target_id))];
  let now = new Map<number, { rank: number | null; value: number | null }>();
  if (targets.length > 0) {
    await foldReportChanges(ctx.db, targets, { normalised: false });
    const rows = await selectRows<{ issue_id: number; rank: number; value: number | null }>(
      ctx.db,
      sql`SELECT issue_id, rank, value FROM (${itemRanksQuery(targets)}) r WHERE dataset_id = ${datasetId}`,
    );
    now = new Map(
      rows.map((row) => [row.issue_id, { rank: row.value === null ? null : row.rank, value: row.value }]),
    );
  }
  return {
    dataset: datasetId,
    steps: steps.map(
      (step): ItemPromotion => ({
        source: {
          type: step.source_type,
          id: step.source_id,
          title: step.source_title,
          round: step.source_round,
        },
        rank: step.rank,
        value: step.value,
        selector: step.selector,
        target: {
          id: step.target_id,
          title: step.target_title,
          round: step.target_round,
          rank: now.get(step.target_id)?.rank ?? null,
          value: now.get(step.target_id)?.value ?? null,
        },
        promoted_at: new Date(step.promoted_at).toISOString(),
      }),
    ),
  };
}
