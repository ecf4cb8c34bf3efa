import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends a workbook as an attachment while `write` produces it: the reply starts at once and the workbook is
 * never held whole in memory. A failure midway is logged and cuts the download, since the status is sent.
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  { name, write }: { name: string; write: (output: Writable) => Promise<void> },
) {
  const output = new PassThrough();
  write(output).catch((error: unknown) => {
    request.log.error({ err: error }, 'workbook export failed');
    output.destroy(error as Error);
  });
  const filename = `${name.replace(/[^\w -]+/g, '_')}.xlsx`;
  // The status and headers leave as soon as Fastify starts piping the workbook, not with its first bytes,
  // which ExcelJS holds until a sheet has 64 KB of XML: the browser's download starts at once.
  reply.raw.once('pipe', () => reply.raw.flushHeaders());
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(output);
}
