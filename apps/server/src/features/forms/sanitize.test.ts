import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHeaders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { sanitizeRichText } from './sanitize.ts';
import { type FormFactories, startFormsTest, type TestAdmin } from './test-factories.ts';

const OVERLAY =
  '<div style="position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 9999; background: white">' +
  'Your session expired: sign in again</div>';
const PIXEL = '<img src="http://tracker.example/p.gif?visitor=1" width="1" height="1" alt="">';
const OWN_FILE = '/api/v1/files/0123456789abcdef0123456789abcdef0123456789abcdef?expires=1&signature=ab12';

describe('sanitizeRichText: styles', () => {
  it('strips a fixed full-screen overlay down to its text', () => {
    expect(sanitizeRichText(OVERLAY, 'any')).toBe('<div>Your session expired: sign in again</div>');
    expect(sanitizeRichText('<p style="position: absolute; transform: translateY(-100%)">x</p>', 'any')).toBe(
      '<p>x</p>',
    );
  });

  it('keeps colours, alignment, type and spacing', () => {
    const html =
      '<p style="color: #c00; background-color: rgb(255, 250, 240); text-align: center; font-weight: bold; ' +
      'font-style: italic; text-decoration: underline; font-size: 1.2em; margin: 0 auto; padding: 4px 8px">Hi</p>';
    expect(sanitizeRichText(html, 'any')).toBe(
      '<p style="color:#c00;background-color:rgb(255, 250, 240);text-align:center;font-weight:bold;' +
        'font-style:italic;text-decoration:underline;font-size:1.2em;margin:0 auto;padding:4px 8px">Hi</p>',
    );
  });

  it('drops what could slide text over the page or load anything, and every class', () => {
    const html =
      '<p class="ant-modal-wrap" style="margin-top: -600px; background-image: url(https://x.example/a.png); ' +
      'color: expression(alert(1)); display: block">x</p>';
    expect(sanitizeRichText(html, 'any')).toBe('<p>x</p>');
  });

  it('sizes images, and only images', () => {
    expect(
      sanitizeRichText(
        '<img src="https://cdn.example/logo.png" alt="Logo" style="width: 120px; max-width: 100%; position: fixed">' +
          '<p style="width: 100vw">x</p>',
        'any',
      ),
    ).toBe(
      '<img src="https://cdn.example/logo.png" alt="Logo" style="width:120px;max-width:100%" /><p>x</p>',
    );
  });
});

describe('sanitizeRichText: images', () => {
  it('removes a tracking pixel loaded over http', () => {
    expect(sanitizeRichText(`<p>Welcome${PIXEL}</p>`, 'any')).toBe('<p>Welcome</p>');
  });

  it('keeps https images and the links of files uploaded here', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/logo.png" alt="Logo">', 'any')).toBe(
      '<img src="https://cdn.example/logo.png" alt="Logo" />',
    );
    expect(sanitizeRichText(`<img src="${OWN_FILE}">`, 'any')).toBe(
      `<img src="${OWN_FILE.replace('&', '&amp;')}" />`,
    );
  });

  it('keeps https images only from the hosts the operator allows, and always the files uploaded here', () => {
    const hosts = ['cdn.example', 'assets.example:8443'];
    expect(sanitizeRichText('<img src="https://cdn.example/logo.png">', hosts)).toBe(
      '<img src="https://cdn.example/logo.png" />',
    );
    expect(sanitizeRichText('<img src="https://ASSETS.example:8443/a.png">', hosts)).toBe(
      '<img src="https://ASSETS.example:8443/a.png" />',
    );
    for (const src of [
      'https://tracker.example/p.gif',
      'https://cdn.example.evil/p.gif',
      'https://assets.example/a.png',
    ]) {
      expect(sanitizeRichText(`<img src="${src}">`, hosts), src).toBe('');
    }
    expect(sanitizeRichText('<img src="https://cdn.example/logo.png">', [])).toBe('');
    expect(sanitizeRichText(`<img src="${OWN_FILE}">`, [])).toBe(
      `<img src="${OWN_FILE.replace('&', '&amp;')}" />`,
    );
  });

  it('removes images from any other scheme or path', () => {
    const sources = [
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      '//tracker.example/p.gif',
      '/\\tracker.example/p.gif',
      '/api/v1/files/../../users/me/',
      '/api/v1/users/me/',
      'p.gif',
      ' https://cdn.example/logo.png',
    ];
    for (const src of sources) expect(sanitizeRichText(`<img src="${src}">`, 'any'), src).toBe('');
  });
});

describe('sanitized through the API', () => {
  let t: TestApp;
  let f: FormFactories;
  let owner: TestAdmin;

  beforeAll(async () => {
    ({ t, f, owner } = await startFormsTest());
  });
  afterAll(() => t.close());

  it('saves a page header without its overlay and tracking pixel', async () => {
    const created = await f.api(owner.token, 'POST', 'page-headers/', {
      team: owner.team.id,
      title: 'Banner',
      html: `${OVERLAY}<p style="color: navy">Apply by May${PIXEL}</p>`,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().html).toBe(
      '<div>Your session expired: sign in again</div><p style="color:navy">Apply by May</p>',
    );
  });

  it('cleans a header saved before this policy when the public form shows it', async () => {
    const [header] = await t.db
      .insert(pageHeaders)
      .values({ teamId: owner.team.id, title: 'Old', html: `${OVERLAY}${PIXEL}` })
      .returning();
    const form = await f.createForm(owner.token, owner.team.id, { page_header: header?.id, published: true });
    const reply = await t.request({ method: 'GET', url: `/api/v1/intake-forms/${form.id}/public/` });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().page_header).toBe('<div>Your session expired: sign in again</div>');
  });
});

describe('with RICH_TEXT_IMAGE_HOSTS', () => {
  let t: TestApp;
  let f: FormFactories;
  let owner: TestAdmin;

  beforeAll(async () => {
    ({ t, f, owner } = await startFormsTest({ env: { RICH_TEXT_IMAGE_HOSTS: 'cdn.example' } }));
  });
  afterAll(() => t.close());

  it('keeps the images of an allowed host in a page header and drops the others', async () => {
    const created = await f.api(owner.token, 'POST', 'page-headers/', {
      team: owner.team.id,
      title: 'Banner',
      html: '<p>Apply<img src="https://cdn.example/logo.png"><img src="https://tracker.example/p.gif"></p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().html).toBe('<p>Apply<img src="https://cdn.example/logo.png" /></p>');
  });
});
