import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccesses, issueInvitations, issues, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgeFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof judgeFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = judgeFactories(t);
});
afterAll(() => t.close());

const emailsOf = (reply: { json(): { results: { user: { email: string } }[] } }) =>
  reply.json().results.map((judge) => judge.user.email);

/** Four judges: ann answered, bob invited twice, cid and dan never invited; dan has one item of three. */
async function createJudgedSelection() {
  const setup = await f.createSetup(3);
  const [ann, bob, cid, dan] = await f.addJudges(setup.token, setup.issue.id, [
    'ann@example.org',
    'bob@example.org',
    'cid@example.org',
    'dan@example.org',
  ]);
  if (!ann || !bob || !cid || !dan) throw new Error('setup');
  await t.db
    .update(users)
    .set({ firstName: 'Daniel', lastName: 'Moreau', emailVerificationStatus: 'ver' })
    .where(eq(users.id, dan));
  await t.db.insert(issueInvitations).values([
    { issueId: setup.issue.id, userId: ann },
    { issueId: setup.issue.id, userId: bob },
    { issueId: setup.issue.id, userId: bob },
  ]);
  await f.submitAs(setup.issue.id, ann);
  await f.post(setup.token, setup.issue.id, 'set_datasets_access', {
    user: dan,
    access: true,
    datasets: [setup.items[0]],
  });
  return { ...setup, ann, bob, cid, dan };
}

describe('GET issues/{id}/judges/', () => {
  it('lists judges by e-mail with their link, items, invitations and submission', async () => {
    const { token, issue, ann, bob, dan } = await createJudgedSelection();
    const reply = await f.get(token, issue.id, 'judges/');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().count).toBe(4);
    expect(emailsOf(reply)).toEqual([
      'ann@example.org',
      'bob@example.org',
      'cid@example.org',
      'dan@example.org',
    ]);
    const [first, second] = reply.json().results;
    const [access] = await t.db.select().from(issueAccesses).where(eq(issueAccesses.userId, ann));
    expect(first).toEqual({
      id: expect.any(Number),
      user: {
        id: ann,
        email: 'ann@example.org',
        first_name: '',
        last_name: '',
        email_verification_status: 'unc',
      },
      origin: 'admin',
      issue_answer_link: `http://shortlist.test/selection/${issue.id}/answer?token=${access?.token}`,
      nb_datasets: 3,
      nb_invitations: 1,
      invitations_left: 2,
      has_submitted: true,
      create_time: expect.any(String),
    });
    expect(second).toMatchObject({
      user: { id: bob },
      nb_invitations: 2,
      invitations_left: 1,
      has_submitted: false,
    });

    // With subsets, each judge counts their own items.
    await t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    const subsets = (await f.get(token, issue.id, 'judges/')).json().results;
    expect(subsets.map((judge: { nb_datasets: number }) => judge.nb_datasets)).toEqual([0, 0, 0, 1]);
    expect(subsets[3].user).toMatchObject({
      id: dan,
      first_name: 'Daniel',
      email_verification_status: 'ver',
    });
  });

  it('filters by status, searches e-mail and name, pages and orders in SQL', async () => {
    const { token, issue } = await createJudgedSelection();
    const list = async (query: string) => emailsOf(await f.get(token, issue.id, `judges/${query}`));
    expect(await list('?status=answered')).toEqual(['ann@example.org']);
    expect(await list('?status=invited')).toEqual(['bob@example.org']);
    expect(await list('?status=not_invited')).toEqual(['cid@example.org', 'dan@example.org']);
    expect(await list('?search=BOB')).toEqual(['bob@example.org']);
    expect(await list('?search=daniel%20mor')).toEqual(['dan@example.org']);
    expect(await list('?search=zzz')).toEqual([]);
    expect(await list('?limit=2&offset=1')).toEqual(['bob@example.org', 'cid@example.org']);
    expect(await list('?ordering=-email&limit=1')).toEqual(['dan@example.org']);
    const page = await f.get(token, issue.id, 'judges/?limit=2&status=not_invited');
    expect(page.json()).toMatchObject({ count: 2, next: null, previous: null });

    const bad = await f.get(token, issue.id, 'judges/?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['"maybe" is not a valid choice.'] });
  });

  it("answers 404 for another team's selection", async () => {
    const { issue } = await createJudgedSelection();
    const other = await t.createAdmin();
    expect((await f.get(other.token, issue.id, 'judges/')).statusCode).toBe(404);
    expect((await f.get(other.token, issue.id, 'judges_statuses/')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/judges/` })).statusCode).toBe(
      401,
    );
  });
});

describe('GET issues/{id}/judges_statuses/', () => {
  it('counts invitations per user and lists who submitted', async () => {
    const { token, issue, ann, bob } = await createJudgedSelection();
    const reply = await f.get(token, issue.id, 'judges_statuses/');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      invitations_per_user: { [ann]: 1, [bob]: 2 },
      submission_user_ids: [ann],
    });
  });
});

describe('GET teams/{id}/members/?issue=', () => {
  it('keeps the members judging the selection: none, since admins cannot judge (decision 13)', async () => {
    const { token, team, issue } = await createJudgedSelection();
    const url = `/api/v1/teams/${team.id}/members/`;
    expect((await t.request({ method: 'GET', url, token })).json().count).toBe(1);
    const filtered = await t.request({ method: 'GET', url: `${url}?issue=${issue.id}`, token });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toMatchObject({ count: 0, results: [] });
  });
});
