import type { FormSubmission, FormSubmissionAction } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { datumFieldConditions, datumFields, intakeForms } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

/** A small but real PDF: file type detection reads its first bytes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const boundary = '----shortlist-submission-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
    parts.push(Buffer.concat([Buffer.from(head), file.bytes, Buffer.from('\r\n')]));
  }
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type FormValues = Partial<typeof intakeForms.$inferInsert>;

/** Forms written straight to the database (their endpoints belong to the forms feature) and the public calls. */
export function submissionFactories(t: TestApp) {
  const items = itemFactories(t);
  // Each call comes from its own address so that the per-IP limits stay out of the way.
  let addressCount = 0;
  const nextAddress = () => `10.40.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

  /**
   * A published form: a required name, a required stage (choice), a required "why seed" shown only
   * for Seed, an optional PDF deck (4 KB), an optional budget, and a field kept off forms.
   */
  async function createForm(values: FormValues = {}) {
    const admin = await t.createAdmin();
    const model = await items.createDataModel(admin.team.id, 'Applications');
    const field = (resourcetype: string, extra: Partial<typeof datumFields.$inferInsert>) =>
      items.createField(model.id, resourcetype, extra);
    const name = await field('text', {
      label: 'Project name',
      responseMaxLength: 50,
      required: true,
      order: 1,
    });
    const stage = await field('choice', {
      label: 'Stage',
      required: true,
      order: 2,
      options: [{ label: 'Seed' }, { label: 'Series A' }],
    });
    const why = await field('text', { label: 'Why seed', responseMaxLength: 500, required: true, order: 3 });
    const deck = await field('file', {
      label: 'Deck',
      mimeTypes: ['application/pdf'],
      maxSizeBytes: 4096,
      order: 4,
    });
    const budget = await field('custom', { label: 'Budget', customType: 'budget', order: 5 });
    const internal = await field('text', { label: 'Internal note', onForms: false, order: 6 });
    const [form] = await t.db
      .insert(intakeForms)
      .values({
        teamId: admin.team.id,
        dataModelId: model.id,
        title: 'Call for projects',
        published: true,
        ...values,
      })
      .returning();
    if (!form) throw new Error('no form');
    const [condition] = await t.db
      .insert(datumFieldConditions)
      .values({ formId: form.id, datumFieldId: stage.id, value: 'Seed' })
      .returning();
    await t.db.update(datumFields).set({ conditionId: condition?.id }).where(eq(datumFields.id, why.id));
    return { ...admin, model, form, fields: { name, stage, why, deck, budget, internal } };
  }

  async function postSubmission(body: Record<string, unknown>) {
    const captcha = 'captcha' in body ? body.captcha : await solveCaptcha(t);
    return t.request({
      method: 'POST',
      url: '/api/v1/form-submissions/',
      payload: { email: 'ann@example.org', datum_values: [], ...body, captcha },
      remoteAddress: nextAddress(),
    });
  }

  /** A stored submission, or a thrown error with the refusal. */
  async function submit(body: Record<string, unknown>): Promise<FormSubmission> {
    const reply = await postSubmission(body);
    if (reply.statusCode !== 201) throw new Error(`submission refused: ${reply.body}`);
    return reply.json();
  }

  const commit = (id: number, token: string, action: FormSubmissionAction) =>
    t.request({
      method: 'POST',
      url: `/api/v1/form-submissions/${id}/commit/`,
      payload: { token, action },
      remoteAddress: nextAddress(),
    });

  const upload = (id: number, key: string, file?: { name: string; type: string; bytes: Buffer }) =>
    t.request({
      method: 'POST',
      url: `/api/v1/form-submissions/${id}/upload/`,
      remoteAddress: nextAddress(),
      ...multipartBody(key ? { key } : {}, file),
    });

  const getPublic = (id: number, query = '', token?: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1/intake-forms/${id}/public/${query}`,
      token,
      remoteAddress: nextAddress(),
    });

  return { createForm, postSubmission, submit, commit, upload, getPublic, nextAddress };
}

/** One app on a fresh database per test file, with these factories; read the fields inside tests. */
export function useSubmissionApp(options?: TestAppOptions) {
  const session = {} as { t: TestApp; f: ReturnType<typeof submissionFactories> };
  beforeAll(async () => {
    session.t = await createTestApp(options);
    session.f = submissionFactories(session.t);
  });
  afterAll(() => session.t.close());
  return session;
}
