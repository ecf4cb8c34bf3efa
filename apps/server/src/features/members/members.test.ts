import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { judgeFactories } from '../judges/test-factories.ts';

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
const myTeams = (token: string) => t.request({ method: 'GET', url: '/api/v1/teams/', token });
const myInvitations = (token: string) =>
  t.request({ method: 'GET', url: '/api/v1/team-invitations/', token });
const answer = (token: string, id: number, verb: 'accept' | 'refuse') =>
  t.request({ method: 'POST', url: `/api/v1/team-invitations/${id}/${verb}/`, token });
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
    // A page past the end still tells the total (the page's own statement returned no row to carry it).
    const pastEnd = (await listMembers(token, team.id, '?self_invite=false&offset=40')).json();
    expect(pastEnd).toMatchObject({ count: 4, next: null, results: [] });
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
  it('invites an unknown e-mail to choose a password, then to accept: pending until then', async () => {
    const { team, token } = await t.createAdmin();
    const reply = await addMember(token, team.id, { email: 'Newcomer@Example.org', pseudo: ' Newbie ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      type: 'INVITED',
      member: { pseudo: 'Newbie', status: 'pending', user: { id: null, email: 'newcomer@example.org' } },
    });
    const [account] = await t.db.select().from(users).where(eq(users.email, 'newcomer@example.org'));
    expect(account?.passwordHash).toBeNull();

    const mail = await lastMailTo('newcomer@example.org');
    expect(mail?.subject).toBe(`You are invited to ${team.title} on Shortlist`);
    const link = new URL(mail?.text.match(/https?:\/\/\S+\/setPassword\?\S+/)?.[0] ?? 'http://missing');
    expect(link.searchParams.get('next')).toBe('/invitations');
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
    const newcomer = signIn.json().access;
    expect((await myTeams(newcomer)).json().results).toEqual([]);
    const invitations = await myInvitations(newcomer);
    expect(invitations.json()).toMatchObject({
      count: 1,
      results: [
        {
          id: reply.json().member.id,
          team: { id: team.id, title: team.title },
          role: { key: 'admin' },
          status: 'pending',
        },
      ],
    });
    const accepted = await answer(newcomer, reply.json().member.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: team.id, my_membership: { status: 'accepted' } });
    expect((await myTeams(newcomer)).json().results).toEqual([
      expect.objectContaining({ id: team.id, my_membership: expect.any(Object) }),
    ]);
    expect((await myInvitations(newcomer)).json().count).toBe(0);
    const listed = (await listMembers(token, team.id, '?search=newcomer')).json().results;
    expect(listed).toMatchObject([{ status: 'accepted', user: { id: account?.id } }]);
  });

  it('answers the same for an address that has an account as for a new one', async () => {
    const { team, token } = await t.createAdmin();
    await t.createUser({ email: 'has.account@example.org' });
    const known = await addMember(token, team.id, { email: 'Has.Account@example.org', pseudo: 'X' });
    const unknown = await addMember(token, team.id, { email: 'no.account@example.org', pseudo: 'X' });
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    const withoutAddress = (member: { id: number; user: object }) => ({
      ...member,
      id: 0,
      user: { ...member.user, email: '' },
    });
    expect({ ...known.json(), member: withoutAddress(known.json().member) }).toEqual({
      ...unknown.json(),
      member: withoutAddress(unknown.json().member),
    });
    expect(known.json()).toEqual({
      type: 'INVITED',
      member: {
        id: known.json().member.id,
        user: {
          id: null,
          email: 'has.account@example.org',
          email_verification_status: 'unc',
          email_to_verify: null,
        },
        pseudo: 'X',
        role: { key: 'admin' },
        status: 'pending',
        self_invite: false,
      },
    });
    // The list shows them alike too, until they accept.
    const listed = (await listMembers(token, team.id, '?search=account')).json().results;
    expect(listed.map(withoutAddress)).toEqual(
      [known.json().member, unknown.json().member].map(withoutAddress),
    );
  });

  it("writes the invitation in the person's language, or in the inviting admin's when they have no account", async () => {
    const { team, token, user } = await t.createAdmin();
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id));
    const stranger = await addMember(token, team.id, { email: 'nouveau@example.org', pseudo: '' });
    expect(stranger.statusCode).toBe(201);
    const french = await lastMailTo('nouveau@example.org');
    expect(french?.subject).toBe(`Invitation à rejoindre ${team.title} sur Shortlist`);
    expect(french?.text).toContain('Choisissez votre mot de passe');
    expect(french?.text).toContain('/setPassword?');
    // Someone with an account reads it in their own language, whatever the admin's.
    await t.createUser({ email: 'english.reader@example.org' });
    await addMember(token, team.id, { email: 'english.reader@example.org', pseudo: '' });
    const english = await lastMailTo('english.reader@example.org');
    expect(english?.subject).toBe(`You are invited to ${team.title} on Shortlist`);
    expect(english?.text).toContain('Sign in to accept or refuse');
  });

  it('gives a pending member no access to the team until they accept; a refusal can be invited again', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await judgeFactories(t).createIssue(team.id);
    const person = await t.createUser({ email: 'invited.admin@example.org' });
    const personToken = await t.tokenFor(person.id);
    const added = await addMember(token, team.id, { email: 'invited.admin@example.org', pseudo: 'Ida' });
    expect(added.statusCode).toBe(201);
    const invitationId = added.json().member.id;
    expect((await lastMailTo('invited.admin@example.org'))?.text).toContain(
      'http://shortlist.test/invitations',
    );

    const teamCalls = async () => [
      (await t.request({ method: 'GET', url: `/api/v1/teams/${team.id}/`, token: personToken })).statusCode,
      (await listMembers(personToken, team.id)).statusCode,
      (await addMember(personToken, team.id, { email: 'friend@example.org', pseudo: '' })).statusCode,
      (await t.request({ method: 'GET', url: `/api/v1/issues/?team=${team.id}`, token: personToken }))
        .statusCode,
      (await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/`, token: personToken })).statusCode,
    ];
    expect(await teamCalls()).toEqual([404, 404, 404, 404, 404]);
    expect((await myTeams(personToken)).json().results).toEqual([]);

    // Nobody else answers the invitation, and it is only answered once.
    const stranger = await t.tokenFor((await t.createUser()).id);
    expect((await answer(stranger, invitationId, 'accept')).statusCode).toBe(404);
    expect((await answer(token, invitationId, 'accept')).statusCode).toBe(404);
    expect((await myInvitations(stranger)).json().count).toBe(0);

    expect((await answer(personToken, invitationId, 'refuse')).statusCode).toBe(204);
    expect((await answer(personToken, invitationId, 'accept')).statusCode).toBe(404);
    expect(await teamCalls()).toEqual([404, 404, 404, 404, 404]);
    const refused = (await listMembers(token, team.id, '?search=invited.admin')).json().results;
    expect(refused).toMatchObject([{ status: 'refused', user: { id: null } }]);

    const again = await addMember(token, team.id, { email: 'invited.admin@example.org', pseudo: 'Ida' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ type: 'INVITED', member: { id: invitationId, status: 'pending' } });
    expect((await answer(personToken, invitationId, 'accept')).statusCode).toBe(200);
    expect(await teamCalls()).toEqual([200, 200, 201, 200, 200]);
  });

  it('reports someone already a member or invited as EXISTED, whatever the case of the e-mail', async () => {
    const { team, token } = await t.createAdmin();
    await t.createUser({ email: 'known.person@example.org' });
    const added = await addMember(token, team.id, { email: 'known.person@example.org', pseudo: 'Known' });
    expect(added.statusCode).toBe(201);

    const [members, accounts] = [await rowCount(teamMembers), await rowCount(users)];
    const again = await addMember(token, team.id, {
      email: 'KNOWN.PERSON@EXAMPLE.ORG',
      pseudo: 'Other pseudo',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      type: 'EXISTED',
      member: { id: added.json().member.id, pseudo: 'Known', status: 'pending' },
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
