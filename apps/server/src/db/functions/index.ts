import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The SQL functions and triggers the app owns, as they run today: one file per feature beside this one.
 * The migrations made them over time (the report's upkeep alone across 0008 to 0031), so reading the latest
 * `CREATE OR REPLACE` of each there is a hunt; these files hold the current text, and `db/functions.test.ts`
 * checks that a freshly migrated database holds exactly these definitions, no more and no fewer.
 *
 * To change one: edit it here, then copy the changed statements into a new migration, which
 * `npm run db:generate -w apps/server -- --custom --name=<what>` makes empty (drizzle-kit cannot see
 * functions). A function's `CREATE OR REPLACE` copies as it is; a changed trigger needs
 * `DROP TRIGGER <name> ON <table>;` before its `CREATE TRIGGER`; one removed needs its `DROP`; a new file is
 * listed below. docs/architecture.md says the same.
 */
export const FUNCTION_FILES = ['reports.sql', 'judge-access.sql', 'items.sql', 'audit-log.sql'] as const;

export type SqlDefinition =
  | { kind: 'function'; name: string; file: string; sql: string }
  | { kind: 'trigger'; name: string; table: string; file: string; sql: string };

const folder = path.dirname(fileURLToPath(import.meta.url));
/** drizzle-kit's separator: the files' statements copy into a migration as they are. */
const BREAKPOINT = /^--> statement-breakpoint$/m;
const FUNCTION = /^CREATE OR REPLACE FUNCTION (\w+)\(/m;
const TRIGGER = /^CREATE TRIGGER (\w+)\s[\s\S]*?\bON (\w+)\s/m;

/** Every statement of the files, in order; each must create one function or one trigger. */
export function readSqlDefinitions(): SqlDefinition[] {
  return FUNCTION_FILES.flatMap((file) =>
    readFileSync(path.join(folder, file), 'utf8')
      .split(BREAKPOINT)
      .map((sql): SqlDefinition => {
        const fn = FUNCTION.exec(sql);
        const trigger = TRIGGER.exec(sql);
        // One object a statement, so that each is compared on its own and copies into a migration alone.
        const isSingle = sql.match(/^CREATE /gm)?.length === 1;
        if (isSingle && fn) return { kind: 'function', name: fn[1], file, sql };
        if (isSingle && trigger) {
          return { kind: 'trigger', name: trigger[1], table: trigger[2], file, sql };
        }
        throw new Error(
          `db/functions/${file}: one CREATE OR REPLACE FUNCTION or CREATE TRIGGER a statement:\n${sql}`,
        );
      }),
  );
}
