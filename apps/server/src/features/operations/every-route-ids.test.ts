import { ID_MAX } from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { routesOf } from './routes-of.ts';

/** Beyond PostgreSQL's `integer`: such an id names nothing and must never reach SQL. */
const HUGE = ID_MAX * 100 + 99;
/** The id fields that bodies and queries of the API carry; lists take an array. */
const ID_FIELDS = ['team', 'issue', 'data_model', 'dataset', 'user', 'form', 'template', 'datum_field'];
const ID_LISTS = ['issues', 'datasets', 'tags', 'users'];

describe('every route, with ids beyond the integer range (issue 11, point 3)', () => {
  let t: TestApp;
  let token: string;
  let teamId: number;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createAdmin({ isSuperuser: true });
    token = admin.token;
    teamId = admin.team.id;
    routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, payload?: object) =>
    t.request({ method: method as 'GET', url, token, payload: method === 'GET' ? undefined : payload });

  it('answers 404 for such an id in the path, on every route with one', async () => {
    const withIds = routes.filter((route) => route.path.includes('/:'));
    expect(withIds.length).toBeGreaterThan(80);
    const answers = await Promise.all(
      withIds.map(async ({ method, path }) => {
        const reply = await call(method, `${path.replace(/:\w+/g, String(HUGE))}/`, {});
        return `${method} ${path} ${reply.statusCode}`;
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith(' 404'))).toEqual([]);
  });

  it('never answers 500 for such ids in the query and the body, on any route', async () => {
    const query = ID_FIELDS.map((field) => `${field}=${HUGE}`).join('&');
    const body = Object.fromEntries([
      ...ID_FIELDS.map((field) => [field, HUGE]),
      ...ID_LISTS.map((field) => [field, [HUGE]]),
    ]);
    const answers: string[] = [];
    for (const { method, path } of routes) {
      const reply = await call(method, `${path.replace(/:\w+/g, String(teamId))}/?${query}`, body);
      answers.push(`${method} ${path} ${reply.statusCode} ${reply.body.slice(0, 120)}`);
    }
    expect(answers.filter((answer) => / 5\d\d /.test(answer))).toEqual([]);
    expect(answers.length).toBeGreaterThan(150);
  });
});
