import { RESET_REQUEST_DETAIL, SSO_REQUIRED_DETAIL } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { callbackOf, ssoBrowsers } from '../../test/sso-sign-in.ts';
import { createResetLink } from '../auth/service.ts';

const ACCOUNTS = Object.fromEntries(
  ['ana', 'ben', 'cy', 'dee', 'eve', 'fay', 'gus'].map((name) => [
    name,
    { email: `${name}@example.org`, email_verified: true },
  ]),
);
const SSO_REFUSAL = { code: 'SSO_REQUIRED', detail: SSO_REQUIRED_DETAIL };

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  [provider, sink] = await Promise.all([
    startOidcProvider({ redirectUri: callbackOf('acme'), accounts: ACCOUNTS }),
    startSmtpSink(),
  ]);
  t = await createTestApp({ env: { ...provider.env(), SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([provider?.close(), sink?.close()]);
});

const { ssoPair } = ssoBrowsers(() => t, '10.29.7');

let addressCount = 0;
const nextAddress = () => `10.29.8.${++addressCount}`;
const signIn = (username: string, password = TEST_PASSWORD) =>
  t.request({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: nextAddress(),
  });
const refresh = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/token/refresh/',
    payload: { refresh: token },
    remoteAddress: nextAddress(),
  });
const setSsoOnly = (teamId: number, token: string, sso_only: boolean) =>
  t.request({ method: 'PATCH', url: `/api/v1/teams/${teamId}/`, token, payload: { sso_only } });

/** A member of a team that requires SSO (turned on by its admin, the member itself here). */
async function ssoOnlyMember(name: string, fields: { isSuperuser?: boolean } = {}) {
  const admin = await t.createAdmin({ email: `${name}@example.org`, ...fields });
  const reply = await setSsoOnly(admin.team.id, admin.token, true);
  expect(reply.statusCode).toBe(200);
  expect(reply.json()).toMatchObject({ id: admin.team.id, sso_only: true });
  return admin;
}

describe('a team that requires signing in through the identity provider', () => {
  it('is a setting of the team, off by default, that only its admins change', async () => {
    const admin = await t.createAdmin();
    const stranger = await t.createAdmin();
    const team = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${admin.team.id}/`,
      token: admin.token,
    });
    expect(team.json()).toMatchObject({ sso_only: false });
    expect((await setSsoOnly(admin.team.id, stranger.token, true)).statusCode).toBe(404);
    expect((await setSsoOnly(admin.team.id, admin.token, true)).json()).toMatchObject({ sso_only: true });
    expect((await setSsoOnly(admin.team.id, admin.token, false)).json()).toMatchObject({ sso_only: false });
  });

  it('refuses its members password sign-in, with a code, once the password is right', async () => {
    await ssoOnlyMember('ana');
    const refused = await signIn('ana@example.org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SSO_REFUSAL);
    // A wrong password answers as for anyone: a stranger learns nothing of the account's teams.
    const wrong = await signIn('ana@example.org', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'no_active_account' });
    // The provider lets them in.
    const pair = await ssoPair('ana');
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me/', token: pair.access });
    expect(me.json()).toMatchObject({ email: 'ana@example.org' });
  });

  it('ends the refresh tokens of password sign-ins, not those of the provider', async () => {
    const ben = await t.createAdmin({ email: 'ben@example.org' });
    const before = (await signIn('ben@example.org')).json() as { refresh: string };
    const viaProvider = await ssoPair('ben');
    await setSsoOnly(ben.team.id, ben.token, true);
    const refused = await refresh(before.refresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SSO_REFUSAL);
    let token = viaProvider.refresh;
    for (let round = 0; round < 2; round++) {
      const rotated = await refresh(token);
      expect(rotated.statusCode).toBe(200);
      token = rotated.json().refresh; // the successor remembers the provider
    }
    // Turned off again, the password's family works: the refusal did not spend it.
    await setSsoOnly(ben.team.id, ben.token, false);
    expect((await refresh(before.refresh)).statusCode).toBe(200);
  });

  it('counts any team of the person: one that requires SSO is enough', async () => {
    const cy = await t.createAdmin({ email: 'cy@example.org' });
    const strict = await ssoOnlyMember('strict-admin');
    expect((await signIn('cy@example.org')).statusCode).toBe(200);
    // Invited, not yet a member: the invitation changes nothing yet.
    await t.db.insert(teamMembers).values({ teamId: strict.team.id, userId: cy.user.id, status: 'pending' });
    expect((await signIn('cy@example.org')).statusCode).toBe(200);
    await t.db
      .update(teamMembers)
      .set({ status: 'accepted' })
      .where(and(eq(teamMembers.teamId, strict.team.id), eq(teamMembers.userId, cy.user.id)));
    expect((await signIn('cy@example.org')).json()).toEqual(SSO_REFUSAL);
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, strict.team.id), eq(teamMembers.userId, cy.user.id)));
    expect((await signIn('cy@example.org')).statusCode).toBe(200);
  });

  it('lets a superuser in with a password, so that the operator can get in when the provider is down', async () => {
    await ssoOnlyMember('dee', { isSuperuser: true });
    expect((await signIn('dee@example.org')).statusCode).toBe(200);
  });

  it('mails no reset link to its members, and refuses a link mailed before', async () => {
    const eve = await t.createAdmin({ email: 'eve@example.org' });
    const link = new URL(await createResetLink(t.app.ctx, eve.user));
    await setSsoOnly(eve.team.id, eve.token, true);
    const ask = await t.request({
      method: 'POST',
      url: '/api/v1/users/ask_reset_password/',
      payload: { email: 'eve@example.org' },
      remoteAddress: nextAddress(),
    });
    expect(ask.json()).toEqual({ detail: RESET_REQUEST_DETAIL }); // the same answer as for anyone
    const mail = decodeBody(sink.received.filter((m) => m.to.includes('eve@example.org')).at(-1)?.raw ?? '');
    expect(mail).toContain("requires signing in with your organisation's account");
    expect(mail).toContain('http://shortlist.test/login');
    expect(mail).not.toContain('setPassword');

    const [before] = await t.db.select().from(users).where(eq(users.id, eve.user.id));
    const reset = await t.request({
      method: 'POST',
      url: '/api/v1/users/reset_password/',
      payload: {
        email: 'eve@example.org',
        token: link.searchParams.get('token'),
        new_password: 'a-new-password',
      },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual(SSO_REFUSAL);
    const [after] = await t.db.select().from(users).where(eq(users.id, eve.user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('invites with a link to sign in, not to choose a password', async () => {
    const fay = await ssoOnlyMember('fay');
    const reply = await t.request({
      method: 'POST',
      url: `/api/v1/teams/${fay.team.id}/members/`,
      token: fay.token,
      payload: { email: 'gus@example.org' },
    });
    expect(reply.statusCode).toBe(201);
    const mail = decodeBody(sink.received.filter((m) => m.to.includes('gus@example.org')).at(-1)?.raw ?? '');
    expect(mail).toContain("Sign in with your organisation's account");
    expect(mail).toContain('http://shortlist.test/login?next=%2Finvitations');
    expect(mail).not.toContain('setPassword');
    // The invited account (no password) signs in through the provider, then accepts.
    const pair = await ssoPair('gus');
    const invitations = await t.request({
      method: 'GET',
      url: '/api/v1/team-invitations/',
      token: pair.access,
    });
    expect(invitations.json()).toMatchObject({ count: 1 });
  });
});
