import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemFactories } from '../features/items/test-factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { requestLanguage, translated } from './reply-language.ts';

const languageOf = (header?: string) =>
  requestLanguage({ headers: header === undefined ? {} : { 'accept-language': header } } as FastifyRequest);

describe('the language of a reply', () => {
  it('is the first language of Accept-Language, by weight, that the app speaks; English otherwise', () => {
    expect(languageOf()).toBe('en');
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(languageOf('de-DE,de;q=0.9,fr;q=0.5')).toBe('fr');
    expect(languageOf('en;q=0.4, FR')).toBe('fr');
    expect(languageOf('fr;q=0, en')).toBe('en');
    expect(languageOf('de, es')).toBe('en');
    expect(languageOf('')).toBe('en');
  });

  it('leaves English and a text without French as they are', () => {
    expect(translated('This field is required.', 'en')).toBe('This field is required.');
    expect(translated('A text nobody wrote.', 'fr')).toBe('A text nobody wrote.');
  });
});

describe('replies in French', () => {
  let t: TestApp;
  let f: ReturnType<typeof itemFactories>;
  let admin: Awaited<ReturnType<TestApp['createAdmin']>>;

  beforeAll(async () => {
    t = await createTestApp();
    f = itemFactories(t);
    admin = await t.createAdmin();
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, language?: string, payload?: object) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token: admin.token,
      payload,
      headers: language ? { 'accept-language': language } : {},
    });

  it('writes field errors, refusals and a missing object in the request’s language; codes stay', async () => {
    const body = { team: admin.team.id, label: 'Go' };
    const english = await send('POST', 'review-status/', undefined, body);
    expect(english.json()).toEqual({ bg_color: ['This field is required.'] });
    const french = await send('POST', 'review-status/', 'fr-FR,fr;q=0.9', body);
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual({ bg_color: ['Ce champ est obligatoire.'] });
    const long = await send('POST', 'review-status/', 'fr', {
      ...body,
      label: 'x'.repeat(500),
      bg_color: 'red',
    });
    expect(long.json().label?.[0]).toMatch(/^Assurez-vous .*\b\d+\b.*caractères\.$/);

    const missing = await send('GET', 'issues/999999/', 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', detail: translated('Not found.', 'fr') });
    expect(missing.json().detail).not.toBe('Not found.');

    const anonymous = await t.request({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { 'accept-language': 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('not_authenticated');
    expect(anonymous.json().detail).toBe(translated('Authentication credentials were not provided.', 'fr'));
    expect(anonymous.json().detail).not.toMatch(/Authentication/);
  });

  it('writes Fastify’s refusals of a body it cannot read in French too', async () => {
    const post = (body: string, contentType: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/review-status/',
        token: admin.token,
        payload: body,
        headers: { 'content-type': contentType, 'accept-language': 'fr' },
      });
    const malformed = await post('{"team":', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      detail: 'Le corps de la requête n’est pas du JSON valide alors que son type est « application/json ».',
    });
    const unsupported = await post('<team/>', 'application/xml');
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().detail).toBe('Type de contenu non pris en charge');
  });

  it('writes the import preview’s messages in French, behind the field’s name and a French colon', async () => {
    const { token, model } = await f.createItemSetup();
    const reply = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/validate/',
      token,
      headers: { 'accept-language': 'fr' },
      payload: [{ data_model: model.id, title: 'A' }],
    });
    expect(reply.statusCode).toBe(200);
    const [row] = reply.json().errors;
    expect(row.messages).toEqual([
      `title : ${translated('Ensure this field has at least 2 characters.', 'fr')}`,
    ]);
    expect(row.messages[0]).toContain('2');
    expect(row.messages[0]).not.toContain('Ensure');
  });
});
