import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The SQL functions, triggers and views the app owns, as they run today: files by feature beside this one.
 * The migrations made them over time (the report's upkeep alone across 0008 to 0031), so reading the latest
 * `CREATE OR REPLACE` of each there is a hunt; these files hold the current text, and `db/functions.test.ts`
 * checks that a freshly migrated database holds exactly these definitions, no more and no fewer.
 *
 * To change one: edit it here, then copy the changed statements into a new migration, which
 * `npm run db:generate -w apps/server -- --custom --name=<what>` makes empty (drizzle-kit cannot see
 * them). A function's or a view's `CREATE OR REPLACE` copies as it is (a view that loses or changes a
 * column needs `DROP VIEW` first); a changed trigger needs `DROP TRIGGER <name> ON <table>;` before its
 * `CREATE TRIGGER`; one removed needs its `DROP`; a new file is listed below, in an order where each
 * statement finds what it uses. docs/architecture.md says the same.
 */
export const FUNCTION_FILES = [
  'reports-fold.sql',
  'reports-changes.sql',
  'reports-verify.sql',
  'judge-access.sql',
  'items.sql',
  'audit-log.sql',
  'selections.sql',
  'decisions.sql',
] as const;

export type SqlDefinition =
  | { kind: 'function' | 'view'; name: string; file: string; sql: string }
  | { kind: 'trigger'; name: string; table: string; file: string; sql: string };

const folder = path.dirname(fileURLToPath(import.meta.url));
/** drizzle-kit's separator: the files' statements copy into a migration as they are. */
const BREAKPOINT = /^--> statement-breakpoint$/m;
const FUNCTION = /^CREATE OR REPLACE FUNCTION (\w+)\(/m;
const VIEW = /^CREATE OR REPLACE VIEW "?(\w+)"? AS/m;
const TRIGGER = /^CREATE TRIGGER (\w+)\s[\s\S]*?\bON (\w+)\s/m;

/** Every statement of the files, in order; each creates one function, view or trigger. */
export function readSqlDefinitions(): SqlDefinition[] {
  return FUNCTION_FILES.flatMap((file) =>
    readFileSync(path.join(folder, file), 'utf8')
      .split(BREAKPOINT)
      .map((sql): SqlDefinition => {
        // One object a statement, so that each is compared on its own and copies into a migration alone.
        if (sql.match(/^CREATE /gm)?.length === 1) {
          const [, fn] = FUNCTION.exec(sql) ?? [];
          if (fn) return { kind: 'function', name: fn, file, sql };
          const [, view] = VIEW.exec(sql) ?? [];
          if (view) return { kind: 'view', name: view, file, sql };
          const [, trigger, table] = TRIGGER.exec(sql) ?? [];
          if (trigger && table) return { kind: 'trigger', name: trigger, table, file, sql };
        }
        throw new Error(
          `db/functions/${file}: one CREATE OR REPLACE FUNCTION or VIEW, or CREATE TRIGGER, a statement:\n${sql}`,
        );
      }),
  );
}
