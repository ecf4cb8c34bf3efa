import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDecisions, type Decision } from '../../access/decisions.ts';
import { ROUTES_THAT_ASK_NOTHING } from '../../access/rules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { type OpenApiPaths, sample, withIds } from './probe-values.ts';
import { routesOf } from './routes-of.ts';

/** The body fields that name a team's object, given this team's selection or team. */
const NAMES_AN_OBJECT = /^(team|team_id|issue|dataset|data_model|form|user|datasets|issues)$/;

/** `/api/v1/teams/{id}/tags/` as Fastify lists it: `/api/v1/teams/:id/tags/`. */
const routePath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

describe('every route asks access/ who may call it', () => {
  let t: TestApp;
  let ids: { team: number; issue: number; itemType: number };
  let strangerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { admin, issue, items } = await judgingFactories(t).createSetup();
    ids = { team: admin.team.id, issue: issue.id, itemType: items[0]?.dataModelId ?? 0 };
    strangerToken = (await t.createAdmin()).token;
  });
  afterAll(() => t.close());

  it('publishes a decision of the table for each, called by another team’s admin with this team’s ids', async () => {
    const { paths } = t.app.swagger() as { paths: OpenApiPaths };
    const idOf = (name: string) => (name.startsWith('team') ? ids.team : ids.issue);
    /** Each route's query and body from its OpenAPI operation, naming this team's objects. */
    const requests = new Map<string, { query: URLSearchParams; body?: unknown }>();
    for (const [path, operations] of Object.entries(paths))
      for (const [method, operation] of Object.entries(operations)) {
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
        const body =
          path === '/api/v1/datasets/validate/'
            ? [{ title: 'Charlie', data_model: ids.itemType }]
            : schema && withIds(sample(schema), NAMES_AN_OBJECT, idOf);
        requests.set(`${method.toUpperCase()} ${routePath(path).replace(/\/$/, '')}`, { query, body });
      }
    const decisions: Decision[] = [];
    const listen = (message: unknown) => decisions.push(message as Decision);
    subscribe(accessDecisions.name, listen);
    const silent: string[] = [];
    const refusedUnread: string[] = [];
    let asked = 0;
    try {
      for (const { method, path } of routesOf(t.app.printRoutes({ commonPrefix: false }))) {
        const route = `${method} ${path}`;
        if (ROUTES_THAT_ASK_NOTHING.has(route)) continue;
        decisions.length = 0;
        const { query, body } = requests.get(route) ?? { query: new URLSearchParams() };
        const reply = await t.request({
          method: method as 'GET',
          url: `${path.replace(/:\w+/g, String(ids.issue))}?${query}`,
          token: strangerToken,
          payload: method === 'GET' ? undefined : ((body ?? {}) as object),
        });
        if (decisions.length > 0) asked++;
        // Input its sample cannot fill (a file, a workbook, a choice between two fields) is refused before
        // any right is asked, and gives nothing; a few at most, or the walk proves little.
        else if ([400, 415].includes(reply.statusCode)) refusedUnread.push(route);
        else silent.push(`${route} ${reply.statusCode}`);
      }
    } finally {
      unsubscribe(accessDecisions.name, listen);
    }
    expect(silent).toEqual([]);
    expect(asked).toBeGreaterThan(160);
    expect(refusedUnread.length).toBeLessThan(15);
  });

  it('names in ROUTES_THAT_ASK_NOTHING only routes that exist', () => {
    const routes = new Set(
      routesOf(t.app.printRoutes({ commonPrefix: false })).map(({ method, path }) => `${method} ${path}`),
    );
    expect([...ROUTES_THAT_ASK_NOTHING].filter((route) => !routes.has(route))).toEqual([]);
  });
});
