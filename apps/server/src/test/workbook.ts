import { PassThrough } from 'node:stream';
import type { Language } from '@shortlist/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../db/client.ts';
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
 * A database whose reads are counted, `select` and `execute` alike: how many batches an export read. Each
 * batch of the exports starts with one.
 */
export function countingReads(db: Db) {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key !== 'select' && key !== 'execute') return value.bind(target);
      return (...args: unknown[]) => {
        reads += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, reads: () => reads };
}

/** A download's output, read as a client would, that its client leaves as soon as the event loop turns. */
export function outputLeftAtOnce() {
  const output = new PassThrough();
  output.resume();
  setImmediate(() => output.destroy());
  return output;
}
