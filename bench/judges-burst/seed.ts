// One rating selection of the judges bench: 2,000 items × 5 criteria, its burst's judges and a few lone
// judges, each with their personal link, written in a few statements; and each judge's two bodies.
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
export const LONE_JUDGES = 3;
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

export interface Selection {
  issueId: number;
  judges: Judge[];
  lone: Judge[];
  paced: Judge[];
  /** The body of a first submission, and of an edit that changes every value. */
  bodies: { first: string; edit: string };
  /** The sum of one judge's values in each body. */
  sums: { first: number; edit: number };
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
  const answersWith = (shift: number) =>
    items.flatMap((item, i) =>
      questions.map((question, q) => ({
        dataset: item.id,
        question: question.id,
        value: (i + q + shift) % 6,
      })),
    );
  const sumWith = (shift: number) => answersWith(shift).reduce((sum, a) => sum + a.value, 0);
  return {
    issueId: issue.id,
    judges: judges.slice(0, JUDGES),
    lone: judges.slice(JUDGES, JUDGES + LONE_JUDGES),
    paced: judges.slice(JUDGES + LONE_JUDGES),
    // The edit changes every value: the worst case of an edit, every row rewritten.
    bodies: {
      first: JSON.stringify({ answers: answersWith(0), comments: [] }),
      edit: JSON.stringify({ answers: answersWith(1), comments: [] }),
    },
    sums: { first: sumWith(0), edit: sumWith(1) },
  };
}
