import {
  AFFINITY_CSV_ERRORS_MAX,
  AFFINITY_CSV_HEADER,
  type Affinity,
  type AffinityUploadResult,
} from '@shortlist/contract';
import { eq, inArray } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issueAffinities, issueDatasets } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { explainPairs, loadJudgeTexts, saveSettings, type Tx } from './affinity-matrix.ts';
import { loadItemTexts } from './item-texts.ts';

/** What is wrong with a line of the CSV, as the reply says it (the French in http/messages-fr.ts). */
const CSV_LINE_MESSAGE = {
  header: 'Line 1: the header must be judge,item,score.',
  values: (line: number) => `Line ${line}: three values are expected: judge, item, score.`,
  judge: (line: number) => `Line ${line}: this is not a judge of this selection.`,
  item: (line: number) => `Line ${line}: this item is not part of this selection.`,
  score: (line: number) => `Line ${line}: the score must be a number between 0 and 1.`,
  twice: (line: number) => `Line ${line}: this pair was given on an earlier line.`,
};
type LineProblem = Exclude<keyof typeof CSV_LINE_MESSAGE, 'header'>;

interface Row {
  accessId: number;
  datasetId: number;
  score: number;
}

/**
 * The uploaded matrix as rows (decision 202): `judge,item,score` with a header; the judge by user id or
 * e-mail, the item by id; a semicolon-separated file (a French spreadsheet's) may write 0,75. Every bad line
 * is named (up to AFFINITY_CSV_ERRORS_MAX) and nothing is kept.
 */
export function parseAffinityCsv(
  csv: string,
  judges: { accessId: number; userId: number; email: string }[],
  itemIds: Set<number>,
): Row[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const separator = (lines[0] ?? '').includes(';') ? ';' : ',';
  const cells = (line: string) =>
    line.split(separator).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
  const errors: string[] = [];
  const header = cells(lines[0] ?? '').map((cell) => cell.toLowerCase());
  if (header.join(',') !== AFFINITY_CSV_HEADER.join(','))
    throw fieldErrors({ csv: [CSV_LINE_MESSAGE.header] });
  const byKey = new Map<string, number>();
  for (const judge of judges) {
    byKey.set(String(judge.userId), judge.accessId);
    byKey.set(judge.email.toLowerCase(), judge.accessId);
  }
  const seen = new Set<string>();
  /** A line's row, or what is wrong with it. */
  function read(line: string): Row | LineProblem {
    const values = cells(line);
    if (values.length !== 3) return 'values';
    const [judge, item, score] = values as [string, string, string];
    const accessId = byKey.get(judge.toLowerCase());
    const datasetId = /^\d+$/.test(item) ? Number(item) : Number.NaN;
    const value = Number(separator === ';' ? score.replace(',', '.') : score);
    if (accessId === undefined) return 'judge';
    if (!itemIds.has(datasetId)) return 'item';
    if (score === '' || !Number.isFinite(value) || value < 0 || value > 1) return 'score';
    const key = `${accessId}:${datasetId}`;
    if (seen.has(key)) return 'twice';
    seen.add(key);
    return { accessId, datasetId, score: value };
  }
  const rows: Row[] = [];
  lines.slice(1).forEach((line, k) => {
    if (line.trim() === '' || errors.length >= AFFINITY_CSV_ERRORS_MAX) return;
    const row = read(line);
    if (typeof row === 'string') errors.push(CSV_LINE_MESSAGE[row](k + 2));
    else rows.push(row);
  });
  if (errors.length) throw fieldErrors({ csv: errors });
  return rows;
}

/** POST issues/{id}/affinities/: replaces the selection's uploaded matrix; it then assigns by it. */
export async function uploadAffinities(
  ctx: AppContext,
  issue: IssueRow,
  csv: string,
): Promise<AffinityUploadResult> {
  const [judges, items] = await Promise.all([
    loadJudgeTexts(ctx, issue),
    ctx.db
      .select({ id: issueDatasets.datasetId })
      .from(issueDatasets)
      .where(eq(issueDatasets.issueId, issue.id)),
  ]);
  const rows = parseAffinityCsv(csv, judges, new Set(items.map((item) => item.id)));
  await ctx.db.transaction(async (tx) => {
    await clearUploaded(tx, issue.id);
    for (let from = 0; from < rows.length; from += 5000)
      await tx.insert(issueAffinities).values(rows.slice(from, from + 5000));
    await saveSettings(tx, issue.id, { affinitySource: 'uploaded', upperBound: null, boundPairs: null });
  });
  return { pairs: rows.length, source: 'uploaded' };
}

function clearUploaded(db: Tx, issueId: number) {
  return db
    .delete(issueAffinities)
    .where(
      inArray(
        issueAffinities.accessId,
        db.select({ id: issueAccesses.id }).from(issueAccesses).where(eq(issueAccesses.issueId, issueId)),
      ),
    );
}

/** DELETE issues/{id}/affinities/: the uploaded matrix goes; affinities come from the text again. */
export async function deleteAffinities(ctx: AppContext, issue: IssueRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await clearUploaded(tx, issue.id);
    await saveSettings(tx, issue.id, { affinitySource: 'text', upperBound: null, boundPairs: null });
  });
}

/**
 * GET issues/{id}/affinities/: a page of judge × item pairs (by judge, then item number), optionally of some
 * judges and items, each with its score and the terms it matched on.
 */
export async function listAffinities(
  ctx: AppContext,
  issue: IssueRow,
  query: { offset: number; limit: number; users?: number[]; datasets?: number[] },
): Promise<{ count: number; results: Affinity[] }> {
  const [items, judges] = await Promise.all([loadItemTexts(ctx, issue), loadJudgeTexts(ctx, issue)]);
  const itemRows = items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => !query.datasets?.length || query.datasets.includes(item.id));
  const judgeRows = judges
    .map((judge, j) => ({ judge, j }))
    .filter(({ judge }) => !query.users?.length || query.users.includes(judge.userId));
  const total = itemRows.length * judgeRows.length;
  const page: { i: number; j: number; user: number; dataset: number }[] = [];
  for (let k = query.offset; k < Math.min(total, query.offset + query.limit); k++) {
    const judge = judgeRows[Math.floor(k / itemRows.length)];
    const item = itemRows[k % itemRows.length];
    if (judge && item) page.push({ i: item.i, j: judge.j, user: judge.judge.userId, dataset: item.item.id });
  }
  const { scores, terms } = await explainPairs(
    ctx,
    issue,
    items,
    judges,
    page.map(({ i, j }) => [i, j]),
  );
  return {
    count: total,
    results: page.map((pair, k) => ({
      user: pair.user,
      dataset: pair.dataset,
      score: Math.round((scores[k] ?? 0) * 1e6) / 1e6,
      matched_on: terms[k] ?? [],
    })),
  };
}
