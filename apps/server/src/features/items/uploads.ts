import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { FILE_MAX_SIZE_DEFAULT_BYTES, FILE_TOO_BIG_MESSAGE } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { AppContext } from '../../context.ts';
import { datumValues } from '../../db/schema.ts';
import { fieldErrors, forbidden, notFound, refusal } from '../../http/errors.ts';
import type { FieldRow } from './answers.ts';
import { type DatumValueRow, toDatumValue } from './replies.ts';

const FILENAME_MAX_LENGTH = 255;
const FILE_MISSING = 'FILE_MISSING';

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

/**
 * Stores the uploaded file of a file answer: streamed to DATA_DIR and cut off at the field's
 * size, its type read from its first bytes (not from the declared type) and checked against
 * the field's types. A new file replaces the previous one, which is then deleted.
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

  const { key, filePath } = await ctx.files.newKey();
  const discard = () => ctx.files.remove([key]);
  try {
    await pipeline(part.file, createWriteStream(filePath));
    if (part.file.truncated) throw refuse(FILE_TOO_BIG_MESSAGE);
    const detected = await fileTypeFromFile(filePath);
    if (!detected || !allowedMimeTypes(field).includes(detected.mime)) {
      throw refuse('This type of file is not accepted.');
    }
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
    await discard();
    throw error;
  }
}

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
function attachmentHeader(filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams a stored file to whoever holds a valid, unexpired signed link to it. */
export async function sendFile(
  ctx: AppContext,
  reply: FastifyReply,
  { key, expires, signature }: { key: string; expires: number; signature: string },
) {
  if (!ctx.files.isValidSignature(key, expires, signature))
    throw forbidden('This link is invalid or has expired.');
  const [row] = await ctx.db.select().from(datumValues).where(eq(datumValues.fileKey, key));
  if (!row) throw notFound();
  // The answer names a file the storage no longer has (a restore without the files): say so, plainly.
  const isStored = await stat(ctx.files.pathOf(key)).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isStored) throw refusal(FILE_MISSING, 'This file is missing from the storage.', 404);
  return reply
    .type(row.mimeType ?? 'application/octet-stream')
    .header('content-disposition', attachmentHeader(row.filename ?? 'file'))
    .send(createReadStream(ctx.files.pathOf(key)));
}
