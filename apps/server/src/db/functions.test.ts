import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import type { Db } from './client.ts';
import { readSqlDefinitions } from './functions/index.ts';

// db/functions/ holds the current text of every function, view and trigger the migrations made: a migrated
// database must hold exactly those, so that what one reads there is what runs.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
}, 180_000);
afterAll(() => database?.close());

const definitions = readSqlDefinitions();

async function selectRows<T>(db: Pick<Db, 'execute'>, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Whitespace aside: indentation and line breaks in a file change nothing that runs. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The app's functions, views and triggers as the database prints them, by name; extensions' left out. */
async function readDatabaseDefinitions(db: Pick<Db, 'execute'>) {
  const functions = await selectRows<{ signature: string; definition: string }>(
    db,
    sql`SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
        pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
          AND d.deptype = 'e')`,
  );
  const views = await selectRows<{ name: string; definition: string }>(
    db,
    sql`SELECT c.relname AS name, pg_get_viewdef(c.oid) AS definition
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('v', 'm')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
          AND d.deptype = 'e')`,
  );
  const triggers = await selectRows<{ name: string; definition: string }>(
    db,
    sql`SELECT c.relname || '.' || t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND NOT t.tgisinternal`,
  );
  const byName = (rows: { name: string; definition: string }[]) =>
    Object.fromEntries(rows.map((row) => [row.name, normalised(row.definition)]));
  return {
    functions: byName(functions.map(({ signature, definition }) => ({ name: signature, definition }))),
    views: byName(views),
    triggers: byName(triggers),
  };
}

describe('db/functions', () => {
  it('names every function, view and trigger of the migrated database, and no other', async () => {
    const { functions, views, triggers } = await readDatabaseDefinitions(database.db);
    expect({
      functions: Object.keys(functions)
        .map((signature) => signature.replace(/\(.*/, ''))
        .sort(),
      views: Object.keys(views).sort(),
      triggers: Object.keys(triggers).sort(),
    }).toEqual({
      functions: definitions.flatMap((d) => (d.kind === 'function' ? [d.name] : [])).sort(),
      views: definitions.flatMap((d) => (d.kind === 'view' ? [d.name] : [])).sort(),
      triggers: definitions.flatMap((d) => (d.kind === 'trigger' ? [`${d.table}.${d.name}`] : [])).sort(),
    });
  });

  // The files' statements run over the migrated database in a transaction rolled back: where a file differs
  // from what the migrations left (a function's body, arguments, volatility, settings; a view's query; a
  // trigger's events, table, condition or function), the database prints that object differently afterwards.
  it('holds each definition as the files write it', async () => {
    const migrated = await readDatabaseDefinitions(database.db);
    let fromFiles: typeof migrated | undefined;
    try {
      await database.db.transaction(async (tx) => {
        for (const definition of definitions) {
          if (definition.kind === 'trigger') {
            await tx.execute(sql.raw(`DROP TRIGGER IF EXISTS ${definition.name} ON ${definition.table}`));
          }
          await tx.execute(sql.raw(definition.sql));
        }
        fromFiles = await readDatabaseDefinitions(tx);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    // Only the objects that differ, each as the migrations left it and as its file writes it.
    const differences = (['functions', 'views', 'triggers'] as const).flatMap((kind) =>
      Object.entries(migrated[kind])
        .filter(([name, definition]) => fromFiles?.[kind][name] !== definition)
        .map(([name, definition]) => ({ name, migrated: definition, file: fromFiles?.[kind][name] })),
    );
    const names = (found: typeof migrated | undefined) =>
      found &&
      Object.values(found)
        .flatMap((byName) => Object.keys(byName))
        .sort();
    expect(names(fromFiles)).toEqual(names(migrated));
    expect(differences).toEqual([]);
  });
});
