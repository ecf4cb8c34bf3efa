// One rating selection of the judges bench: 2,000 items × 5 criteria, its burst's judges and a few lone
// judges, each with their personal link, written in a few statements; and each judge's two bodies, every
// judge's values their own (a hash of the judge, the item and the criterion): no two bodies alike, as no
// two judges rate alike, and an edit changes every value.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  dataModels,
  datasets,
  issueAccesses,
  issueDatasets,
  issueQuestions,
  issues,
  users,
} from '../../apps/server/src/db/schema/index.ts';

/** BENCH_JUDGES=30 runs a smaller burst, to try the bench out. */
export const JUDGES = Number(process.env.BENCH_JUDGES ?? 300);
/** Judges who submit alone, one after the other, before each burst: what a submission takes by itself. */
export const LONE_JUDGES = 5;
/**
 * Judges who submit as many at a time as the machine has cores, each client taking the next judge as soon
 * as the previous one's reply came: what a submission takes when others run beside it but none waits for
 * a core (decision 84: how "p99 of a submission ≤ 2× a lone one" is measured).
 */
export const PACED_JUDGES = 20;
export const ITEMS = 2_000;
export const CRITERIA = 5;
export const ANSWERS_PER_SUBMISSION = ITEMS * CRITERIA;

export interface Judge {
  userId: number;
  token: string;
}

export type Kind = 'first' | 'edit';

export interface Selection {
  issueId: number;
  judges: Judge[];
  lone: Judge[];
  paced: Judge[];
  items: number[];
  questions: number[];
}

/** A judge's value of an item on a criterion, 0–5, in a first submission or an edit (never the same). */
export function answerValue(userId: number, item: number, criterion: number, kind: Kind) {
  let h =
    Math.imul(userId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(item + 1, 0xc2b2ae35) ^ (criterion * 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h = (h ^ (h >>> 15)) >>> 0;
  const first = h % 6;
  return kind === 'first' ? first : (first + 1 + ((h >>> 8) % 5)) % 6;
}

/**
 * The JSON body of a judge's submission: every item on every criterion, or `itemsPerJudge` items of
 * their own (consecutive from a place of the judge's, as an assignment gives each judge a share).
 */
export function bodyOf(
  selection: Selection,
  judge: Judge,
  kind: Kind,
  itemsPerJudge = selection.items.length,
) {
  const answers: string[] = [];
  const { items, questions } = selection;
  const from = itemsPerJudge < items.length ? (judge.userId * 37) % items.length : 0;
  for (let k = 0; k < itemsPerJudge; k++) {
    const i = (from + k) % items.length;
    questions.forEach((question, q) => {
      answers.push(
        `{"dataset":${items[i]},"question":${question},"value":${answerValue(judge.userId, i, q, kind)}}`,
      );
    });
  }
  return `{"answers":[${answers.join(',')}],"comments":[]}`;
}

/** The sum of a judge's values in a body. */
export function sumOf(selection: Selection, judge: Judge, kind: Kind) {
  let sum = 0;
  for (let i = 0; i < selection.items.length; i++) {
    for (let q = 0; q < selection.questions.length; q++) sum += answerValue(judge.userId, i, q, kind);
  }
  return sum;
}

export async function seedSelection(database: Database, teamId: number, name: string): Promise<Selection> {
  const { db } = database;
  const [model] = await db.insert(dataModels).values({ teamId, title: name }).returning();
  if (!model) throw new Error('no model');
  const [issue] = await db
    .insert(issues)
    .values({ teamId, resourcetype: 'RatingIssue', title: name, minRating: 0, maxRating: 5, step: 1 })
    .returning();
  if (!issue) throw new Error('no issue');
  const items = await db
    .insert(datasets)
    .values(Array.from({ length: ITEMS }, (_, i) => ({ teamId, dataModelId: model.id, title: `Item ${i}` })))
    .returning({ id: datasets.id });
  await db.insert(issueDatasets).values(items.map((item) => ({ issueId: issue.id, datasetId: item.id })));
  const questions = await db
    .insert(issueQuestions)
    .values(Array.from({ length: CRITERIA }, (_, i) => ({ issueId: issue.id, title: `Criterion ${i + 1}` })))
    .returning({ id: issueQuestions.id });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: JUDGES + LONE_JUDGES + PACED_JUDGES }, (_, i) => ({
        username: `judge${i}@${name}.bench.test`,
        email: `judge${i}@${name}.bench.test`,
      })),
    )
    .returning({ id: users.id });
  const judges = people.map((person) => ({
    userId: person.id,
    token: randomBytes(24).toString('base64url'),
  }));
  await db
    .insert(issueAccesses)
    .values(judges.map((judge) => ({ issueId: issue.id, userId: judge.userId, token: judge.token })));
  return {
    issueId: issue.id,
    judges: judges.slice(0, JUDGES),
    lone: judges.slice(JUDGES, JUDGES + LONE_JUDGES),
    paced: judges.slice(JUDGES + LONE_JUDGES),
    items: items.map((item) => item.id),
    questions: questions.map((question) => question.id),
  };
}
