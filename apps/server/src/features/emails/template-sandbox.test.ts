import { readFileSync } from 'node:fs';
import {
  RENDERED_TOO_LONG_MESSAGE,
  refusedFilterMessage,
  refusedTagMessage,
  TEMPLATE_TOO_DEEP_MESSAGE,
  TEMPLATE_TOO_LARGE_MESSAGE,
  TEMPLATE_TOO_MANY_STEPS_MESSAGE,
  unknownVariableMessage,
} from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { BODY_PAST_LIMITS_FOR_BOOM, emailFactories } from './test-factories.ts';

// An admin of any team is the attacker here: every template below is what a person can type or send
// to the API. Each is refused when saved (400 on the field that holds it, nothing stored), or renders
// harmlessly; none reads a file of the server, writes markup into an e-mail or answers 500.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof emailFactories>;
let s: Awaited<ReturnType<ReturnType<typeof emailFactories>['createSetup']>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = emailFactories(t);
  s = await f.createSetup();
  await s.createItems([{ title: 'Acme', email: 'ann@sandbox.test', project: 'Rockets', stage: 'Seed' }]);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** What package.json starts with: were any file of the server read, its text would show this. */
const FILE_TEXT = /"name":|@shortlist|"dependencies"/;

async function save(values: { subject?: string; html_content?: string }) {
  return s.api('POST', 'email-templates/', {
    team: s.team.id,
    title: 'T',
    subject: 'S',
    html_content: 'B',
    ...values,
  });
}
async function preview(values: { subject?: string; html_content?: string }) {
  return s.api('POST', 'email-templates/preview/', {
    team: s.team.id,
    subject: 'S',
    html_content: 'B',
    ...values,
  });
}

/** The template is refused on `field` with `message` when created, edited and previewed, and nothing is kept. */
async function expectRefused(field: 'subject' | 'html_content', source: string, message: string) {
  const created = await save({ [field]: source });
  expect(created.statusCode, source).toBe(400);
  expect(created.json(), source).toEqual({ [field]: [message] });
  expect(created.body).not.toMatch(FILE_TEXT);

  const { id } = await s.createTemplate({ title: 'Kept' });
  const before = (await s.api('GET', `email-templates/${id}/`)).json();
  const patched = await s.api('PATCH', `email-templates/${id}/`, { [field]: source });
  expect(patched.statusCode, source).toBe(400);
  expect(patched.json(), source).toEqual({ [field]: [message] });
  expect((await s.api('GET', `email-templates/${id}/`)).json()).toEqual(before);

  const previewed = await preview({ [field]: source });
  expect(previewed.statusCode, source).toBe(400);
  expect(previewed.json(), source).toEqual({ [field]: [message] });
  expect(previewed.body).not.toMatch(FILE_TEXT);
}

describe('a template reads no file of the server', () => {
  it.each([
    ['include', '<p>{% include "package.json" %}</p>'],
    ['include', "<p>{% include 'package.json' %}</p>"],
    ['render', '<p>{% render "src/config.ts" %}</p>'],
    ['render', '<p>{% render "../../package.json" with title as x %}</p>'],
    ['layout', '<p>{% layout "package.json" %}x</p>'],
    ['block', '<p>{% block body %}x{% endblock %}</p>'],
    ['include', '<p>{% liquid\nassign x = title\ninclude "package.json" %}</p>'],
    ['render', '<p>{%- render "package.json" -%}</p>'],
  ])('refuses the tag %s at save: %s', async (tag, source) => {
    await expectRefused('html_content', source, refusedTagMessage(tag));
  });

  it.each([
    ['include', 'Hi {% include "package.json" %}'],
    ['render', 'Hi {% render "src/config.ts" %}'],
    ['layout', '{% layout "package.json" %}Hi'],
    ['include', '{% liquid include "package.json" %}'],
  ])('refuses the tag %s in the subject too: %s', async (tag, source) => {
    await expectRefused('subject', source, refusedTagMessage(tag));
  });

  it.each([
    ['raw', '<p>{% raw %}{{ "&lt;b&gt;" }}{% endraw %}</p>'],
    ['capture', '<p>{% capture x %}{{ title }}{% endcapture %}{{ x }}</p>'],
    ['tablerow', '<p>{% tablerow i in (1..2) %}{{ i }}{% endtablerow %}</p>'],
    ['cycle', '<p>{% cycle "a", "b" %}</p>'],
    ['increment', '<p>{% increment n %}</p>'],
  ])('refuses the tag %s, which no letter needs, naming it', async (tag, source) => {
    await expectRefused('html_content', source, refusedTagMessage(tag));
  });

  it('names an unknown tag as a template it cannot read', async () => {
    const reply = await save({ html_content: '<p>{% exec "ls" %}</p>' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().html_content[0]).toMatch(/^The template cannot be read: tag "exec" not found/);
  });
});

describe('no markup gets past the escape', () => {
  it.each([
    '<p>{{ "&lt;img src=x onerror=alert(1)&gt;" | raw }}</p>',
    '<p>{{ title | raw }}</p>',
    '<p>{{title|raw}}</p>',
    '<p>{{ title | upcase | raw }}</p>',
    '<p>{{ title | raw | upcase }}</p>',
    '<p>{% echo title | raw %}</p>',
    '<p>{% assign x = title | raw %}{{ x }}</p>',
    '<p>{% liquid\necho title | raw %}</p>',
    '<p>{% if title | raw %}x{% endif %}</p>',
    '<p>{{- title | raw -}}</p>',
  ])('refuses the raw filter at save: %s', async (source) => {
    await expectRefused('html_content', source, refusedFilterMessage('raw'));
  });

  it.each([
    ['map', '<p>{{ title | split: "" | map: "constructor" }}</p>'],
    ['where', '<p>{{ title | split: "" | where: "constructor" }}</p>'],
    ['sort', '<p>{{ title | split: "" | sort: "__proto__" }}</p>'],
    ['json', '<p>{{ title | json }}</p>'],
    ['inspect', '<p>{{ title | inspect }}</p>'],
    ['date', '<p>{{ "now" | date: "%Y" }}</p>'],
    ['base64_decode', '<p>{{ "PGI+" | base64_decode }}</p>'],
    ['escape', '<p>{{ title | escape }}</p>'],
  ])('refuses the filter %s, which a letter does not need', async (filter, source) => {
    await expectRefused('html_content', source, refusedFilterMessage(filter));
  });

  it('reads no property a value inherits, and no variable the team does not have', async () => {
    const reply = await preview({
      subject: '[{{ title.constructor }}]',
      html_content:
        '<p>[{{ title.constructor }}][{{ title["constructor"] }}][{{ title.__proto__ }}]' +
        '{% assign a = title | split: "" %}[{{ a.constructor }}][{{ a.__proto__.constructor }}]' +
        '[{{ a.constructor.constructor }}][{{ title | size }}]</p>',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().subject).toBe('[]');
    expect(reply.json().html_message).toContain('<p>[][][][][][][4]</p>');
    await expectRefused('html_content', '<p>{{ constructor }}</p>', unknownVariableMessage('constructor'));
    await expectRefused('html_content', '<p>{{ __proto__ }}</p>', unknownVariableMessage('__proto__'));
    await expectRefused('subject', '{{ process }}', unknownVariableMessage('process'));
  });
});

describe('render limits are checked when the template is saved', () => {
  const letters = 'a'.repeat(80);
  it.each([
    [
      'a range of a hundred million',
      '<p>{% for i in (1..100000000) %}x{% endfor %}</p>',
      TEMPLATE_TOO_LARGE_MESSAGE,
    ],
    [
      'a text doubled thirty times',
      '<p>{% assign s = title %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s }}</p>',
      TEMPLATE_TOO_LARGE_MESSAGE,
    ],
    [
      'a text multiplied by replace',
      '<p>{% assign s = "aaaaaaaaaa" %}{% for i in (1..8) %}{% assign s = s | replace: "a", "aaaaaaaaaa" %}{% endfor %}{{ s | size }}</p>',
      TEMPLATE_TOO_LARGE_MESSAGE,
    ],
    [
      'a loop that writes too much',
      `<p>{% assign s = "aaaaaaaaaa"${' | replace: "a", "aaaaaaaaaa"'.repeat(4)} %}{% for i in (1..6) %}{{ s }}{% endfor %}</p>`,
      RENDERED_TOO_LONG_MESSAGE,
    ],
    [
      'nested loops that only spin',
      `<p>{% assign a = "${letters}" | split: "" %}{% for i in a %}{% for j in a %}{% for k in a %}{% endfor %}{% endfor %}{% endfor %}</p>`,
      TEMPLATE_TOO_MANY_STEPS_MESSAGE,
    ],
    [
      'a loop whose turns each render many parts',
      `<p>{% assign a = "${letters}" | split: "" %}{% for i in a %}${'{% if i == "b" %}x{% endif %}'.repeat(150)}{% endfor %}</p>`,
      TEMPLATE_TOO_MANY_STEPS_MESSAGE,
    ],
    [
      'three thousand nested conditions',
      `<p>${'{% if title %}'.repeat(3000)}x${'{% endif %}'.repeat(3000)}</p>`,
      TEMPLATE_TOO_DEEP_MESSAGE,
    ],
  ])('refuses %s with a 400 on the field', async (_name, source, message) => {
    await expectRefused('html_content', source, message);
  });

  it('refuses a subject past the limits on the subject', async () => {
    await expectRefused('subject', '{% for i in (1..100000000) %}x{% endfor %}', TEMPLATE_TOO_LARGE_MESSAGE);
  });
});

describe('a render that fails for one item only', () => {
  const BOMB = BODY_PAST_LIMITS_FOR_BOOM;

  it('answers the preview with a 400 on the field, and fails that e-mail of a batch while the others go', async () => {
    const team = await f.createSetup();
    const [bomb, ok1, ok2] = await team.createItems([
      { title: 'Bomb', email: 'bomb@limits.test', project: 'boom' },
      { title: 'One', email: 'one@limits.test', project: 'One' },
      { title: 'Two', email: 'two@limits.test', project: 'Two' },
    ]);
    const template = await team.createTemplate({ html_content: BOMB });

    const previewed = await team.api('POST', 'email-templates/preview/', {
      team: team.team.id,
      subject: 'S',
      html_content: BOMB,
      dataset: bomb,
    });
    expect(previewed.statusCode).toBe(400);
    expect(previewed.json()).toEqual({ html_content: [TEMPLATE_TOO_LARGE_MESSAGE] });

    const batch = await team.createBatch([bomb, ok1, ok2] as number[], { template: template.id });
    const failed = (await team.api('GET', `email-batches/${batch.id}/emails/?status=failed`)).json();
    expect(failed.results).toEqual([
      expect.objectContaining({
        dataset: bomb,
        error: TEMPLATE_TOO_LARGE_MESSAGE,
        email: expect.objectContaining({ status: 1 }),
      }),
    ]);
    expect((await team.api('GET', `email-batches/${batch.id}/`)).json().progress).toMatchObject({
      total: 3,
      draft: 2,
      failed: 1,
    });

    const sent = await team.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    expect(sent.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(
      sink.received
        .flatMap((mail) => mail.to)
        .filter((to) => to.endsWith('limits.test'))
        .sort(),
    ).toEqual(['one@limits.test', 'two@limits.test']);
    const done = (await team.api('GET', `email-batches/${batch.id}/`)).json();
    expect(done).toMatchObject({ status: 'sent', progress: { total: 3, sent: 2, failed: 1, queued: 0 } });
  });

  it('refuses to send a batch none of whose e-mails rendered, and renders it again once fixed', async () => {
    const team = await f.createSetup();
    const [bomb] = await team.createItems([{ title: 'Bomb', email: 'bomb2@limits.test', project: 'boom' }]);
    const template = await team.createTemplate({ html_content: BOMB });
    const batch = await team.createBatch([bomb as number], { template: template.id });
    const refused = await team.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NO_RENDERED_EMAILS');

    await team.api('PATCH', `email-templates/${template.id}/`, {
      html_content: '<p>Dear {{ project_name }}</p>',
    });
    const rendered = await team.api('POST', `email-batches/${batch.id}/render_emails/`, {});
    expect(rendered.json().progress).toMatchObject({ total: 1, draft: 1, failed: 0 });
    const [email] = (await team.api('GET', `email-batches/${batch.id}/emails/`)).json().results;
    expect(email).toMatchObject({ error: null, email: { status: null, subject: 'News for Bomb' } });
  });
});

describe('every e-mail is sanitized as it is rendered', () => {
  it('keeps no script, handler or foreign scheme that an answer brings, in the preview and in the mail sent', async () => {
    const team = await f.createSetup();
    const ids = await team.createItems([
      { title: 'Evil', email: 'evil@sanitize.test', project: 'javascript:alert(1)', stage: 'Seed' },
    ]);
    const template = await team.createTemplate({
      html_content: '<p><a href="{{ project_name }}">site</a> {{ title }}</p>',
    });
    const previewed = await team.api('POST', 'email-templates/preview/', {
      team: team.team.id,
      subject: 'S',
      html_content: '<p><a href="{{ project_name }}">site</a> {{ title }}</p>',
    });
    expect(previewed.json().html_message).toContain('<p><a>site</a> Evil</p>');
    expect(previewed.json().html_message).not.toContain('javascript:');

    const batch = await team.createBatch(ids, { template: template.id });
    await team.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    await drainMailQueue(t.app.ctx);
    const mail = sink.received.find((received) => received.to[0] === 'evil@sanitize.test');
    const raw = decodeBody(mail?.raw ?? '');
    expect(raw).toContain('<p><a>site</a> Evil</p>');
    expect(raw).not.toContain('javascript:');
  });
});

describe('drafts previewed before the sandbox', () => {
  it('must be previewed again (migration 0025): their stored e-mails were not sanitized; sent batches stay', async () => {
    const team = await f.createSetup();
    const ids = await team.createItems([{ title: 'Old', email: 'old@migration.test', project: 'x' }]);
    const draft = await team.createBatch(ids);
    const sent = await team.createBatch(ids);
    await team.api('POST', `email-batches/${sent.id}/send_emails/`, {});
    const migration = new URL('../../db/migrations/0025_email_drafts_render_again.sql', import.meta.url);
    await t.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    expect((await team.api('GET', `email-batches/${draft.id}/`)).json()).toMatchObject({
      is_rendered: false,
    });
    const refused = await team.api('POST', `email-batches/${draft.id}/send_emails/`, {});
    expect(refused.json()).toMatchObject({ code: 'NOT_RENDERED' });
    expect((await team.api('GET', `email-batches/${sent.id}/`)).json()).toMatchObject({
      status: 'sending',
      is_rendered: true,
    });
  });
});
