import type { Writable } from 'node:stream';
import { type AuditEntry, auditChangeLines, itemTitleIn, type Language } from '@shortlist/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drained } from '../../http/download.ts';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';
import { readAuditRowsBefore, toAuditEntries } from './read.ts';

/** Entries read per query: the export walks the log by id, newest first, never holding it whole. */
const EXPORT_BATCH_SIZE = 1000;

/** The sheet's name, the audit log page's title. */
const SHEET_NAMES: Record<Language, string> = { en: 'Audit log', fr: 'Journal d’audit' };

const HEADERS: Record<Language, string[]> = {
  en: [
    'Time (UTC)',
    'Actor',
    'Actor id',
    'Actor e-mail',
    'Action',
    'Object type',
    'Object id',
    'Object',
    'What changed',
    'Changes',
  ],
  fr: [
    'Date (UTC)',
    'Auteur',
    'Id de l’auteur',
    'E-mail de l’auteur',
    'Action',
    'Type d’objet',
    'Id de l’objet',
    'Objet',
    'Ce qui a changé',
    'Modifications',
  ],
};

/** A time inside the changes (a deadline…), in UTC as the time column is. */
const utcTimes = {
  en: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
};

/** The changes as the log's page words them, one after the other; an erased item in the admin's words. */
function changesText(entry: AuditEntry, language: Language) {
  const formatTime = (iso: string) => `${utcTimes[language].format(new Date(iso))} UTC`;
  const items = Object.entries(entry.refs.items).map(([id, title]) => [id, itemTitleIn(title, language)]);
  const refs = { ...entry.refs, items: Object.fromEntries(items) };
  return auditChangeLines(entry.changes, refs, language, formatTime)
    .map(({ label, old, value }) => `${label}: ${old === null ? '' : `${old} → `}${value}`)
    .join('; ');
}

/**
 * One entry's cells: the codes (an action, a kind of actor or object) stay codes, as scripts and filters
 * read them; what changed is also in words, then as JSON.
 */
const toCells = (entry: AuditEntry, language: Language) => [
  entry.time,
  entry.actor.kind,
  entry.actor.id,
  entry.actor.email,
  entry.action,
  entry.object_type,
  entry.object_id,
  entry.object_type === 'item' && entry.object_label
    ? itemTitleIn(entry.object_label, language)
    : entry.object_label,
  changesText(entry, language),
  JSON.stringify(entry.changes),
];

/** The filtered entries, newest first, in batches. */
async function* entriesOf(db: Db, teamId: number, where: SQL | undefined) {
  let before: number | undefined;
  for (;;) {
    const rows = await readAuditRowsBefore(db, where, before, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield await toAuditEntries(db, teamId, rows);
    before = rows[rows.length - 1]?.id;
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

export async function writeAuditWorkbook(
  db: Db,
  { teamId, where, language }: { teamId: number; where: SQL | undefined; language: Language },
  output: Writable,
) {
  await writeWorkbookOffThread(output, async (workbook) => {
    const sheet = workbook.addWorksheet(SHEET_NAMES[language]);
    const widths = [24, 10, 8, 30, 22, 12, 8, 30, 80, 60];
    sheet.columns = HEADERS[language].map((header, index) => ({ header, width: widths[index] }));
    for await (const entries of entriesOf(db, teamId, where)) {
      for (const entry of entries) sheet.addRow(toCells(entry, language));
      await workbook.flush();
    }
    sheet.commit();
  });
}

/** A CSV cell; text a spreadsheet would run as a formula (= + - @ first) is quoted with a leading '. */
function csvCell(value: unknown) {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The same rows as CSV (UTF-8 with its byte-order mark, which Excel needs to read accents). */
export async function writeAuditCsv(
  db: Db,
  { teamId, where, language }: { teamId: number; where: SQL | undefined; language: Language },
  output: Writable,
) {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  output.write(`\uFEFF${line(HEADERS[language])}`);
  for await (const entries of entriesOf(db, teamId, where)) {
    output.write(entries.map((entry) => line(toCells(entry, language))).join(''));
    await drained(output);
  }
  output.end();
}
