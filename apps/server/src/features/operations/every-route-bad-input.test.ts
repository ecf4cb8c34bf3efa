import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { routesOf } from './routes-of.ts';

const LONG = 'a'.repeat(5000);

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
  let t: TestApp;
  let token: string;
  let routes: { method: string; path: string }[];
  let ids: { team: number; issue: number };

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await judgingFactories(t).createSetup();
    ids = { team: setup.admin.team.id, issue: setup.issue.id };
    token = setup.admin.token;
    routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t.close());

  it('answers each wrong body with a 4xx', async () => {
    const answers: string[] = [];
    for (const { method, path } of routes) {
      if (method === 'GET') continue;
      const url = `${path.replace(/:\w+/g, String(ids.issue))}`;
      for (const body of BODIES) {
        const reply = await t.request({ method: method as 'POST', url, token, payload: body as object });
        if (reply.statusCode >= 500)
          answers.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 60)} ${reply.statusCode} ${reply.body.slice(0, 200)}`,
          );
      }
    }
    expect(answers).toEqual([]);
  });

  it('answers each odd query with a 2xx or a 4xx', async () => {
    const answers: string[] = [];
    for (const { method, path } of routes) {
      if (method !== 'GET') continue;
      const url = `${path.replace(/:\w+/g, String(ids.issue))}`;
      for (const query of QUERIES) {
        const reply = await t.request({ method: 'GET', url: `${url}?team=${ids.team}&${query}`, token });
        if (reply.statusCode >= 500)
          answers.push(
            `${method} ${url}?${query.slice(0, 60)} ${reply.statusCode} ${reply.body.slice(0, 200)}`,
          );
      }
    }
    expect(answers).toEqual([]);
  });
});

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
};

/** A value the schema accepts, as plain as it gets: ids are 1, which the set-up's objects hold. */
function sample(schema: JsonSchema, full = true): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((option) => option.type !== 'null') ?? choice[0] ?? {}, full);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, full)));
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => full || schema.required?.includes(key))
        .map(([key, property]) => [key, sample(property, full)]),
    );
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, full));
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'probe@example.org';
  if (schema.format === 'uri') return 'https://example.org/';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  return 'x'.repeat(Math.max(3, schema.minLength ?? 3));
}

/** Each leaf of `value` replaced in turn by each of `extremes` of its kind. */
function* mutations(value: unknown, extremes: (leaf: unknown) => unknown[]): Generator<unknown> {
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries())
      for (const mutated of mutations(entry, extremes))
        yield value.map((v, i) => (i === index ? mutated : v));
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value))
      for (const mutated of mutations(entry, extremes)) yield { ...value, [key]: mutated };
  } else yield* extremes(value);
}

const EXTREMES = (leaf: unknown) =>
  typeof leaf === 'number'
    ? [1e300, -1e300, 2 ** 31, 0.5, -1]
    : typeof leaf === 'string'
      ? [`${leaf}\u0000`, '', ' ', LONG, '0', '-1', '1e999']
      : [null, 'x', 1];

describe('every route with a body: a plain valid body, then each of its fields made extreme', () => {
  it('answers with a 2xx or a 4xx, never a 5xx', async () => {
    const t = await createTestApp();
    try {
      const { admin, issue } = await judgingFactories(t).createSetup();
      const doc = t.app.swagger() as {
        paths: Record<
          string,
          Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
        >;
      };
      const answers: string[] = [];
      let accepted = 0;
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const schema = operation.requestBody?.content?.['application/json']?.schema;
          if (!schema) continue;
          const url = path.replace(/\{\w+\}/g, String(issue.id));
          const send = async (body: unknown) => {
            const reply = await t.request({
              method: method.toUpperCase() as 'POST',
              url,
              token: admin.token,
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
      // The plain bodies reach the services: the probe is not stopped at validation everywhere.
      expect(accepted).toBeGreaterThan(50);
    } finally {
      await t.close();
    }
  }, 300_000);
});
