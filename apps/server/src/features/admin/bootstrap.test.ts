import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bootstrapFirstStart, DEMO_TEAM_TITLE } from './bootstrap.ts';

const signIn = (t: TestApp, username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/token/', payload: { username, password } });

/** Signs in and returns what the new superuser sees of themselves and of their teams. */
async function firstLogin(t: TestApp, email: string, password: string) {
  const reply = await signIn(t, email, password);
  expect(reply.statusCode).toBe(200);
  const token = reply.json().access;
  const me = await t.request({ method: 'GET', url: '/api/v1/users/me/', token });
  const teams = await t.request({ method: 'GET', url: '/api/v1/teams/', token });
  return { me: me.json(), teams: teams.json() };
}

describe('bootstrapFirstStart with a configured password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a superuser who administers the demo workspace', async () => {
    const result = await bootstrapFirstStart(t.db, {
      adminEmail: 'Boss@Example.org',
      adminPassword: 'chosen-password',
    });
    expect(result).toEqual({ email: 'boss@example.org', generatedPassword: undefined });

    const { me, teams } = await firstLogin(t, 'boss@example.org', 'chosen-password');
    expect(me).toMatchObject({ email: 'boss@example.org', is_superuser: true, is_staff: true });
    expect(teams.count).toBe(1);
    expect(teams.results[0]).toMatchObject({
      title: DEMO_TEAM_TITLE,
      my_membership: { role: { key: 'admin' }, status: 'accepted' },
      package: { mass_emails: true, datum_field_custom_type_budget: true },
    });
  });

  it('does nothing once a user exists', async () => {
    expect(
      await bootstrapFirstStart(t.db, { adminEmail: 'other@example.org', adminPassword: 'another-password' }),
    ).toBeNull();
    expect((await signIn(t, 'other@example.org', 'another-password')).statusCode).toBe(401);
    const { teams } = await firstLogin(t, 'boss@example.org', 'chosen-password');
    expect(teams.count).toBe(1);
  });
});

describe('bootstrapFirstStart without a password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('generates a password that signs in, for admin@localhost by default', async () => {
    const result = await bootstrapFirstStart(t.db, {});
    expect(result?.email).toBe('admin@localhost');
    const password = result?.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);

    const { me, teams } = await firstLogin(t, 'admin@localhost', password);
    expect(me.is_superuser).toBe(true);
    expect(teams.results.map((team: { title: string }) => team.title)).toEqual([DEMO_TEAM_TITLE]);
    expect(await bootstrapFirstStart(t.db, {})).toBeNull();
  });
});
