import type { Db } from '../db/client.ts';

/** Numbers every statement name: PostgreSQL refuses one name for two texts on a connection. */
let statementsNamed = 0;

/**
 * Statements that Drizzle builds once per database and shape, their values bound as placeholders when
 * they run. A list's shape is which filters a request names and its order (a handful of combinations),
 * so that a request builds no SQL, and PostgreSQL parses and plans each shape once per connection (a
 * named prepared statement; PGlite ignores the name). `name(part)` gives each statement its own name.
 */
export function preparedPerShape<Shape, Statements>(
  family: string,
  build: (db: Db, shape: Shape, name: (part: string) => string) => Statements,
) {
  const cache = new WeakMap<Db, Map<string, Statements>>();
  return (db: Db, shape: Shape): Statements => {
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    const key = JSON.stringify(shape);
    let statements = byShape.get(key);
    if (!statements) {
      statements = build(db, shape, (part) => `${family}_${part}_${++statementsNamed}`);
      byShape.set(key, statements);
    }
    return statements;
  };
}
