import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  FILE_MAX_SIZE_CAP_BYTES,
  FILE_MAX_SIZE_DEFAULT_BYTES,
  type FormUploadReply,
} from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { datumFields, datumValues, formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { fieldErrors, forbidden } from '../../http/errors.ts';
import { uploadFile } from '../items/uploads.ts';
import { isValidGrantKey, requireChangeable, requireNotDeclined } from './tokens.ts';

const invalidGrant = () => forbidden('This upload key is invalid.');

/**
 * The file cut off at the field's size, flagged `truncated` like a multipart file stream at its
 * limit: the field is known only once the key, sent before the file, has been read.
 */
function limitFile(part: MultipartFile, maxSize: number): MultipartFile {
  let bytesRead = 0;
  const limited = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const room = maxSize - bytesRead;
        if (chunk.length > room) limited.truncated = true;
        const kept = chunk.subarray(0, Math.max(0, room));
        bytesRead += kept.length;
        limited.bytesRead = bytesRead;
        done(null, kept);
      },
    }),
    { truncated: false, bytesRead: 0 },
  );
  part.file.on('error', (error) => limited.destroy(error));
  part.file.pipe(limited);
  return { ...part, file: limited as unknown as MultipartFile['file'] };
}

/**
 * POST form-submissions/{id}/upload/: multipart `key` then `file`. The key (a grant of the POST)
 * names the answer; the file is stored by the items' upload, its size and type checked by content.
 */
export async function uploadSubmissionFile(ctx: AppContext, request: FastifyRequest, submissionId: number) {
  const parts = request.parts({ limits: { files: 1, fields: 2, fileSize: FILE_MAX_SIZE_CAP_BYTES } });
  const first = (await parts.next()).value;
  const key = first?.type === 'field' && first.fieldname === 'key' ? String(first.value) : '';
  if (!/^[0-9a-f]{64}$/.test(key)) throw fieldErrors({ key: ['This field is required.'] });
  const second = (await parts.next()).value;
  if (second?.type !== 'file') throw fieldErrors({ file: ['No file was submitted.'] });

  const [found] = await ctx.db
    .select({ submission: formSubmissions, editUntil: intakeForms.editUntil })
    .from(formSubmissions)
    .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
    .where(eq(formSubmissions.id, submissionId));
  if (!found) throw invalidGrant();
  const { submission } = found;
  // A submission has a few file answers: the key is checked against each, in memory.
  const candidates = await ctx.db
    .select({ value: datumValues, field: datumFields })
    .from(datumValues)
    .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
    .where(and(eq(datumValues.datasetId, submission.datasetId), eq(datumValues.resourcetype, 'file')));
  const granted = candidates.find(({ value }) => isValidGrantKey(submission, value.id, key));
  if (!granted) throw invalidGrant();
  // Only after the key: without it, a submitted submission answers like an open one.
  requireChangeable(submission, found);
  await requireNotDeclined(ctx.db, submission);

  const maxSize = granted.field.maxSizeBytes ?? FILE_MAX_SIZE_DEFAULT_BYTES;
  const file = limitFile(second, maxSize);
  const withLimitedFile = Object.assign(Object.create(request) as FastifyRequest, { file: async () => file });
  const stored = await uploadFile(ctx, withLimitedFile, granted);
  return {
    datum_field: stored.datum_field,
    filename: stored.filename ?? '',
    file_size: stored.file_size ?? 0,
    mime_type: stored.mime_type ?? '',
  } satisfies FormUploadReply;
}
