import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILE_TOO_BIG_MESSAGE } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-files-test-'));
const filesDir = path.join(dataDir, 'files');

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  f = itemFactories(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small but real PDF: file type detection reads its first bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----shortlist-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, valueId: number, filename: string, contentType: string, bytes: Buffer) =>
  t.request({
    method: 'POST',
    url: `/api/v1/datum-values/${valueId}/upload/`,
    token,
    ...multipart(filename, contentType, bytes),
  });

const storedFiles = () => (existsSync(filesDir) ? readdirSync(filesDir) : []);

/** An item whose file field has an (empty) answer ready to take a file. */
async function setupFileValue() {
  const setup = await f.createItemSetup();
  const item = await f.createDataset(setup.token, setup.model.id, {
    datum_values: [{ datum_field: setup.fields.file.id, resourcetype: 'file' }],
  });
  const valueId = item.datum_values[0]?.id ?? 0;
  return { ...setup, item, valueId };
}

describe('POST datum-values/{id}/upload/', () => {
  it('stores a PDF and serves it through an expiring signed link', async () => {
    const { token, valueId } = await setupFileValue();
    const reply = await upload(token, valueId, 'pitch déck.pdf', 'application/pdf', PDF);
    expect(reply.statusCode).toBe(200);
    const value = reply.json();
    expect(value).toMatchObject({
      id: valueId,
      file: 'pitch déck.pdf',
      filename: 'pitch déck.pdf',
      file_size: PDF.length,
      mime_type: 'application/pdf',
    });
    expect(value.file_url_signed).toMatch(
      /^\/api\/v1\/files\/[a-f0-9]{48}\?expires=\d+&signature=[a-f0-9]{64}$/,
    );

    const download = await t.request({ method: 'GET', url: value.file_url_signed });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    // Inline: the answer page shows it in the browser's PDF viewer.
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="pitch d_ck.pdf"; filename*=UTF-8''pitch%20d%C3%A9ck.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The page's policy, not the API's that loads nothing: Chromium's PDF viewer needs its inline styles.
    expect(download.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('serves inline only PDFs and images: any other stored type downloads', async () => {
    const { token, valueId } = await setupFileValue();
    const url: string = (await upload(token, valueId, 'page.pdf', 'application/pdf', PDF)).json()
      .file_url_signed;
    // A type no upload accepts today, as a row restored from elsewhere could carry.
    await t.app.ctx.db.update(datumValues).set({ mimeType: 'text/html' }).where(eq(datumValues.id, valueId));
    const download = await t.request({ method: 'GET', url });
    expect(download.headers['content-type']).toMatch(/^text\/html/);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 with a plain message when the file is gone from the storage', async () => {
    const { token, valueId } = await setupFileValue();
    const url: string = (await upload(token, valueId, 'gone.pdf', 'application/pdf', PDF)).json()
      .file_url_signed;
    const key = url.split('/').pop()?.split('?')[0] ?? '';
    await t.app.ctx.files.remove([key]);
    const reply = await t.request({ method: 'GET', url });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'FILE_MISSING', detail: 'This file is missing from the storage.' });
  });

  it('refuses a forged or expired link with 403', async () => {
    const { token, valueId } = await setupFileValue();
    const url: string = (await upload(token, valueId, 'a.pdf', 'application/pdf', PDF)).json()
      .file_url_signed;
    const key = url.split('/').pop()?.split('?')[0] ?? '';
    const forged = url.replace(/signature=[a-f0-9]{4}/, 'signature=0000');
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(403);
    const longer = url.replace(/expires=(\d+)/, (_, expires) => `expires=${Number(expires) + 3600}`);
    expect((await t.request({ method: 'GET', url: longer })).statusCode).toBe(403);
    const expired = t.app.ctx.files.signedUrl(key, Date.now() - 2 * 3600 * 1000);
    expect((await t.request({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('reads the type from the content: a text file named .pdf is refused', async () => {
    const { token, valueId, fields } = await setupFileValue();
    const before = storedFiles().length;
    const fake = await upload(
      token,
      valueId,
      'cv.pdf',
      'application/pdf',
      Buffer.from('Just some text, not a PDF.'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ [fields.file.id]: ['This type of file is not accepted.'] });
    const png = await upload(token, valueId, 'logo.png', 'image/png', PNG);
    expect(png.json()).toEqual({ [fields.file.id]: ['This type of file is not accepted.'] });
    expect(storedFiles().length).toBe(before);
  });

  it('accepts the field’s other types, whatever the declared type', async () => {
    const setup = await f.createItemSetup();
    const logo = await f.createField(setup.model.id, 'file', {
      mimeTypes: ['image/png', 'image/jpeg'],
      maxSizeBytes: 1000,
    });
    const item = await f.createDataset(setup.token, setup.model.id, {
      datum_values: [{ datum_field: logo.id, resourcetype: 'file' }],
    });
    const reply = await upload(
      setup.token,
      item.datum_values[0]?.id ?? 0,
      'logo.png',
      'application/pdf',
      PNG,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().mime_type).toBe('image/png');
  });

  it('refuses a file over the field’s size with its message keyed by the field id, keeping nothing', async () => {
    const { token, valueId, fields } = await setupFileValue();
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(3000, 32)]);
    const reply = await upload(token, valueId, 'big.pdf', 'application/pdf', big);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ [fields.file.id]: [FILE_TOO_BIG_MESSAGE] });
    expect(storedFiles().length).toBe(before);
  });

  it('replaces the previous file, and deletes files with their answer or item', async () => {
    const { token, valueId, item } = await setupFileValue();
    const first = (await upload(token, valueId, 'v1.pdf', 'application/pdf', PDF)).json().file_url_signed;
    const firstKey = first.split('/').pop().split('?')[0];
    expect(storedFiles()).toContain(firstKey);
    const second = (await upload(token, valueId, 'v2.pdf', 'application/pdf', PDF)).json();
    const secondKey = second.file_url_signed.split('/').pop().split('?')[0];
    expect(second.filename).toBe('v2.pdf');
    expect(storedFiles()).not.toContain(firstKey);
    expect(storedFiles()).toContain(secondKey);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/datum-values/${valueId}/`, token })).statusCode,
    ).toBe(204);
    expect(storedFiles()).not.toContain(secondKey);

    const again = await t.request({
      method: 'POST',
      url: '/api/v1/datum-values/',
      token,
      payload: {
        data_set: item.id,
        datum_field: item.datum_values[0]?.datum_field,
        resourcetype: 'file',
        file: null,
      },
    });
    expect(again.statusCode).toBe(201);
    const third = (await upload(token, again.json().id, 'v3.pdf', 'application/pdf', PDF)).json();
    const thirdKey = third.file_url_signed.split('/').pop().split('?')[0];
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/datasets/${item.id}/`, token })).statusCode,
    ).toBe(204);
    expect(storedFiles()).not.toContain(thirdKey);
  });

  it('refuses uploads to a text answer, without a file, and to another team’s answer', async () => {
    const { token, valueId, fields, item } = await setupFileValue();
    const text = await t.request({
      method: 'POST',
      url: '/api/v1/datum-values/',
      token,
      payload: { data_set: item.id, datum_field: fields.text.id, resourcetype: 'text', response: 'Hi' },
    });
    const onText = await upload(token, text.json().id, 'a.pdf', 'application/pdf', PDF);
    expect(onText.json()).toEqual({ [fields.text.id]: ['This field does not take files.'] });

    const stranger = await setupFileValue();
    const before = storedFiles().length;
    expect((await upload(token, stranger.valueId, 'a.pdf', 'application/pdf', PDF)).statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
    const noFile = await t.request({
      method: 'POST',
      url: `/api/v1/datum-values/${valueId}/upload/`,
      token,
      payload: '------b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=----b' },
    });
    expect(noFile.statusCode).toBe(400);
  });
});
