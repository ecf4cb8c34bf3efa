/**
 * Values for probing the API from its own OpenAPI document: a plain value that a field's JSON schema
 * accepts, and the same value with each leaf made extreme in turn.
 */
export const LONG = 'a'.repeat(5000);

export type JsonSchema = {
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
  pattern?: string;
};

/** A value the schema accepts, as plain as it gets: ids are 1, which the set-up's objects hold. */
export function sample(schema: JsonSchema, full = true): unknown {
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
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-')) return '2026-01-01';
  if (schema.pattern?.startsWith('^(#')) return '#1668dc';
  return 'x'.repeat(Math.max(3, schema.minLength ?? 3));
}

/** Each leaf of `value` replaced in turn by each of `extremes` of its kind. */
export function* mutations(value: unknown, extremes: (leaf: unknown) => unknown[]): Generator<unknown> {
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries())
      for (const mutated of mutations(entry, extremes))
        yield value.map((v, i) => (i === index ? mutated : v));
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value))
      for (const mutated of mutations(entry, extremes)) yield { ...value, [key]: mutated };
  } else yield* extremes(value);
}

/**
 * `value` with each field whose name `names` matches, at any depth, given the id `idOf` its name: the ids
 * of the set-up's objects put into a body sampled from a schema (an import's rows name their item type).
 */
export function withIds(value: unknown, names: RegExp, idOf: (name: string) => number): unknown {
  if (Array.isArray(value)) return value.map((entry) => withIds(entry, names, idOf));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      names.test(key) && typeof entry !== 'object' ? idOf(key) : withIds(entry, names, idOf),
    ]),
  );
}

export const EXTREMES = (leaf: unknown) =>
  typeof leaf === 'number'
    ? [1e300, -1e300, 2 ** 31, 0.5, -1]
    : typeof leaf === 'string'
      ? [`${leaf}\u0000`, '', ' ', LONG, '0', '-1', '1e999', '2026-13-45', '99999999999']
      : [null, 'x', 1];

/** The part of the app's OpenAPI document (`app.swagger()`) that the probe reads. */
export type OpenApiPaths = Record<
  string,
  Record<
    string,
    {
      tags?: string[];
      parameters?: {
        in: string;
        name: string;
        required?: boolean;
        description?: string;
        schema: JsonSchema;
      }[];
      requestBody?: { content?: Record<string, { schema: JsonSchema }> };
    }
  >
>;
