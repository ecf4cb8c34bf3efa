// The worker thread of `writeWorkbookOffThread`: ExcelJS's streamed writer, its rows' XML and the zip's
// checksums here, one session per download; each call answers the workbook's bytes made so far.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { serve } from './serve.ts';
import type { WorkbookCall } from './workbook.ts';

type Writer = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
type Sheet = ReturnType<Writer['addWorksheet']>;

interface Session {
  workbook: Writer;
  sheets: Sheet[];
  chunks: Buffer[];
}

const sessions = new Map<number, Session>();

function open(): Session {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
  return { workbook, sheets: [], chunks };
}

/** The bytes written so far, copied into a buffer of their own: zlib's may share theirs, not transferable. */
function takeBytes(session: Session) {
  const bytes = new Uint8Array(session.chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of session.chunks.splice(0)) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function sheetOf(session: Session, index: number) {
  const sheet = session.sheets[index];
  if (!sheet) throw new Error(`no sheet ${index}`);
  return sheet;
}

async function apply({ session: id, ops }: WorkbookCall) {
  if (ops[0]?.op === 'abort') {
    sessions.delete(id);
    return new Uint8Array(0);
  }
  let session = sessions.get(id);
  if (!session) {
    session = open();
    sessions.set(id, session);
  }
  for (const op of ops) {
    if (op.op === 'sheet') session.sheets.push(session.workbook.addWorksheet(op.name));
    else if (op.op === 'columns') sheetOf(session, op.sheet).columns = op.columns;
    else if (op.op === 'rows') for (const row of op.rows) sheetOf(session, op.sheet).addRow(row).commit();
    else if (op.op === 'commitSheet') sheetOf(session, op.sheet).commit();
    else if (op.op === 'commit') {
      sessions.delete(id);
      await session.workbook.commit();
    }
  }
  // The zip's deflate answers on libuv's threads: what it has not yet given goes with the next call.
  await new Promise((resolve) => setImmediate(resolve));
  return takeBytes(session);
}

serve(apply, (bytes) => [bytes.buffer]);
