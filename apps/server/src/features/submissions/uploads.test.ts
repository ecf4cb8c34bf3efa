import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALREADY_SUBMITTED, FILE_TOO_BIG_MESSAGE, FILE_TYPE_REFUSED_MESSAGE } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumFields, datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PDF, PNG, submissionFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof submissionFactories>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-submissions-test-'));
const filesDir = path.join(dataDir, 'files');
const storedFiles = () => (existsSync(filesDir) ? readdirSync(filesDir) : []);

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  f = submissionFactories(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A pending submission announcing a deck, with its upload grant. */
async function withDeck() {
  const setup = await f.createForm();
  const created = await f.submit({
    form: setup.form.id,
    datum_values: [
      { datum_field: setup.fields.name.id, response: 'Kites' },
      { datum_field: setup.fields.stage.id, response: 'Series A' },
      {
        datum_field: setup.fields.deck.id,
        file: { name: 'deck.pdf', size: PDF.length, type: 'application/pdf' },
      },
    ],
  });
  const grant = created.file_uploads_grants[0];
  if (!grant) throw new Error('no grant');
  return { setup, created, grant };
}

const storedValue = async (id: number) =>
  (await t.db.select().from(datumValues).where(eq(datumValues.id, id)))[0];

describe('POST form-submissions/{id}/upload/', () => {
  it('stores the file of a granted answer, checked by content', async () => {
    const { created, grant } = await withDeck();
    const before = storedFiles().length;
    const reply = await f.upload(created.submission_id, grant.file_key, {
      name: 'my deck.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      datum_field: grant.datum_field,
      filename: 'my deck.pdf',
      file_size: PDF.length,
      mime_type: 'application/pdf',
    });
    expect(storedFiles()).toHaveLength(before + 1);
    expect((await storedValue(grant.datum_value))?.fileKey).toMatch(/^[0-9a-f]+$/);
  });

  it('refuses a file whose content is another type or that is bigger than the field allows', async () => {
    const { created, grant } = await withDeck();
    const before = storedFiles().length;
    const disguised = await f.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: PNG,
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toEqual({ [grant.datum_field]: [FILE_TYPE_REFUSED_MESSAGE] });
    const big = Buffer.concat([PDF, Buffer.alloc(5000, 32)]);
    const tooBig = await f.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: big,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ [grant.datum_field]: [FILE_TOO_BIG_MESSAGE] });
    expect(storedFiles()).toHaveLength(before);
    expect((await storedValue(grant.datum_value))?.fileKey).toBeNull();
  });

  it('takes a file above the 1 MB default once the admin raises the field within the cap', async () => {
    const setup = await f.createForm();
    const { deck } = setup.fields;
    const raise = (max_size_bytes: number) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/data-models/${setup.model.id}/datum-fields/${deck.id}/`,
        token: setup.token,
        payload: { max_size_bytes },
      });
    expect((await raise(50 * 1024 * 1024 + 1)).statusCode).toBe(400);
    expect((await raise(3 * 1024 * 1024)).statusCode).toBe(200);
    const bytes = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 32)]);
    const created = await f.submit({
      form: setup.form.id,
      datum_values: [
        { datum_field: deck.id, file: { name: 'big.pdf', size: bytes.length, type: 'application/pdf' } },
      ],
    });
    const grant = created.file_uploads_grants[0];
    const reply = await f.upload(created.submission_id, grant?.file_key ?? '', {
      name: 'big.pdf',
      type: 'application/pdf',
      bytes,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().file_size).toBe(bytes.length);
  });

  it("refuses a missing or wrong key, another submission's key and a request without file", async () => {
    const { created, grant } = await withDeck();
    const other = await withDeck();
    const file = { name: 'deck.pdf', type: 'application/pdf', bytes: PDF };
    expect((await f.upload(created.submission_id, '', file)).statusCode).toBe(400);
    expect((await f.upload(created.submission_id, 'ab'.repeat(32), file)).statusCode).toBe(403);
    expect((await f.upload(created.submission_id, other.grant.file_key, file)).statusCode).toBe(403);
    expect((await f.upload(999_999, grant.file_key, file)).statusCode).toBe(403);
    expect((await f.upload(created.submission_id, grant.file_key)).statusCode).toBe(400);
    expect((await storedValue(grant.datum_value))?.fileKey).toBeNull();
  });

  it('answers a wrong key the same whether the submission is submitted or not', async () => {
    const open = await withDeck();
    const done = await withDeck();
    const submitted = await f.commit(done.created.submission_id, done.created.edit_token, 'submit');
    expect(submitted.statusCode).toBe(200);
    const file = { name: 'deck.pdf', type: 'application/pdf', bytes: PDF };
    const wrongKey = 'ab'.repeat(32);
    const toOpen = await f.upload(open.created.submission_id, wrongKey, file);
    const toSubmitted = await f.upload(done.created.submission_id, wrongKey, file);
    expect([toSubmitted.statusCode, toSubmitted.json()]).toEqual([toOpen.statusCode, toOpen.json()]);
    expect(toOpen.statusCode).toBe(403);
    // The holder of the right key still learns that it is too late.
    const late = await f.upload(done.created.submission_id, done.grant.file_key, file);
    expect([late.statusCode, late.json().code]).toEqual([400, ALREADY_SUBMITTED]);
  });

  it('requires the file on submit when the question is required, and cancel removes the stored file', async () => {
    const { setup, created, grant } = await withDeck();
    await t.db.update(datumFields).set({ required: true }).where(eq(datumFields.id, setup.fields.deck.id));
    const missing = await f.commit(created.submission_id, created.edit_token, 'submit');
    expect(missing.json()).toEqual({ [setup.fields.deck.id]: ['This field is required.'] });

    const before = storedFiles().length;
    await f.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(storedFiles()).toHaveLength(before + 1);
    expect((await f.commit(created.submission_id, created.edit_token, 'cancel')).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before);
    expect(await storedValue(grant.datum_value)).toBeUndefined();
  });
});
