import { eq, isNotNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccesses, refreshTokens } from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { judgeFactories } from '../judges/test-factories.ts';
import { SIGN_IN_DELAY } from './sign-in-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/token/', payload: { username, password }, remoteAddress });

async function timedSignIn(username: string, password: string, remoteAddress: string) {
  const start = performance.now();
  const reply = await signIn(username, password, remoteAddress);
  return { statusCode: reply.statusCode, ms: performance.now() - start };
}

describe('POST /api/token/', () => {
  it('signs in with the e-mail or the username, in any case', async () => {
    await t.createUser({ email: 'ada@example.org' });
    const byEmail = await signIn('ADA@example.org', TEST_PASSWORD);
    expect(byEmail.statusCode).toBe(200);
    const pair = byEmail.json();
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me/', token: pair.access });
    expect(me.json()).toMatchObject({ email: 'ada@example.org', language: 'en', is_superuser: false });
  });

  it('answers the same for a wrong password, an unknown account and an inactive one', async () => {
    await t.createUser({ email: 'bob@example.org' });
    const wrong = await signIn('bob@example.org', 'nope-nope-nope');
    const unknown = await signIn('nobody@example.org', 'nope-nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    const invited = await t.createUser({ email: 'invited@example.org', password: null });
    expect(invited.passwordHash).toBeNull();
    expect((await signIn('invited@example.org', '')).statusCode).toBe(400);
    expect((await signIn('invited@example.org', 'anything-at-all')).json()).toEqual(unknown.json());
  });

  it('rejects missing and wrongly typed fields with field messages', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/token/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 5, password: [] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json()).sort()).toEqual(['password', 'username']);
  });

  it('answers malformed JSON and oversize bodies with 400 and 413, not 500', async () => {
    const malformed = await t.request({
      method: 'POST',
      url: '/api/token/',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/JSON/);
    const huge = await t.request({
      method: 'POST',
      url: '/api/token/',
      payload: JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('TOO_LARGE');
  });

  it("refuses an address for its own failures, never the owner's address for a stranger's", async () => {
    await t.createUser({ email: 'target@example.org' });
    expect((await signIn('target@example.org', TEST_PASSWORD, '10.1.0.50')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await signIn('target@example.org', 'wrong-password', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await signIn('target@example.org', TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('THROTTLED');
    // The owner's address is not slowed down by the stranger; a new one is, but let in.
    const owner = await timedSignIn('target@example.org', TEST_PASSWORD, '10.1.0.50');
    expect(owner.statusCode).toBe(200);
    expect(owner.ms).toBeLessThan(SIGN_IN_DELAY.stepMs);
    const newAddress = await timedSignIn('TARGET@example.org', TEST_PASSWORD, '10.1.0.99');
    expect(newAddress.statusCode).toBe(200);
    expect(newAddress.ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.stepMs);
    // The stranger's address can still sign in to another account.
    await t.createUser({ email: 'other@example.org' });
    expect((await signIn('other@example.org', TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('lets a right password in whoever guessed before, from any number of addresses', async () => {
    await t.createUser({ email: 'sprayed@example.org' });
    for (let i = 0; i < 10; i += 1)
      expect((await signIn('sprayed@example.org', 'wrong-password', `10.1.1.${i}`)).statusCode).toBe(401);
    const right = await timedSignIn('sprayed@example.org', TEST_PASSWORD, '10.1.1.99');
    expect(right.statusCode).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.stepMs);
  });

  it("slows down the owner's address after its own failures rather than refusing it", async () => {
    await t.createUser({ email: 'clumsy@example.org' });
    expect((await signIn('clumsy@example.org', TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await signIn('clumsy@example.org', 'wrong-password', '10.1.2.1')).statusCode).toBe(401);
    const right = await timedSignIn('clumsy@example.org', TEST_PASSWORD, '10.1.2.1');
    expect(right.statusCode).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.stepMs);
  });

  it('limits sign-in attempts per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i += 1)
      codes.push((await signIn(`ghost${i}@example.org`, 'x', '10.9.9.9')).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('POST /api/token/refresh/', () => {
  const refresh = (token: string) =>
    t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const familyOf = (userId: number) =>
    t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

  it('rotates the refresh token and refuses a spent one, revoking its family', async () => {
    await t.createUser({ email: 'rot@example.org' });
    const first = (await signIn('rot@example.org', TEST_PASSWORD, '10.2.0.1')).json();
    const second = await refresh(first.refresh);
    expect(second.statusCode).toBe(200);
    const secondPair = second.json();
    expect(secondPair.refresh).not.toBe(first.refresh);
    // Spent a minute ago: presented again, it has leaked.
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(isNotNull(refreshTokens.usedAt));
    const reused = await refresh(first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('token_not_valid');
    // The reuse revoked the family: the newest token stops working too.
    expect((await refresh(secondPair.refresh)).statusCode).toBe(401);
  });

  it('gives the same pair to every replay within the grace, and revokes the family after it', async () => {
    const user = await t.createUser({ email: 'lost@example.org' });
    const first = (await signIn('lost@example.org', TEST_PASSWORD, '10.2.0.2')).json();
    const lost = await refresh(first.refresh);
    expect(lost.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const again = await refresh(first.refresh);
      expect([again.statusCode, again.json()]).toEqual([200, lost.json()]);
    }
    expect(await familyOf(user.id)).toHaveLength(2);
    // The successor is used: the reply was not lost, so a further replay means a leak.
    const next = await refresh(lost.json().refresh);
    expect(next.statusCode).toBe(200);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(next.json().refresh)).statusCode).toBe(401);
  });

  it('hands concurrent uses of one refresh token a single successor pair', async () => {
    const user = await t.createUser({ email: 'race@example.org' });
    const first = (await signIn('race@example.org', TEST_PASSWORD, '10.2.0.3')).json();
    const replies = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    const rows = await familyOf(user.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.family)).size).toBe(1);
  });

  it('refuses an access token, garbage, and a missing field', async () => {
    const { token } = await t.createAdmin();
    const asRefresh = await t.request({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: token },
    });
    expect(asRefresh.statusCode).toBe(401);
    const garbage = await t.request({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: 'abc' },
    });
    expect(garbage.statusCode).toBe(401);
    const missing = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST users/ask_reset_password/', () => {
  const ask = (email: string, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/users/ask_reset_password/',
      payload: { email },
      remoteAddress,
    });

  it('sends at most 5 reset e-mails an hour to one address, known or not, and says so alike', async () => {
    await t.createUser({ email: 'flooded@example.org' });
    for (const email of ['flooded@example.org', 'unknown-flood@example.org']) {
      for (let i = 0; i < 5; i += 1) expect((await ask(email, `10.3.${i}.1`)).statusCode).toBe(200);
      const refused = await ask(email, '10.3.9.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('THROTTLED');
    }
  });
});

describe('users', () => {
  it('needs a valid access token for users/me', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/users/me' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.request({ method: 'GET', url: '/api/v1/users/me', token: 'a.b.c' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('token_not_valid');
  });

  it("answers 401 to users/me with only a judge's token, in the query or as a bearer (decision 29)", async () => {
    const judges = judgeFactories(t);
    const { token, issue } = await judges.createSetup(1);
    const [judge = 0] = await judges.addJudges(token, issue.id, ['judge@me.test']);
    const [access] = await t.db.select().from(issueAccesses).where(eq(issueAccesses.userId, judge));
    const judgeToken = access?.token ?? '';
    const view = `/api/v1/issues/${issue.id}/answer_view/?token=${judgeToken}`;
    expect((await t.request({ method: 'GET', url: view })).statusCode).toBe(200);
    const inQuery = await t.request({ method: 'GET', url: `/api/v1/users/me/?token=${judgeToken}` });
    const asBearer = await t.request({ method: 'GET', url: '/api/v1/users/me/', token: judgeToken });
    expect([inQuery.statusCode, asBearer.statusCode]).toEqual([401, 401]);
  });

  it('refuses a token signed with the real key but without expiry, or whose subject is not an id', async () => {
    const user = await t.createUser();
    const key = new TextEncoder().encode('test-secret-test-secret-test-secret-42');
    const signed = (claims: { sub?: string; exp?: boolean }) => {
      const jwt = new SignJWT({ token_type: 'access' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
      if (claims.sub !== undefined) jwt.setSubject(claims.sub);
      if (claims.exp) jwt.setExpirationTime('15m');
      return jwt.sign(key);
    };
    const me = async (token: string) => t.request({ method: 'GET', url: '/api/v1/users/me/', token });
    expect((await me(await signed({ sub: String(user.id), exp: true }))).statusCode).toBe(200);
    for (const claims of [
      { sub: String(user.id) },
      { sub: 'abc', exp: true },
      { sub: '1e3', exp: true },
      { exp: true },
    ]) {
      const reply = await me(await signed(claims));
      expect([claims, reply.statusCode, reply.json().code]).toEqual([claims, 401, 'token_not_valid']);
    }
  });

  it('expired access tokens answer token_not_valid', async () => {
    const shortLived = await createTestApp({ accessTokenSeconds: -1 });
    try {
      const user = await shortLived.createUser();
      const token = await shortLived.tokenFor(user.id);
      const reply = await shortLived.request({ method: 'GET', url: '/api/v1/users/me/', token });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().code).toBe('token_not_valid');
    } finally {
      await shortLived.close();
    }
  });

  it('lets a user change their own language only', async () => {
    const { user, token } = await t.createAdmin();
    const other = await t.createUser();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/`,
      token,
      payload: { language: 'fr' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().language).toBe('fr');
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me/', token });
    expect(me.json().language).toBe('fr');
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/`,
      token,
      payload: { language: 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().language).toHaveLength(1);
    const extra = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/`,
      token,
      payload: { is_superuser: true },
    });
    expect(extra.statusCode).toBe(400);
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${other.id}/`,
      token,
      payload: { language: 'fr' },
    });
    expect(foreign.statusCode).toBe(404);
    const notANumber = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/abc/',
      token,
      payload: { language: 'fr' },
    });
    expect(notANumber.statusCode).toBe(404);
  });
});

it('puts the API version header on every reply, errors included', async () => {
  for (const url of ['/api/v1/users/me/', '/api/v1/nope', '/api/docs/json']) {
    const reply = await t.request({ method: 'GET', url });
    expect(reply.headers['x-api-version']).toMatch(/^0\.9\.\d+$/);
  }
});
