import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumFields, datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { submissionFactories } from './test-factories.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let f: ReturnType<typeof submissionFactories>;

beforeAll(async () => {
  s3 = await startS3Server();
  // DATA_DIR stays /nonexistent: a file written to the directory instead of the bucket would fail.
  t = await createTestApp({ env: s3.env });
  f = submissionFactories(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const MB = 1024 * 1024;
/** A PDF by its first bytes, 10 MB: more than one part of an upload of unknown size. */
const BIG_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  randomBytes(10 * MB - 16),
  Buffer.from('\n%%EOF\n'),
]);

/** A pending submission whose deck takes files up to 12 MB, with its upload grant. */
async function withBigDeck() {
  const setup = await f.createForm();
  await t.db
    .update(datumFields)
    .set({ maxSizeBytes: 12 * MB })
    .where(eq(datumFields.id, setup.fields.deck.id));
  const created = await f.submit({
    form: setup.form.id,
    datum_values: [
      { datum_field: setup.fields.name.id, response: 'Kites' },
      { datum_field: setup.fields.stage.id, response: 'Series A' },
      {
        datum_field: setup.fields.deck.id,
        file: { name: 'deck.pdf', size: BIG_PDF.length, type: 'application/pdf' },
      },
    ],
  });
  const grant = created.file_uploads_grants[0];
  if (!grant) throw new Error('no grant');
  return { setup, created, grant };
}

/** The stored answer and the signed link the team's admin is given for its file. */
async function signedLinkOf(token: string, valueId: number) {
  const [value] = await t.db.select().from(datumValues).where(eq(datumValues.id, valueId));
  if (!value?.fileKey) throw new Error('no file stored');
  const item = await t.request({ method: 'GET', url: `/api/v1/datasets/${value.datasetId}/`, token });
  expect(item.statusCode, item.body).toBe(200);
  const answer = item.json().datum_values.find((v: { id: number }) => v.id === valueId);
  return { key: value.fileKey, url: answer.file_url_signed as string };
}

describe('files in an S3 bucket', () => {
  it('a file uploaded through the public form is in the bucket and downloads unchanged through its signed link', async () => {
    const { setup, created, grant } = await withBigDeck();
    const uploaded = await f.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: BIG_PDF,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ file_size: BIG_PDF.length, mime_type: 'application/pdf' });

    const { key, url } = await signedLinkOf(setup.token, grant.datum_value);
    expect(await t.app.ctx.files.sizeOf(key)).toBe(BIG_PDF.length);
    const download = await t.request({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(BIG_PDF.length));
    expect(download.rawPayload.equals(BIG_PDF)).toBe(true);
  });

  it('answers 404 with a plain message when the object is gone from the bucket', async () => {
    const { setup, created, grant } = await withBigDeck();
    const pdf = Buffer.from('%PDF-1.4\nsmall\n%%EOF\n');
    await f.upload(created.submission_id, grant.file_key, {
      name: 'd.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    const { key, url } = await signedLinkOf(setup.token, grant.datum_value);
    await t.app.ctx.files.remove([key]);
    const reply = await t.request({ method: 'GET', url });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'FILE_MISSING', detail: 'This file is missing from the storage.' });
  });

  it('stores nothing for a refused file and removes the object when the submission is cancelled', async () => {
    const { setup, created, grant } = await withBigDeck();
    const refused = await f.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('not a pdf at all'),
    });
    expect(refused.statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\nsmall\n%%EOF\n');
    await f.upload(created.submission_id, grant.file_key, {
      name: 'd.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    const { key } = await signedLinkOf(setup.token, grant.datum_value);
    expect(await t.app.ctx.files.sizeOf(key)).toBe(pdf.length);
    expect((await f.commit(created.submission_id, created.edit_token, 'cancel')).statusCode).toBe(200);
    expect(await t.app.ctx.files.sizeOf(key)).toBeNull();
  });

  it('is ready when the bucket answers', async () => {
    const reply = await t.request({ method: 'GET', url: '/readyz' });
    expect(reply.json()).toMatchObject({ checks: { files: 'ok' } });
  });
});
