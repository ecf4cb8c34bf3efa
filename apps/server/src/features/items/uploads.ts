import { Readable } from 'node:stream';
import { FILE_MAX_SIZE_DEFAULT_BYTES, FILE_TOO_BIG_MESSAGE } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import { datumValues } from '../../db/schema/index.ts';
import { fieldErrors, forbidden, notFound, refusal } from '../../http/errors.ts';
import { CONTENT_SECURITY_POLICY } from '../../http/reply-headers.ts';
import type { FieldRow } from './answers.ts';
import { type DatumValueRow, toDatumValue } from './replies.ts';

const FILENAME_MAX_LENGTH = 255;
const FILE_MISSING = 'FILE_MISSING';
/** What file-type reads to tell the accepted types (PDF, PNG, JPEG) apart: their signatures. */
const TYPE_SAMPLE_BYTES = 4100;

/** A file field without types takes the spec's default type, PDF. */
const allowedMimeTypes = (field: FieldRow) => field.mimeTypes ?? ['application/pdf'];

function cleanFilename(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base]
    .filter((char) => char >= ' ' && char !== '\x7f')
    .join('')
    .trim();
  return (printable || 'file').slice(-FILENAME_MAX_LENGTH);
}

/** The stream's first `size` bytes (fewer if it is shorter), and a stream of all its bytes. */
async function peek(source: Readable, size: number) {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  for (let length = 0; length < size; ) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, body: Readable.from(all(), { objectMode: false }) };
}

/**
 * Stores the uploaded file of a file answer: its type read from its first bytes (not from the
 * declared type) and checked against the field's types before anything is stored, then streamed
 * to the file storage and cut off at the field's size. A new file replaces the previous one,
 * which is then deleted.
 */
export async function uploadFile(
  ctx: AppContext,
  request: FastifyRequest,
  { value, field }: { value: DatumValueRow; field: FieldRow },
) {
  const refuse = (message: string) => fieldErrors({ [String(field.id)]: [message] });
  if (field.resourcetype !== 'file') throw refuse('This field does not take files.');
  const maxSize = field.maxSizeBytes ?? FILE_MAX_SIZE_DEFAULT_BYTES;
  const part = await request.file({ limits: { fileSize: maxSize, files: 1 }, throwFileSizeLimit: false });
  if (!part) throw fieldErrors({ file: ['No file was submitted.'] });

  const { head, body } = await peek(part.file, TYPE_SAMPLE_BYTES);
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !allowedMimeTypes(field).includes(detected.mime)) {
    // Read to the end, so that the request completes and a file too big says so first, as it would stored.
    for await (const _chunk of body);
    throw refuse(part.file.truncated ? FILE_TOO_BIG_MESSAGE : 'This type of file is not accepted.');
  }
  const key = ctx.files.newKey();
  try {
    await ctx.files.put(key, body, { contentType: detected.mime });
    if (part.file.truncated) throw refuse(FILE_TOO_BIG_MESSAGE);
    const [row] = await ctx.db
      .update(datumValues)
      .set({
        fileKey: key,
        filename: cleanFilename(part.filename),
        fileSize: part.file.bytesRead,
        mimeType: detected.mime,
        updateTime: new Date(),
      })
      .where(eq(datumValues.id, value.id))
      .returning();
    if (!row) throw notFound();
    await ctx.files.remove([value.fileKey]);
    return toDatumValue(ctx, row);
  } catch (error) {
    await ctx.files.remove([key]);
    throw error;
  }
}

/**
 * Types a browser shows itself without running anything of the file: the answer page opens a PDF in the
 * browser's viewer. Anything else (an SVG or HTML that might carry script included) is downloaded.
 */
const INLINE_MIME_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** `inline` or `attachment`, with an ASCII fallback name and the real one in RFC 5987 form. */
function dispositionHeader(filename: string, mimeType: string) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const type = INLINE_MIME_TYPES.has(mimeType) ? 'inline' : 'attachment';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams a stored file to whoever holds a valid, unexpired signed link to it. */
export async function sendFile(
  ctx: AppContext,
  reply: FastifyReply,
  { key, expires, signature, name }: { key: string; expires: number; signature: string; name?: string },
) {
  if (!ctx.files.isValidSignature(key, expires, signature, undefined, name))
    throw forbidden('This link is invalid or has expired.');
  const [row] = await ctx.db.select().from(datumValues).where(eq(datumValues.fileKey, key));
  if (!row) throw notFound();
  const stored = await ctx.files.get(key);
  // The answer names a file the storage no longer has (a restore without the files): say so, plainly.
  if (!stored) throw refusal(FILE_MISSING, 'This file is missing from the storage.', 404);
  const mimeType = row.mimeType ?? 'application/octet-stream';
  return (
    reply
      .type(mimeType)
      .header('content-length', stored.size)
      .header('content-disposition', dispositionHeader(name ?? row.filename ?? 'file', mimeType))
      // The type is the one read from the file's bytes at upload: the browser must not guess another.
      .header('x-content-type-options', 'nosniff')
      // A file opens as a page (a PDF in its preview frame): Chromium's viewer needs the page's inline styles.
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(stored.body)
  );
}
