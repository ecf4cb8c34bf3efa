import {
  CAPTCHA_INVALID_MESSAGE,
  FILE_TOO_BIG_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  HONEYPOT_FIELD,
} from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets, datumValues, formSubmissions } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { SUBMISSIONS_PER_FORM } from './routes.ts';
import { useSubmissionApp } from './test-factories.ts';
import { hashToken } from './tokens.ts';

const s = useSubmissionApp();

const countSubmissions = () => s.t.db.$count(formSubmissions);

describe('POST form-submissions/', () => {
  it('stores a pending item with its answers and grants a key per announced file', async () => {
    const setup = await s.f.createForm();
    const { name, stage, why, deck, budget } = setup.fields;
    const reply = await s.f.postSubmission({
      form: setup.form.id,
      email: 'Ann@Example.org',
      datum_values: [
        { datum_field: name.id, response: 'Solar boats' },
        { datum_field: stage.id, response: 'Seed' },
        { datum_field: why.id, response: 'Because' },
        { datum_field: deck.id, file: { name: 'deck.pdf', size: 1000, type: 'application/pdf' } },
        {
          datum_field: budget.id,
          json_response: { expenses: [{ label: 'Rent', value: '120.4' }], income: [] },
        },
      ],
    });
    expect(reply.statusCode).toBe(201);
    const body = reply.json();
    expect(body).toMatchObject({ email: 'ann@example.org', is_submitted: false });
    expect(body.edit_token).toHaveLength(43);
    expect(body.edit_link).toBe(
      `/forms/${setup.form.id}?token=${body.edit_token}&submission=${body.submission_id}`,
    );
    expect(body.file_uploads_grants).toEqual([
      {
        datum_field: deck.id,
        datum_value: expect.any(Number),
        file_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);

    const [row] = await s.t.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, body.submission_id));
    expect(row).toMatchObject({
      status: 'pending',
      datasetId: body.id,
      tokenHash: hashToken(body.edit_token),
    });
    expect(row?.tokenHash).not.toContain(body.edit_token);
    const [item] = await s.t.db.select().from(datasets).where(eq(datasets.id, body.id));
    expect(item).toMatchObject({
      dataModelId: setup.model.id,
      teamId: setup.team.id,
      title: 'ann@example.org',
    });
    const values = await s.t.db.select().from(datumValues).where(eq(datumValues.datasetId, body.id));
    expect(values).toHaveLength(5);
    expect(values.find((v) => v.datumFieldId === budget.id)?.jsonResponse).toMatchObject({
      expenses: [{ label: 'Rent', value: 120 }],
    });
  });

  it('drops answers to questions hidden by their condition and checks required only on submit', async () => {
    const setup = await s.f.createForm();
    const { stage, why } = setup.fields;
    const body = await s.f.submit({
      form: setup.form.id,
      datum_values: [
        { datum_field: stage.id, response: 'Series A' },
        { datum_field: why.id, response: 'Kept?' },
      ],
    });
    const values = await s.t.db.select().from(datumValues).where(eq(datumValues.datasetId, body.id));
    expect(values.map((v) => v.datumFieldId)).toEqual([stage.id]);
  });

  it('validates every answer against its question, keyed by question id, and spends no captcha then', async () => {
    const setup = await s.f.createForm();
    const { name, stage, deck, budget, internal } = setup.fields;
    const captcha = await solveCaptcha(s.t);
    const before = await countSubmissions();
    const reply = await s.f.postSubmission({
      form: setup.form.id,
      captcha,
      datum_values: [
        { datum_field: name.id, response: 'x'.repeat(51) },
        { datum_field: stage.id, response: 'Series Z' },
        { datum_field: deck.id, file: { name: 'deck.pdf', size: 5000, type: 'application/pdf' } },
        { datum_field: budget.id, json_response: { expenses: [{ label: 'Rent', value: 99_999_999 }] } },
        { datum_field: internal.id, response: 'not on forms' },
      ],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      [name.id]: ['Ensure this field has no more than 50 characters.'],
      [stage.id]: ['"Series Z" is not a valid choice.'],
      [deck.id]: [FILE_TOO_BIG_MESSAGE],
      [budget.id]: [expect.stringContaining('10000000')],
      datum_values: [`Invalid pk "${internal.id}" - object does not exist.`],
    });
    const wrongType = await s.f.postSubmission({
      form: setup.form.id,
      captcha,
      datum_values: [{ datum_field: deck.id, file: { name: 'deck.png', size: 10, type: 'image/png' } }],
    });
    expect(wrongType.json()).toEqual({ [deck.id]: [FILE_TYPE_REFUSED_MESSAGE] });
    expect(await countSubmissions()).toBe(before);
    // The same captcha still opens one submission.
    expect((await s.f.postSubmission({ form: setup.form.id, captcha })).statusCode).toBe(201);
  });

  it('refuses bad input with field messages', async () => {
    const setup = await s.f.createForm();
    const missing = await s.f.postSubmission({
      form: setup.form.id,
      email: undefined,
      datum_values: undefined,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      email: ['This field is required.'],
      datum_values: ['This field is required.'],
    });
    const badEmail = await s.f.postSubmission({ form: setup.form.id, email: 'not-an-email' });
    expect(Object.keys(badEmail.json())).toEqual(['email']);
    const tooLong = await s.f.postSubmission({
      form: setup.form.id,
      email: `${'a'.repeat(250)}@example.org`,
    });
    expect(Object.keys(tooLong.json())).toEqual(['email']);
    const wrongType = await s.f.postSubmission({ form: 'one' });
    expect(Object.keys(wrongType.json())).toContain('form');
  });

  it('refuses a replayed, forged or missing captcha and a filled honeypot, storing nothing', async () => {
    const setup = await s.f.createForm();
    const before = await countSubmissions();
    const captcha = await solveCaptcha(s.t);
    expect((await s.f.postSubmission({ form: setup.form.id, captcha })).statusCode).toBe(201);
    const replayed = await s.f.postSubmission({ form: setup.form.id, captcha });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ captcha: [CAPTCHA_INVALID_MESSAGE] });
    const forged = Buffer.from(
      JSON.stringify({ challenge: { signature: 'x', parameters: {} }, solution: {} }),
    ).toString('base64');
    expect((await s.f.postSubmission({ form: setup.form.id, captcha: forged })).json()).toEqual({
      captcha: [CAPTCHA_INVALID_MESSAGE],
    });
    expect((await s.f.postSubmission({ form: setup.form.id, captcha: '' })).statusCode).toBe(400);
    const bot = await s.f.postSubmission({ form: setup.form.id, [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(bot.statusCode).toBe(400);
    expect(bot.json()).toEqual({ captcha: [CAPTCHA_INVALID_MESSAGE] });
    expect(await countSubmissions()).toBe(before + 1);
  });

  it('refuses an unpublished or missing form, and a wrong edit token', async () => {
    const unpublished = await s.f.createForm({ published: false });
    const refused = await s.f.postSubmission({ form: unpublished.form.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NOT_PUBLISHED' });
    expect((await s.f.postSubmission({ form: 999_999 })).statusCode).toBe(404);

    const setup = await s.f.createForm();
    const created = await s.f.submit({ form: setup.form.id });
    const other = await s.f.createForm();
    for (const [form, token] of [
      [setup.form.id, 'wrong-token'],
      [other.form.id, created.edit_token],
    ] as const) {
      const reply = await s.f.postSubmission({ form, submission: created.submission_id, token });
      expect(reply.statusCode).toBe(404);
    }
  });

  it('limits submissions per address', async () => {
    const setup = await s.f.createForm();
    const remoteAddress = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const reply = await s.t.request({
        method: 'POST',
        url: '/api/v1/form-submissions/',
        payload: { form: setup.form.id, email: 'a@example.org', captcha: 'x', datum_values: [] },
        remoteAddress,
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits submissions per form, whatever the address', async () => {
    const setup = await s.f.createForm();
    const post = () => s.f.postSubmission({ form: setup.form.id, captcha: 'x' });
    for (let i = 0; i < SUBMISSIONS_PER_FORM.max; i++) expect((await post()).statusCode).toBe(400);
    expect((await post()).statusCode).toBe(429);
    const other = await s.f.createForm();
    expect((await s.f.postSubmission({ form: other.form.id, captcha: 'x' })).statusCode).toBe(400);
  });
});
