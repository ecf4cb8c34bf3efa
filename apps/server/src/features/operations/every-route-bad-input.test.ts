// Every route of the API, found in the app itself (its route listing and its OpenAPI document), so that a
// route added later is probed too: input of the wrong shape, values at their extremes and the same write
// sent four times at once must each answer a 2xx or a 4xx, never a 500 (decisions 151 and 152).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { EXTREMES, LONG, mutations, type OpenApiPaths, sample } from './probe-values.ts';
import { routesOf } from './routes-of.ts';

/** Bodies of the wrong shape: not an object, and an object whose usual fields all have the wrong type. */
const BODIES: unknown[] = [
  [],
  'text',
  42,
  {
    title: {},
    description: [],
    name: 7,
    email: ['x'],
    status: { a: 1 },
    language: 5,
    answers: 'x',
    datasets: 'x',
    issues: ['x'],
    users: [null],
    tags: { a: 1 },
    questions: {},
    criteria: 'x',
    weight: 'heavy',
    value: 'NaN',
    fields: 'x',
    options: 7,
    ordering: [],
    token: 12,
    password: {},
    data: 'x',
    values: 'x',
    resourcetype: 9,
  },
  {
    title: 'a\u0000b',
    description: 'a\u0000b',
    name: 'a\u0000b',
    email: 'a\u0000@b.org',
    first_name: 'a\u0000',
    text: 'a\u0000',
    comment: 'a\u0000',
    subject: 'a\u0000',
    body: 'a\u0000',
    content: 'a\u0000',
    label: 'a\u0000',
    answers: [{ comment: 'a\u0000', value: 1 }],
  },
  {
    weight: 1e300,
    value: -1e300,
    judges_per_item: 1e12,
    position: 1e12,
    order: 2 ** 53,
    max_tokens: 1e15,
    tokens: 1e15,
    scale: 1e15,
    number_min: -1e300,
    number_max: 1e300,
    limit: 1e12,
    count: 1e12,
    days: 1e12,
    minutes: 1e12,
  },
  { title: LONG, description: LONG, name: LONG, email: `${LONG}@x.org`, datasets: [1.5, -1, 'x'] },
];

/**
 * A fresh app for a describe of its own (each may change what the next reads): an admin's selection of
 * three items and one judge, whose ids the probes put in every path.
 */
function useProbeApp() {
  const probe = {} as { t: TestApp; token: string; team: number; issue: number };
  beforeAll(async () => {
    probe.t = await createTestApp();
    const { admin, issue } = await judgingFactories(probe.t).createSetup();
    Object.assign(probe, { token: admin.token, team: admin.team.id, issue: issue.id });
  });
  afterAll(() => probe.t.close());
  return probe;
}

/** Queries a person or a script could send: negative or non-numeric pages, unknown orders, odd text. */
const QUERIES = [
  'limit=-1&offset=-5&ordering=zzz',
  'limit=abc&offset=1e400&page=0&page_size=NaN',
  `search=${LONG}&ordering=-${LONG}`,
  'search=%00%01&ordering=%00&status=x&status=y&tags=a&tags=b',
  'limit=99999999999&offset=99999999999&page=99999999999',
  'limit=0&offset=0&cursor=%FF%FE&v=99999999999&k=99999999999&top=99999999999',
  'issue=abc&team=[]&dataset=1.5&data_model=-1&created_at__gte=not-a-date&v=x&token=',
];

describe('every route, with input of the wrong shape (never a 500)', () => {
  const probe = useProbeApp();

  it('answers each wrong body with a 4xx', async () => {
    const answers: string[] = [];
    // A route listing read wrong would leave nothing probed and nothing to fail: each test counts its routes.
    let probed = 0;
    for (const { method, path } of routesOf(probe.t.app.printRoutes({ commonPrefix: false }))) {
      if (method === 'GET') continue;
      probed++;
      const url = `${path.replace(/:\w+/g, String(probe.issue))}`;
      for (const body of BODIES) {
        const reply = await probe.t.request({
          method: method as 'POST',
          url,
          token: probe.token,
          payload: body as object,
        });
        if (reply.statusCode >= 500)
          answers.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 60)} ${reply.statusCode} ${reply.body.slice(0, 200)}`,
          );
      }
    }
    expect(answers).toEqual([]);
    expect(probed).toBeGreaterThan(90);
  });

  it('answers each odd query with a 2xx or a 4xx', async () => {
    const answers: string[] = [];
    let probed = 0;
    for (const { method, path } of routesOf(probe.t.app.printRoutes({ commonPrefix: false }))) {
      if (method !== 'GET') continue;
      probed++;
      const url = `${path.replace(/:\w+/g, String(probe.issue))}`;
      for (const query of QUERIES) {
        const reply = await probe.t.request({
          method: 'GET',
          url: `${url}?team=${probe.team}&${query}`,
          token: probe.token,
        });
        if (reply.statusCode >= 500)
          answers.push(
            `${method} ${url}?${query.slice(0, 60)} ${reply.statusCode} ${reply.body.slice(0, 200)}`,
          );
      }
    }
    expect(answers).toEqual([]);
    expect(probed).toBeGreaterThan(60);
  });
});

describe('every route, probed from its OpenAPI schema (never a 500)', () => {
  const probe = useProbeApp();

  it('answers each plain query, and each with a value made extreme, with a 2xx or a 4xx', async () => {
    const { paths } = probe.t.app.swagger() as { paths: OpenApiPaths };
    const answers: string[] = [];
    let probed = 0;
    let accepted = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const url = path.replace(/\{\w+\}/g, String(probe.issue));
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        if (method !== 'get' || !parameters.length) continue;
        probed++;
        const send = async (query: Record<string, unknown>) => {
          const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
          const reply = await probe.t.request({ method: 'GET', url: `${url}?${search}`, token: probe.token });
          if (reply.statusCode >= 500)
            answers.push(`${url}?${search.toString().slice(0, 120)} ${reply.statusCode}`);
          return reply.statusCode;
        };
        // Every parameter (a free text is an id: 1), then the required ones only.
        for (const full of [true, false]) {
          const plain = Object.fromEntries(
            parameters
              .filter((parameter) => full || parameter.required)
              .map(({ name, schema }) => {
                const value = name.startsWith('team') ? probe.team : sample(schema);
                return [name, value === 'xxx' ? 1 : value];
              }),
          );
          if ((await send(plain)) < 300) accepted++;
          for (const query of mutations(plain, EXTREMES)) await send(query as Record<string, unknown>);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(probed).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(30);
  }, 300_000);

  it('answers each plain body, and each with a field made extreme, with a 2xx or a 4xx', async () => {
    const { paths } = probe.t.app.swagger() as { paths: OpenApiPaths };
    const answers: string[] = [];
    let probed = 0;
    let accepted = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        probed++;
        const url = path.replace(/\{\w+\}/g, String(probe.issue));
        const send = async (body: unknown) => {
          const reply = await probe.t.request({
            method: method.toUpperCase() as 'POST',
            url,
            token: probe.token,
            payload: body as object,
          });
          if (reply.statusCode >= 500)
            answers.push(`${method} ${url} ${JSON.stringify(body).slice(0, 100)} ${reply.statusCode}`);
          return reply.statusCode;
        };
        // Every field, then the required ones only (an empty PATCH among them).
        for (const full of [true, false]) {
          const body = sample(schema, full);
          if ((await send(body)) < 300) accepted++;
          for (const mutated of mutations(body, EXTREMES)) await send(mutated);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(probed).toBeGreaterThan(70);
    // The plain bodies reach the services: the probe is not stopped at validation everywhere.
    expect(accepted).toBeGreaterThan(50);
  }, 300_000);
});

describe('every route with a body, the same plain body sent four times at once (never a 500)', () => {
  const probe = useProbeApp();

  // A double click, or two admins at once: on PostgreSQL the four run side by side on their own connections.
  it('answers each copy with a 2xx or a 4xx', async () => {
    const { paths } = probe.t.app.swagger() as { paths: OpenApiPaths };
    const answers: string[] = [];
    let probed = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        probed++;
        const url = path.replace(/\{\w+\}/g, String(probe.issue));
        for (const full of [true, false]) {
          const payload = sample(schema, full) as object;
          const request = { method: method.toUpperCase() as 'POST', url, token: probe.token, payload };
          const replies = await Promise.all([1, 2, 3, 4].map(() => probe.t.request(request)));
          for (const reply of replies.filter((reply) => reply.statusCode >= 500))
            answers.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 100)} ${reply.statusCode}`);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(probed).toBeGreaterThan(70);
  }, 300_000);
});
