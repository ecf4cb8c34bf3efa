import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends a file as an attachment while `write` produces it: the reply starts at once and the file is never
 * held whole in memory. A failure midway is logged and cuts the download, since the status is sent; a
 * client that left (`DownloadLeft`) is no failure.
 */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  { filename, type, write }: { filename: string; type: string; write: (output: Writable) => Promise<void> },
) {
  const output = new PassThrough();
  write(output).catch((error: unknown) => {
    if (error instanceof DownloadLeft) return;
    request.log.error({ err: error }, 'download failed');
    output.destroy(error as Error);
  });
  // The status and headers leave as soon as Fastify starts piping the file, not with its first bytes,
  // which ExcelJS holds until a sheet has 64 KB of XML: the browser's download starts at once.
  reply.raw.once('pipe', () => reply.raw.flushHeaders());
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(output);
}

/** A workbook as a download named after `name`, whose characters a file name cannot hold become `_`. */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  { name, write }: { name: string; write: (output: Writable) => Promise<void> },
) {
  const filename = `${name.replace(/[^\w -]+/g, '_')}.xlsx`;
  return sendDownload(request, reply, { filename, type: XLSX_TYPE, write });
}

/** Thrown by `drained` when the download's reader has gone: the export stops where it stands. */
export class DownloadLeft extends Error {
  constructor() {
    super('the download was left before its end');
  }
}

/**
 * Waits until the reply has taken what the workbook wrote so far; an export calls it after each batch of
 * rows. ExcelJS buffers a sheet's XML without limit and does not wait for the reader, so a download slower
 * than the writing would otherwise let the workbook pile up in memory: at 300 judges, the judge sheet is
 * ten times that of 30. It also lets the event loop turn: PGlite answers within the process, so a loop of
 * its queries alone never would, and no other request, no byte of the reply and no client leaving would
 * be seen until the whole export was written. When the client has left it throws `DownloadLeft`, so every
 * loop of every sheet stops there rather than reading on for no one.
 */
export async function drained(output: Writable) {
  await new Promise((resolve) => setImmediate(resolve));
  while (output.writableNeedDrain && !output.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done);
        output.off('close', done);
        resolve();
      };
      output.on('drain', done);
      output.on('close', done);
    });
  }
  if (output.destroyed) throw new DownloadLeft();
}
