import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.superuserToken();
});
afterAll(() => t.close());

const membersUrl = (teamId: number, query = '') => `/api/v1/teams/${teamId}/members/${query}`;
const listMembers = (token: string, teamId: number, query = '') =>
  t.request({ method: 'GET', url: membersUrl(teamId, query), token });
const addMember = (token: string, teamId: number, payload: object) =>
  t.request({ method: 'POST', url: membersUrl(teamId), token, payload });
const emails = (reply: { json(): { results: { user: { email: string } }[] } }) =>
  reply.json().results.map((m) => m.user.email);

/** The newest outbox message sent to `email`, read as a superuser would. */
async function lastMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
  const outbox = await t.request({ method: 'GET', url: '/api/v1/outbox/?limit=100', token: superToken });
  return outbox.json().results.find((mail: { to: string }) => mail.to === email);
}

const rowCount = async (table: typeof users | typeof teamMembers) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** A team with admins named after their pseudos, plus one self-invited member. */
async function teamWithMembers(pseudos: string[]) {
  const { team, token } = await t.createAdmin({ email: `${pseudos[0]}-owner@example.org` });
  for (const pseudo of pseudos) {
    const user = await t.createUser({ email: `${pseudo}@example.org` });
    await t.addAdmin(team.id, user.id, pseudo);
  }
  const judge = await t.createUser({ email: `${pseudos[0]}-judge@example.org` });
  await t.db
    .insert(teamMembers)
    .values({ teamId: team.id, userId: judge.id, pseudo: 'judge', selfInvite: true });
  return { team, token };
}

describe('GET teams/{id}/members/', () => {
  it('filters by self_invite and role, searches pseudo and e-mail, and pages', async () => {
    const { team, token } = await teamWithMembers(['anna', 'bruno', 'carla']);
    const all = await listMembers(token, team.id);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(5);
    expect(all.json().results[0]).toMatchObject({
      pseudo: '',
      role: { key: 'admin' },
      status: 'accepted',
      self_invite: false,
      user: { email: 'anna-owner@example.org', email_verification_status: 'unc', email_to_verify: null },
    });

    const admins = await listMembers(token, team.id, '?self_invite=false&role__key=admin');
    expect(emails(admins)).toEqual([
      'anna-owner@example.org',
      'anna@example.org',
      'bruno@example.org',
      'carla@example.org',
    ]);
    expect(emails(await listMembers(token, team.id, '?self_invite=true'))).toEqual([
      'anna-judge@example.org',
    ]);
    expect((await listMembers(token, team.id, '?role__key=owner')).statusCode).toBe(400);

    expect(emails(await listMembers(token, team.id, '?search=BRU'))).toEqual(['bruno@example.org']);
    expect(emails(await listMembers(token, team.id, '?search=carla@'))).toEqual(['carla@example.org']);
    expect((await listMembers(token, team.id, '?search=_')).json().count).toBe(0);

    const page = (await listMembers(token, team.id, '?self_invite=false&limit=3')).json();
    expect(page.results).toHaveLength(3);
    const next = new URL(page.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ self_invite: 'false', limit: '3', offset: '3' });
    expect(emails(await listMembers(token, team.id, next.search))).toEqual(['carla@example.org']);
  });

  it("answers 404 for another team's members", async () => {
    const { token } = await t.createAdmin();
    const { team: foreign } = await teamWithMembers(['dora']);
    const reply = await listMembers(token, foreign.id);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'NOT_FOUND', detail: 'Not found.' });
  });
});

describe('POST teams/{id}/members/', () => {
  it('creates an account for an unknown e-mail and invites it to choose a password', async () => {
    const { team, token } = await t.createAdmin();
    const reply = await addMember(token, team.id, { email: 'Newcomer@Example.org', pseudo: ' Newbie ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      type: 'CREATED',
      member: { pseudo: 'Newbie', user: { email: 'newcomer@example.org' } },
    });
    const [account] = await t.db.select().from(users).where(eq(users.email, 'newcomer@example.org'));
    expect(account?.passwordHash).toBeNull();

    const mail = await lastMailTo('newcomer@example.org');
    expect(mail?.subject).toBe(`You were added to ${team.title} on Shortlist`);
    const link = new URL(mail?.text.match(/https?:\/\/\S+\/setPassword\?\S+/)?.[0] ?? 'http://missing');
    expect(link.searchParams.get('next')).toBe(`/team/${team.id}`);
    const reset = await t.request({
      method: 'POST',
      url: '/api/v1/users/reset_password/',
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        new_password: TEST_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(200);

    const signIn = await t.request({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'newcomer@example.org', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const teamsReply = await t.request({ method: 'GET', url: '/api/v1/teams/', token: signIn.json().access });
    expect(teamsReply.json().results).toEqual([
      expect.objectContaining({ id: team.id, my_membership: expect.any(Object) }),
    ]);
  });

  it('adds an existing account once, whatever the case of the e-mail', async () => {
    const { team, token } = await t.createAdmin();
    const existing = await t.createUser({ email: 'Known.Person@example.org' });
    const added = await addMember(token, team.id, { email: 'known.person@example.org', pseudo: 'Known' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ type: 'ADDED', member: { user: { id: existing.id } } });
    expect((await lastMailTo('Known.Person@example.org'))?.text).toContain(
      `http://shortlist.test/team/${team.id}`,
    );

    const [members, accounts] = [await rowCount(teamMembers), await rowCount(users)];
    const again = await addMember(token, team.id, {
      email: 'KNOWN.PERSON@EXAMPLE.ORG',
      pseudo: 'Other pseudo',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      type: 'EXISTED',
      member: { id: added.json().member.id, pseudo: 'Known' },
    });
    expect([await rowCount(teamMembers), await rowCount(users)]).toEqual([members, accounts]);
  });

  it('validates the e-mail and the pseudo', async () => {
    const { team, token } = await t.createAdmin();
    const cases: [object, string][] = [
      [{ email: 'not an email', pseudo: 'x' }, 'email'],
      [{ email: `${'a'.repeat(239)}@example.org`, pseudo: 'x' }, 'email'],
      [{ email: 'long.pseudo@example.org', pseudo: 'p'.repeat(151) }, 'pseudo'],
      [{ pseudo: 'no email' }, 'email'],
    ];
    for (const [payload, field] of cases) {
      const reply = await addMember(token, team.id, payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(reply.json())).toEqual([field]);
    }
    const longest = `${'a'.repeat(238)}@example.org`;
    const atLimits = await addMember(token, team.id, { email: longest, pseudo: 'p'.repeat(150) });
    expect(atLimits.statusCode).toBe(201);
    expect(atLimits.json().member.user.email).toBe(longest);
  });

  it('answers 404 to a non-member and creates nothing', async () => {
    const { team } = await t.createAdmin();
    const { token: otherAdmin } = await t.createAdmin();
    const stranger = await t.tokenFor((await t.createUser()).id);
    const [members, accounts] = [await rowCount(teamMembers), await rowCount(users)];
    for (const token of [otherAdmin, stranger]) {
      const reply = await addMember(token, team.id, { email: 'intruder@example.org', pseudo: 'x' });
      expect(reply.statusCode).toBe(404);
    }
    expect([await rowCount(teamMembers), await rowCount(users)]).toEqual([members, accounts]);
    expect(await lastMailTo('intruder@example.org')).toBeUndefined();
  });
});
