import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { resetPasswordCommand } from '../admin/commands.ts';
import { createResetLink } from './service.ts';

// "On every process": on PostgreSQL, `twin` is a second app with its own pool and its own cache of
// verified tokens, as a second process behind the load balancer; on the embedded engine, the app itself.
let t: TestApp;
let twin: Awaited<ReturnType<TestApp['twin']>>;
beforeAll(async () => {
  t = await createTestApp();
  twin = await t.twin();
});
afterAll(() => t.close());

// Each sign-in from its own address, so that the per-IP limits never get in the way.
let addressCount = 0;
const nextAddress = () => `10.41.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function signIn(email: string, password = TEST_PASSWORD) {
  const reply = await t.request({
    method: 'POST',
    url: '/api/token/',
    payload: { username: email, password },
    remoteAddress: nextAddress(),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { access: string; refresh: string };
}
const post = (url: string, payload: object) =>
  t.request({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const logout = (refresh: unknown) => post('/api/token/logout/', { refresh });
const refresh = (token: string) => post('/api/token/refresh/', { refresh: token });

/** users/me with this access token, on the first app and on its twin: both statuses. */
async function meOnBoth(access: string) {
  const headers = { authorization: `Bearer ${access}` };
  const [first, second] = await Promise.all([
    t.request({ method: 'GET', url: '/api/v1/users/me/', headers }),
    twin.request({ method: 'GET', url: '/api/v1/users/me/', headers }),
  ]);
  for (const reply of [first, second]) {
    if (reply.statusCode === 401) expect(reply.json().code).toBe('token_not_valid');
  }
  return [first.statusCode, second.statusCode];
}

describe('POST /api/token/logout/', () => {
  it('revokes the refresh family and ends the access tokens at once, on every process', async () => {
    const user = await t.createUser({ email: 'leaving@example.org' });
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    // Both processes have checked the token's signature and remember it.
    expect(await meOnBoth(here.access)).toEqual([200, 200]);
    // A later token of the same session: signing out with an older one ends it too.
    const rotated = (await refresh(here.refresh)).json();

    expect((await logout(here.refresh)).statusCode).toBe(204);
    expect(await meOnBoth(here.access)).toEqual([401, 401]);
    expect(await meOnBoth(rotated.access)).toEqual([401, 401]);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);

    // Another session of the person keeps its refresh token: one refresh, and it works again.
    expect(await meOnBoth(elsewhere.access)).toEqual([401, 401]);
    const renewed = await refresh(elsewhere.refresh);
    expect(renewed.statusCode).toBe(200);
    expect(await meOnBoth(renewed.json().access)).toEqual([200, 200]);
    // Signing out again with a revoked token is no error: the session is over either way.
    expect((await logout(here.refresh)).statusCode).toBe(204);
  });

  it('refuses an access token, garbage and a missing field, as refresh does', async () => {
    const user = await t.createUser({ email: 'careless@example.org' });
    const pair = await signIn(user.email);
    for (const token of [pair.access, 'not-a-token']) {
      const reply = await logout(token);
      expect(reply.statusCode).toBe(401);
      expect(reply.json().code).toBe('token_not_valid');
    }
    const missing = await post('/api/token/logout/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
    // None of these signed anyone out.
    expect(await meOnBoth(pair.access)).toEqual([200, 200]);
  });
});

describe('a new password', () => {
  it('ends the access tokens signed before it, on every process, through the reset link', async () => {
    const user = await t.createUser({ email: 'reset-me@example.org' });
    const before = await signIn(user.email);
    expect(await meOnBoth(before.access)).toEqual([200, 200]);
    const link = new URL(await createResetLink(t.app.ctx, user));
    const reset = await post('/api/v1/users/reset_password/', {
      email: user.email,
      token: link.searchParams.get('token'),
      new_password: 'a-brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(await meOnBoth(before.access)).toEqual([401, 401]);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
    // A sign-in with the new password in the same second works: versions, not clocks, tell them apart.
    const after = await signIn(user.email, 'a-brand-new-password');
    expect(await meOnBoth(after.access)).toEqual([200, 200]);
  });

  it('ends them when the admin command sets it too', async () => {
    const user = await t.createUser({ email: 'cli-reset@example.org' });
    const before = await signIn(user.email);
    expect(await meOnBoth(before.access)).toEqual([200, 200]);
    await resetPasswordCommand(t.db, { email: user.email, password: 'set-by-the-operator' });
    expect(await meOnBoth(before.access)).toEqual([401, 401]);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
  });
});

describe('DELETE teams/{id}/members/{memberId}/', () => {
  const membersOf = (token: string, teamId: number) =>
    t.request({ method: 'GET', url: `/api/v1/teams/${teamId}/members/`, token });
  const remove = (token: string, teamId: number, memberId: number) =>
    t.request({ method: 'DELETE', url: `/api/v1/teams/${teamId}/members/${memberId}/`, token });

  it("ends the removed member's access to the team at once, on every process, and nothing else", async () => {
    const owner = await t.createAdmin();
    const colleague = await t.createUser({ email: 'removed@example.org' });
    await t.addAdmin(owner.team.id, colleague.id, 'Col');
    const elsewhere = await t.createTeam();
    await t.addAdmin(elsewhere.id, colleague.id);
    const { access } = await signIn(colleague.email);
    const teamOnBoth = async (teamId: number) => {
      const headers = { authorization: `Bearer ${access}` };
      const url = `/api/v1/teams/${teamId}/`;
      const replies = await Promise.all([
        t.request({ method: 'GET', url, headers }),
        twin.request({ method: 'GET', url, headers }),
      ]);
      return replies.map((reply) => reply.statusCode);
    };
    expect(await teamOnBoth(owner.team.id)).toEqual([200, 200]);

    const members = (await membersOf(owner.token, owner.team.id)).json().results as {
      id: number;
      pseudo: string;
    }[];
    const member = members.find((m) => m.pseudo === 'Col');
    if (!member) throw new Error('no member');
    expect((await remove(owner.token, owner.team.id, member.id)).statusCode).toBe(204);
    expect(await teamOnBoth(owner.team.id)).toEqual([404, 404]);
    expect((await membersOf(access, owner.team.id)).statusCode).toBe(404);
    // Their account and their other team are theirs still.
    expect(await meOnBoth(access)).toEqual([200, 200]);
    expect(await teamOnBoth(elsewhere.id)).toEqual([200, 200]);
    expect((await membersOf(owner.token, owner.team.id)).json().count).toBe(1);
  });

  it('keeps the last admin, and answers 404 for another team’s member or a stranger', async () => {
    const owner = await t.createAdmin();
    const [self] = (await membersOf(owner.token, owner.team.id)).json().results as { id: number }[];
    if (!self) throw new Error('no member');
    const last = await remove(owner.token, owner.team.id, self.id);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({
      code: 'LAST_ADMIN',
      detail: 'A workspace keeps at least one admin: add another one before removing this one.',
    });
    const stranger = await t.createAdmin();
    expect((await remove(stranger.token, owner.team.id, self.id)).statusCode).toBe(404);
    expect((await remove(stranger.token, stranger.team.id, self.id)).statusCode).toBe(404);
    // A pending invitation can be withdrawn, and an admin may leave once another one stays.
    const invited = await t.request({
      method: 'POST',
      url: `/api/v1/teams/${owner.team.id}/members/`,
      token: owner.token,
      payload: { email: 'invited-then-withdrawn@example.org' },
    });
    expect((await remove(owner.token, owner.team.id, invited.json().member.id)).statusCode).toBe(204);
    const second = await t.createUser({ email: 'second-admin@example.org' });
    await t.addAdmin(owner.team.id, second.id);
    expect((await remove(owner.token, owner.team.id, self.id)).statusCode).toBe(204);
    expect((await membersOf(owner.token, owner.team.id)).statusCode).toBe(404);
  });
});
