import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccesses, issueAnswers, issueComments, issues, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { judgeCall, judgeRoutes } from './judge-routes.ts';
import type { OpenApiPaths } from './probe-values.ts';

/**
 * Two other judges of each selection, their ids far from any the database hands out, so that one found
 * in a reply is theirs; the reader's access row comes between theirs (their letters: A and C).
 */
const OTHERS = [
  {
    userId: 4_440_001,
    accessId: 5_550_001,
    email: 'wilhelmina-judge@example.test',
    first: 'Wilhelmina',
    last: 'Quaxworth',
  },
  {
    userId: 4_440_002,
    accessId: 5_550_003,
    email: 'octavian-judge@example.test',
    first: 'Octavian',
    last: 'Brimblecombe',
  },
];
const READER = { userId: 4_440_009, accessId: 5_550_002, email: 'reader-judge@example.test' };
const TYPES = ['RatingIssue', 'RankedIssue', 'PairwiseIssue'] as const;

type Judge = { userId: number; accessId: number; email: string; token: string };
type Call = { route: string; status: number; body: string };

describe('every route of a judge’s link, under "hide judges’ names" (issue 53, point 3)', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
  });
  afterAll(() => t.close());

  const judge = async (
    issueId: number,
    who: Omit<Judge, 'token'>,
    name?: { first: string; last: string },
  ) => {
    await t.db
      .insert(users)
      .values({
        id: who.userId,
        username: who.email,
        email: who.email,
        firstName: name?.first,
        lastName: name?.last,
      })
      .onConflictDoNothing();
    const token = randomBytes(24).toString('base64url');
    await t.db
      .insert(issueAccesses)
      .values({ id: who.accessId + issueId * 10, issueId, userId: who.userId, token });
    return { ...who, accessId: who.accessId + issueId * 10, token };
  };

  /** A selection of this type, its two items, the others' shared comments and answers, and the reader's. */
  async function setup(resourcetype: (typeof TYPES)[number], hideJudgeNames: boolean) {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, resourcetype, { hideJudgeNames });
    const items = await f.addItems(issue.id, admin.team.id, ['Acme', 'Globex']);
    const [first, second] = OTHERS as [(typeof OTHERS)[0], (typeof OTHERS)[0]];
    const others = [await judge(issue.id, first, first)];
    const reader = await judge(issue.id, READER);
    others.push(await judge(issue.id, second, second));
    // The others use every route first, as judges do (drafts, submissions, conflicts, votes), then
    // comment and rate: their submission would have replaced what they wrote before it.
    for (const other of others) await walk(issue.id, items[1]?.id ?? 0, other.token);
    for (const [k, other] of others.entries()) {
      await t.db.insert(issueComments).values({
        issueId: issue.id,
        datasetId: items[0]?.id ?? 0,
        userId: other.userId,
        content: `Shared by the ${k === 0 ? 'first' : 'second'}`,
        shared: true,
      });
      await t.db
        .insert(issueAnswers)
        .values({ issueId: issue.id, datasetId: items[0]?.id ?? 0, userId: other.userId, value: 3 });
    }
    return { admin, issue, items, others, reader };
  }

  /** Every route of a judge's link (`judge-routes.ts`), called with this judge's token. */
  async function walk(issueId: number, itemId: number, token: string): Promise<Call[]> {
    const calls: Call[] = [];
    for (const route of judgeRoutes((t.app.swagger() as { paths: OpenApiPaths }).paths)) {
      const reply = await t.request(judgeCall(route, { issue: issueId, item: itemId, token }));
      calls.push({ route: `${route.method} ${route.path}`, status: reply.statusCode, body: reply.body });
    }
    return calls;
  }

  /** What of the other judges a reply names: their ids (as whole numbers), e-mails, names and tokens. */
  const leaks = (body: string, others: Judge[]) =>
    others.flatMap((other) => {
      const person = OTHERS.find((o) => o.userId === other.userId);
      const ids = [other.userId, other.accessId].filter((id) =>
        new RegExp(`(?<!\\d)${id}(?!\\d)`).test(body),
      );
      const texts = [other.email, other.token, person?.first, person?.last].filter(
        (text) => text !== undefined && body.toLowerCase().includes(text.toLowerCase()),
      );
      return [...ids, ...texts];
    });

  it('names no other judge in any reply, on every type of selection that hides their names', async () => {
    const walked = new Set<string>();
    for (const resourcetype of TYPES) {
      const { issue, items, others, reader } = await setup(resourcetype, true);
      const itemId = items[0]?.id ?? 0;
      for (const call of await walk(issue.id, itemId, reader.token)) {
        walked.add(call.route);
        expect([resourcetype, call.route, call.status < 500]).toEqual([resourcetype, call.route, true]);
        expect([resourcetype, call.route, leaks(call.body, others)]).toEqual([resourcetype, call.route, []]);
      }
      // The others' comments reach the reader by their letters in the selection, the reader's own by name
      // (written after the walk, whose submission replaced the reader's comments).
      await t.db.insert(issueComments).values({
        issueId: issue.id,
        datasetId: itemId,
        userId: reader.userId,
        content: 'Mine',
        shared: true,
      });
      const read = async (url: string) =>
        (
          await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/${url}token=${reader.token}` })
        ).json();
      expect((await read('answer_view/?')).shared_comments).toMatchObject([
        { content: 'Shared by the first', user: null, user_fullname: '', pseudonym: 'A' },
        { content: 'Shared by the second', user: null, user_fullname: '', pseudonym: 'C' },
      ]);
      expect((await read('comments/?as_judge=true&')).results).toMatchObject([
        { content: 'Shared by the first', user: null, pseudonym: 'A' },
        { content: 'Shared by the second', user: null, pseudonym: 'C' },
        { content: 'Mine', user: reader.userId, pseudonym: null },
      ]);
    }
    // Every route that takes a link's token (17 today): the answer page, its lists and counts, the draft,
    // the submission, the conflicts, the portal, the pairwise pair and vote, and two of the public form's.
    expect(walked.size).toBeGreaterThanOrEqual(15);
  });

  it('names them where the selection does not hide names, and to its admins (the check above can fail)', async () => {
    const { admin, issue, items, others, reader } = await setup('RatingIssue', false);
    const calls = await walk(issue.id, items[0]?.id ?? 0, reader.token);
    const view = calls.find((call) => call.route === 'GET /api/v1/issues/{id}/answer_view/');
    expect(leaks(view?.body ?? '', others)).toEqual(
      expect.arrayContaining([others[0]?.userId, 'Wilhelmina', 'Quaxworth', others[1]?.userId, 'Octavian']),
    );
    await t.db.update(issues).set({ hideJudgeNames: true }).where(eq(issues.id, issue.id));
    const comments = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/comments/`,
      token: admin.token,
    });
    expect(leaks(comments.body, others)).toEqual(
      expect.arrayContaining([others[0]?.userId, 'Wilhelmina', others[1]?.userId, 'Octavian']),
    );
  });
});
