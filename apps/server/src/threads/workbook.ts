import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { drained } from '../http/download.ts';
import { offThread } from './off-thread.ts';

type Column = Pick<Partial<ExcelJS.Column>, 'header' | 'key' | 'width'>;
/** A row as ExcelJS's `addRow` takes it: values by column key, or in column order (holes stay empty). */
type Row = Record<string, unknown> | unknown[];

type Op =
  | { op: 'sheet'; name: string }
  | { op: 'columns'; sheet: number; columns: Column[] }
  | { op: 'rows'; sheet: number; rows: Row[] }
  | { op: 'commitSheet'; sheet: number }
  | { op: 'commit' }
  | { op: 'abort' };

/** One call to the workbook's worker: a download's session and what to write since the last call. */
export interface WorkbookCall {
  session: number;
  ops: Op[];
}

const onWorker = offThread<WorkbookCall, Uint8Array<ArrayBuffer>>(
  new URL('./workbook-worker.ts', import.meta.url),
);
let sessions = 0;

/** A sheet of a workbook written on the worker: what it is given waits for the workbook's next `flush`. */
export class SheetOffThread {
  constructor(
    private readonly ops: Op[],
    private readonly index: number,
    readonly name: string,
  ) {}

  set columns(columns: Column[]) {
    this.ops.push({ op: 'columns', sheet: this.index, columns });
  }

  /** A row, committed: a streamed sheet never goes back to one. */
  addRow(row: Row) {
    const last = this.ops.at(-1);
    if (last?.op === 'rows' && last.sheet === this.index) last.rows.push(row);
    else this.ops.push({ op: 'rows', sheet: this.index, rows: [row] });
  }

  commit() {
    this.ops.push({ op: 'commitSheet', sheet: this.index });
  }
}

/**
 * A streamed xlsx workbook whose writing (each row's XML, the zip's checksums) runs on a worker thread: at
 * 300,000 answers the report's workbook held the event loop for most of its time (issue 57, decision 194).
 * The exports read and shape their rows here, as before; the sheets take them as ExcelJS's streamed
 * writer does, and `flush`, called after each batch, sends them, writes the bytes made so far to the
 * download and waits for its reader (`drained`).
 */
export class WorkbookOffThread {
  private readonly ops: Op[] = [];
  private readonly session = sessions++;
  private sheets = 0;

  constructor(private readonly output: Writable) {}

  addWorksheet(name: string) {
    this.ops.push({ op: 'sheet', name });
    return new SheetOffThread(this.ops, this.sheets++, name);
  }

  async flush() {
    await this.send();
    await drained(this.output);
  }

  async commit() {
    this.ops.push({ op: 'commit' });
    await this.send();
    this.output.end();
  }

  /** Forgets the workbook on the worker: the export failed or its reader left. */
  async abort() {
    await onWorker({ session: this.session, ops: [{ op: 'abort' }] });
  }

  private async send() {
    const bytes = await onWorker({ session: this.session, ops: this.ops.splice(0) });
    if (bytes.length > 0 && !this.output.destroyed) this.output.write(bytes);
  }
}

/**
 * Writes a workbook to `output` with `write`, which adds its sheets and rows; committed at its end, and
 * forgotten on the worker when it throws (the error goes on: the download is cut, or was left).
 */
export async function writeWorkbookOffThread(
  output: Writable,
  write: (workbook: WorkbookOffThread) => Promise<void>,
) {
  const workbook = new WorkbookOffThread(output);
  try {
    await write(workbook);
  } catch (error) {
    await workbook.abort().catch(() => {});
    throw error;
  }
  await workbook.commit();
}
