import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ROUTES } from '../../access/rules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { type OpenApiPaths, sample, withIds } from './probe-values.ts';
import { routesOf } from './routes-of.ts';

/** The routes that answer any signed-in person about themselves or the site, whatever ids they are sent. */
const OWN_OR_SITE = new Set([
  'get /api/auth/oidc/providers/',
  'get /api/v1/users/me/',
  'post /api/v1/users/ask_reset_password/',
  'get /api/v1/teams/',
  'get /api/v1/team-invitations/',
  'post /api/v1/contact-messages/',
  'get /api/v1/captcha/challenge/',
  'get /api/v1/judge_portal/',
]);

/** Of those, the ones keyed by a secret that no one can guess: a signed file link. */
const KEYED_BY_A_SECRET = new Set(['GET /api/v1/files/:key']);

/** The query parameters and body fields that name a team's object. */
const NAMES_AN_OBJECT = /^(team|team_id|issue|dataset|data_model|form|user|datasets|issues)$/;

describe('every route, called by another team’s admin with the ids of this team’s objects', () => {
  let t: TestApp;
  let ids: { team: number; issue: number; itemType: number };
  let strangerToken: string;
  let otherJudgeToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { admin, issue, items } = await judgingFactories(t).createSetup();
    ids = { team: admin.team.id, issue: issue.id, itemType: items[0]?.dataModelId ?? 0 };
    strangerToken = (await t.createAdmin()).token;
    // A judge of another team's selection, whose personal link opens that selection only.
    otherJudgeToken = (await judgingFactories(t).createSetup()).judge.token;
  });
  afterAll(() => t.close());

  it('answers none of them with a 2xx, but the routes about the caller or the site', async () => {
    const { paths } = t.app.swagger() as { paths: OpenApiPaths };
    const idOf = (name: string) => (name.startsWith('team') ? ids.team : ids.issue);
    const answered: string[] = [];
    let probed = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const url = path.replace(/\{\w+\}/g, String(ids.issue));
      for (const [method, operation] of Object.entries(operations)) {
        if (method === 'delete' || OWN_OR_SITE.has(`${method} ${path}`)) continue;
        const query = new URLSearchParams(
          (operation.parameters ?? [])
            .filter(
              ({ in: where, name, required }) =>
                where === 'query' && (required || NAMES_AN_OBJECT.test(name)),
            )
            .map(({ name, schema }) => [
              name,
              String(NAMES_AN_OBJECT.test(name) ? idOf(name) : sample(schema)),
            ]),
        );
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        // The import's check takes rows of any shape: one that names this team's item type.
        const payload =
          path === '/api/v1/datasets/validate/'
            ? [{ title: 'Charlie', data_model: ids.itemType }]
            : withIds(sample(schema ?? {}), NAMES_AN_OBJECT, idOf);
        const reply = await t.request({
          method: method.toUpperCase() as 'GET',
          url: `${url}?${query}`,
          token: strangerToken,
          payload: schema ? (payload as object) : undefined,
        });
        probed++;
        if (reply.statusCode < 300) answered.push(`${method} ${path} ${reply.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
    expect(probed).toBeGreaterThan(150);
  });

  it('answers a judge of another selection, with their link’s token, with no 2xx', async () => {
    const { paths } = t.app.swagger() as { paths: OpenApiPaths };
    const answered: string[] = [];
    let probed = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const url = path.replace(/\{\w+\}/g, String(ids.issue));
      for (const [method, operation] of Object.entries(operations)) {
        const takesToken = (operation.parameters ?? []).some(
          ({ in: where, name }) => where === 'query' && name === 'token',
        );
        if (!takesToken || !path.includes('{')) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const reply = await t.request({
          method: method.toUpperCase() as 'GET',
          url: `${url}?token=${otherJudgeToken}`,
          payload: schema ? (sample(schema) as object) : undefined,
        });
        probed++;
        if (reply.statusCode < 300) answered.push(`${method} ${path} ${reply.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
    expect(probed).toBeGreaterThan(10);
  });

  it('answers every other route 401 without a token, before it reads the body', async () => {
    const answered: string[] = [];
    let probed = 0;
    for (const { method, path } of routesOf(t.app.printRoutes({ commonPrefix: false }))) {
      if (OPEN_ROUTES.has(`${method} ${path}`)) continue;
      probed++;
      const url = path.replace(/:\w+/g, String(ids.issue));
      // A body that fails validation: a 400 here would tell a stranger the route's fields.
      const reply = await t.request({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      if (reply.statusCode !== 401) answered.push(`${method} ${path} ${reply.statusCode}`);
    }
    expect(answered).toEqual([]);
    expect(probed).toBeGreaterThan(150);
  });

  it('counts every open route per address (the others are keyed by a secret)', async () => {
    const unlimited: string[] = [];
    for (const route of OPEN_ROUTES) {
      if (KEYED_BY_A_SECRET.has(route)) continue;
      const [method = 'GET', path = ''] = route.split(' ');
      const url = path.replace(/:\w+/g, String(ids.issue));
      const reply = await t.request({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      if (reply.headers['x-ratelimit-limit'] === undefined) unlimited.push(route);
    }
    expect(unlimited).toEqual([]);
  });
});
