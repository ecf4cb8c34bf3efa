import { JUDGE_TOKEN_DESCRIPTION } from '@shortlist/contract';
import { type JsonSchema, type OpenApiPaths, sample, withIds } from './probe-values.ts';

/** The query and body fields that name an item: a walk gives them one of the selection's items. */
const NAMES_AN_ITEM = /^(dataset|next)$/;

export interface JudgeRoute {
  method: string;
  path: string;
  query: { name: string; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** It takes a judge's personal link token (its parameter carries the contract's description). */
  takesJudgeToken: boolean;
}

/**
 * Every route that gives a judge anything, read from the app's OpenAPI document (`app.swagger()`), so that
 * a route added later is walked without being named: each that takes a link's `token` in its query (a
 * judge's, and the public form's two), and the others tagged `judging` (the public link's).
 */
export function judgeRoutes(paths: OpenApiPaths): JudgeRoute[] {
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .map(([method, operation]) => {
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        return {
          method: method.toUpperCase(),
          path,
          query,
          body: operation.requestBody?.content?.['application/json']?.schema,
          takesJudgeToken: query.some((parameter) => parameter.description === JUDGE_TOKEN_DESCRIPTION),
          isListed:
            query.some((parameter) => parameter.name === 'token') ||
            (operation.tags?.includes('judging') ?? false),
        };
      })
      .filter(({ isListed }) => isListed)
      .map(({ isListed: _, ...route }) => route),
  );
}

/**
 * The request of a judge's route with this token: its path's id is the selection, a required field naming
 * an item names `item`, a yes-or-no of the query is yes (`as_judge`), a body the plainest its schema takes.
 */
export function judgeCall(route: JudgeRoute, ids: { issue: number; item: number; token: string }) {
  const query = new URLSearchParams({ token: ids.token });
  for (const { name, required, schema } of route.query) {
    if (NAMES_AN_ITEM.test(name) && required) query.set(name, String(ids.item));
    else if (schema.enum?.includes('true')) query.set(name, 'true');
  }
  return {
    method: route.method as 'GET',
    url: `${route.path.replace(/\{\w+\}/g, String(ids.issue))}?${query}`,
    payload: route.body
      ? (withIds(sample(route.body, false), NAMES_AN_ITEM, () => ids.item) as object)
      : undefined,
  };
}
