// When the report shows a burst: a GET of report_summary whose every item's criterion averages are those
// of every judge's latest body (the deferred fold included: the read folds what the background task left).
import type { BenchClient } from '../report-scale/client.ts';
import { answerValue, type Kind, type Selection } from './seed.ts';

/** The report rounds a criterion's average to 3 decimals. */
const ROUNDING = 0.0005 + 1e-9;
const POLL_MS = 100;
/** Past this the report is taken never to show the burst (a lost answer): the bench fails. */
const GIVE_UP_MS = 5 * 60_000;

interface ReportReply {
  datasets: {
    dataset_id: number;
    criteria: { question: number; average: number | null; nb_answers: number }[];
  }[];
}

/** Each item's average on each criterion once every judge of the selection has submitted `kind`. */
export function expectedAverages(selection: Selection, kind: Kind): Float64Array {
  const { items, questions } = selection;
  const judges = [...selection.lone, ...selection.paced, ...selection.judges];
  const averages = new Float64Array(items.length * questions.length);
  for (let i = 0; i < items.length; i++) {
    for (let q = 0; q < questions.length; q++) {
      let total = 0;
      for (const judge of judges) total += answerValue(judge.userId, i, q, kind);
      averages[i * questions.length + q] = total / judges.length;
    }
  }
  return averages;
}

/** Whether the reply shows exactly the expected averages, from every judge, on every item. */
function shows(reply: ReportReply, selection: Selection, expected: Float64Array) {
  const judges = selection.lone.length + selection.paced.length + selection.judges.length;
  const row = new Map(selection.items.map((id, i) => [id, i]));
  const column = new Map(selection.questions.map((id, q) => [id, q]));
  let seen = 0;
  for (const item of reply.datasets) {
    const i = row.get(item.dataset_id);
    if (i === undefined) return false;
    for (const criterion of item.criteria) {
      const q = column.get(criterion.question);
      const average = expected[i * selection.questions.length + (q ?? 0)];
      if (q === undefined || average === undefined || criterion.nb_answers !== judges) return false;
      if (criterion.average === null || Math.abs(criterion.average - average) > ROUNDING) return false;
      seen++;
    }
  }
  return seen === expected.length;
}

/**
 * GETs the report until it shows every answer of the burst; answers when the showing reply came (a
 * `performance.now()`, NaN if it never did) and how many reads it took.
 */
export async function untilVisible(
  client: BenchClient,
  selection: Selection,
  expected: Float64Array,
): Promise<{ at: number; reads: number }> {
  const start = performance.now();
  for (let reads = 1; ; reads++) {
    // A read whose fold ran past the report's statement bound answers 503: the admin reads again.
    const reply = await client
      .json<ReportReply>(`/issues/${selection.issueId}/report_summary/`)
      .catch((error: unknown) => {
        console.error(`    the report: ${String(error).slice(0, 120)}`);
        return { datasets: [] };
      });
    if (shows(reply, selection, expected)) return { at: performance.now(), reads };
    if (performance.now() - start > GIVE_UP_MS) return { at: Number.NaN, reads };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
