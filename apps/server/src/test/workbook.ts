import { PassThrough } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { Language } from '@shortlist/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { TestApp } from './harness.ts';

/** An xlsx reply read back: each sheet's name and its rows of cell values, header first. */
export async function readWorkbook(body: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return Object.fromEntries(
    workbook.worksheets.map((sheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return [sheet.name, rows];
    }),
  );
}

/** Sets a user's account language as the web's language menu does: their exports then speak it. */
export async function setLanguage(
  t: TestApp,
  { user, token }: { user: { id: number }; token: string },
  language: Language,
) {
  const url = `/api/v1/users/${user.id}/`;
  const reply = await t.request({ method: 'PATCH', url, token, payload: { language } });
  if (reply.statusCode !== 200) throw new Error(`language not set: ${reply.body}`);
}

/**
 * The same database, each statement that reaches it counted: how many batches an export read, whether
 * Drizzle built it or a prepared statement ran it.
 */
export function countingStatements(db: Db) {
  let statements = 0;
  const logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  // The driver's client, which both engines' Drizzle keep on the database; `Db` is the engines' common type.
  const client = (db as unknown as { $client: PGlite | Pool }).$client;
  const counted = (client instanceof PGlite
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  return { db: counted, statements: () => statements };
}

/** A download's output, read as a client would, that its client leaves as soon as the event loop turns. */
export function outputLeftAtOnce() {
  const output = new PassThrough();
  output.resume();
  setImmediate(() => output.destroy());
  return output;
}
