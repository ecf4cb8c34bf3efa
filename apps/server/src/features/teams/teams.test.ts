import { DEFAULT_TEAM_PACKAGE } from '@shortlist/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.superuserToken();
});
afterAll(() => t.close());

/** A new user who administers one team per title, with the first team's id. */
async function userWithTeams(titles: string[]) {
  const user = await t.createUser();
  const owned = [];
  for (const title of titles) {
    const team = await t.createTeam(title);
    await t.addAdmin(team.id, user.id);
    owned.push(team.id);
  }
  return { teamId: owned[0] ?? 0, token: await t.tokenFor(user.id) };
}

const listTeams = (token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/teams/${query}`, token });
const getTeam = (token: string, id: number | string) =>
  t.request({ method: 'GET', url: `/api/v1/teams/${id}/`, token });
const patchTeam = (token: string, id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/teams/${id}/`, token, payload });
const titles = (reply: { json(): { results: { title: string }[] } }) =>
  reply.json().results.map((team) => team.title);
const teamCount = async () => (await t.db.select({ n: count() }).from(teams))[0]?.n ?? 0;

describe('GET teams/', () => {
  it("lists only the caller's teams, with their membership", async () => {
    const { token } = await userWithTeams(['Mine B', 'Mine A']);
    await userWithTeams(['Not mine']);
    const reply = await listTeams(token);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(titles(reply)).toEqual(['Mine A', 'Mine B']);
    expect(reply.json().results[0].my_membership).toMatchObject({
      role: { key: 'admin' },
      status: 'accepted',
    });
  });

  it('pages with absolute links that keep the other parameters', async () => {
    const { token } = await userWithTeams(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Other']);
    const first = await listTeams(token, '?search=page&ordering=title&limit=2');
    expect(first.json().count).toBe(5);
    expect(titles(first)).toEqual(['Page 1', 'Page 2']);
    expect(first.json().previous).toBeNull();
    const next = new URL(first.json().next);
    expect(next.origin).toBe('http://localhost');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      search: 'page',
      ordering: 'title',
      limit: '2',
      offset: '2',
    });

    const second = await listTeams(token, next.search);
    expect(titles(second)).toEqual(['Page 3', 'Page 4']);
    const previous = new URL(second.json().previous);
    expect(Object.fromEntries(previous.searchParams)).toEqual({
      search: 'page',
      ordering: 'title',
      limit: '2',
    });
    const last = await listTeams(token, new URL(second.json().next).search);
    expect(titles(last)).toEqual(['Page 5']);
    expect(last.json().next).toBeNull();
  });

  it('refuses a page larger than 100 and a negative offset', async () => {
    const { token } = await userWithTeams(['Limits']);
    const tooLarge = await listTeams(token, '?limit=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ limit: ['Ensure this value is less than or equal to 100.'] });
    const negative = await listTeams(token, '?offset=-1');
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json())).toEqual(['offset']);
    expect((await listTeams(token, '?limit=100')).statusCode).toBe(200);
  });

  it('searches titles in any case, literally, and orders by an allowed column', async () => {
    const created = ['Green fields', 'Blue skies', '100% ideas', 'Evergreen'];
    const byTitle = ['100% ideas', 'Blue skies', 'Evergreen', 'Green fields'];
    const { token } = await userWithTeams(created);
    expect(titles(await listTeams(token, '?search=GREEN'))).toEqual(['Evergreen', 'Green fields']);
    expect(titles(await listTeams(token, '?search=%25'))).toEqual(['100% ideas']);
    expect(titles(await listTeams(token, '?ordering=-title'))).toEqual([...byTitle].reverse());
    expect(titles(await listTeams(token, '?ordering=id'))).toEqual(created);
    // An unknown column falls back to the default order (title).
    expect(titles(await listTeams(token, '?ordering=password'))).toEqual(byTitle);
  });

  it('lists every team for a superuser who asks for all, and only theirs for anyone else', async () => {
    const { token, teamId: ownId } = await userWithTeams(['All of mine']);
    const { teamId: foreignId } = await userWithTeams(['All of theirs']);
    const everything = (await listTeams(superToken, '?all=true&limit=100')).json();
    expect(everything.count).toBe(await teamCount());
    const ids = everything.results.map((team: { id: number }) => team.id);
    expect(ids).toEqual(expect.arrayContaining([ownId, foreignId]));
    expect((await listTeams(superToken)).json().count).toBe(0);

    const mine = await listTeams(token, '?all=true');
    expect(mine.json().count).toBe(1);
    expect(titles(mine)).toEqual(['All of mine']);
  });
});

describe('GET teams/{id}/', () => {
  it('answers the team with the membership and the whole package', async () => {
    const { token, teamId } = await userWithTeams(['Detailed']);
    const reply = await getTeam(token, teamId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      id: teamId,
      title: 'Detailed',
      description: '',
      team_image: null,
      custom_header: null,
      my_membership: { id: expect.any(Number), role: { key: 'admin' }, status: 'accepted' },
      package: DEFAULT_TEAM_PACKAGE,
      sso_only: false,
    });
    expect(Object.keys(reply.json().package).sort()).toEqual([
      'can_merge_issues',
      'datum_field_custom_type_budget',
      'mass_emails',
      'mass_emails_batch_size_limit',
      'mass_emails_batches_per_month',
      'max_tags',
      'nb_issues_in_merge',
      'public_issues',
    ]);
  });

  it('hides another team behind the same 404 as a missing one, or one that is not a number', async () => {
    const { token } = await userWithTeams(['Here']);
    const { teamId: foreignId } = await userWithTeams(['Elsewhere']);
    const other = await getTeam(token, foreignId);
    const missing = await getTeam(token, 999_999);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await getTeam(token, 'abc')).statusCode).toBe(404);
  });
});

describe('POST teams/', () => {
  const createTeam = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/v1/teams/', token, payload });

  it('lets only a superuser create a team', async () => {
    const created = await createTeam(superToken, { title: 'Fresh team', package: { mass_emails: true } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Fresh team',
      package: { ...DEFAULT_TEAM_PACKAGE, mass_emails: true },
      my_membership: { role: { key: 'admin' }, status: 'accepted' },
    });
    // The creator administers the new team, so they can open it and invite its admins.
    const members = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${created.json().id}/members/`,
      token: superToken,
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().count).toBe(1);

    const { token } = await userWithTeams(['Ordinary']);
    const before = await teamCount();
    const refused = await createTeam(token, { title: 'Sneaky team' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect(await teamCount()).toBe(before);
  });

  it('takes a title of 2 to 150 characters', async () => {
    for (const title of [' a ', 'x'.repeat(151)]) {
      const reply = await createTeam(superToken, { title });
      expect(reply.statusCode).toBe(400);
      expect(Object.keys(reply.json())).toEqual(['title']);
    }
    expect((await createTeam(superToken, {})).json()).toEqual({ title: ['This field is required.'] });
    expect((await createTeam(superToken, { title: 'ab' })).statusCode).toBe(201);
    expect((await createTeam(superToken, { title: 'x'.repeat(150) })).statusCode).toBe(201);
  });
});

describe('PATCH teams/{id}/', () => {
  it("lets an admin change the team's face", async () => {
    const { token, teamId: id } = await userWithTeams(['Before']);
    const face = {
      title: 'After',
      description: 'A team of judges',
      team_image: 'https://example.org/logo.png',
      custom_header: '<p>Welcome</p>',
    };
    const reply = await patchTeam(token, id, face);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject(face);
    expect((await getTeam(token, id)).json()).toMatchObject(face);
    const unchanged = await patchTeam(token, id, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject(face);
  });

  it('refuses to require SSO on a server without an identity provider', async () => {
    const { token, teamId: id } = await userWithTeams(['Locked out']);
    const reply = await patchTeam(token, id, { sso_only: true });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      sso_only: ['No identity provider is configured on this server: the members could not sign in.'],
    });
    expect((await getTeam(token, id)).json()).toMatchObject({ sso_only: false });
    // Turning it off is always allowed (a provider removed from the configuration).
    expect((await patchTeam(token, id, { sso_only: false })).statusCode).toBe(200);
  });

  it('takes only an http(s) address or an uploaded file as the team image', async () => {
    const { token, teamId: id } = await userWithTeams(['Logo']);
    for (const team_image of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'ftp://example.org/logo.png',
      '/api/v1/users/me/',
    ]) {
      const refused = await patchTeam(token, id, { team_image });
      expect(refused.statusCode, team_image).toBe(400);
      expect(refused.json()).toEqual({ team_image: ['Enter a valid URL.'] });
    }
    expect((await getTeam(token, id)).json().team_image).toBeNull();

    const uploaded = `/api/v1/files/${'ab'.repeat(24)}?expires=1&signature=${'0'.repeat(64)}`;
    for (const team_image of [
      'http://example.org/logo.png',
      'https://example.org/logo.png',
      uploaded,
      null,
    ]) {
      const accepted = await patchTeam(token, id, { team_image });
      expect(accepted.statusCode, String(team_image)).toBe(200);
      expect(accepted.json().team_image).toBe(team_image);
    }
  });

  it('lets only a superuser change the package', async () => {
    const { token, teamId: id } = await userWithTeams(['Packaged']);
    const refused = await patchTeam(token, id, { title: 'Renamed', package: { mass_emails: true } });
    expect(refused.statusCode).toBe(403);
    const unchanged = (await getTeam(token, id)).json();
    expect(unchanged).toMatchObject({ title: 'Packaged', package: DEFAULT_TEAM_PACKAGE });

    const changed = await patchTeam(superToken, id, { package: { mass_emails: true, max_tags: 50 } });
    expect(changed.statusCode).toBe(200);
    expect((await getTeam(token, id)).json().package).toEqual({
      ...DEFAULT_TEAM_PACKAGE,
      mass_emails: true,
      max_tags: 50,
    });
  });

  it('refuses bad package values and unknown fields, saving nothing', async () => {
    const { token, teamId: id } = await userWithTeams(['Strict']);
    const bad = await patchTeam(superToken, id, {
      title: 'Should not stick',
      package: { nb_issues_in_merge: 1, mass_emails: 'yes', max_tags: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual([
      'package.mass_emails',
      'package.max_tags',
      'package.nb_issues_in_merge',
    ]);
    expect((await getTeam(token, id)).json()).toMatchObject({
      title: 'Strict',
      package: DEFAULT_TEAM_PACKAGE,
    });

    const unknown = await patchTeam(token, id, { title: 'Also not', owner: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ non_field_errors: ['Unknown field: owner.'] });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, id));
    expect(row?.title).toBe('Strict');
  });

  it("answers 404 for another team's id", async () => {
    const { token } = await userWithTeams(['Mine']);
    const { teamId: foreignId } = await userWithTeams(['Theirs']);
    expect((await patchTeam(token, foreignId, { title: 'Taken over' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, foreignId));
    expect(row?.title).toBe('Theirs');
  });
});
