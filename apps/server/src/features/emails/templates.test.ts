import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { emailFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = emailFactories(t);
});
afterAll(() => t.close());

describe('e-mail templates', () => {
  it('creates, lists by team, edits and deletes, with the body sanitized', async () => {
    const s = await f.createSetup({ mass_emails: false });
    const created = await s.api('POST', 'email-templates/', {
      team: s.team.id,
      title: 'Welcome',
      description: 'First contact',
      subject: 'Hello {{ title }}',
      html_content: '<p onclick="steal()">Hi <script>alert(1)</script><b>{{ project_name }}</b></p>',
    });
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ team: s.team.id, title: 'Welcome', subject: 'Hello {{ title }}' });
    expect(template.html_content).toBe('<p>Hi <b>{{ project_name }}</b></p>');

    for (let i = 0; i < 11; i += 1) await s.createTemplate({ title: `T${i}` });
    const page = await s.api('GET', `email-templates/?team=${s.team.id}`);
    expect(page.json()).toMatchObject({ count: 12 });
    expect(page.json().results).toHaveLength(10);
    expect(page.json().results[0].title).toBe('T10');
    expect((await s.api('GET', `email-templates/?team=${s.team.id}&search=welc`)).json().count).toBe(1);

    const patched = await s.api('PATCH', `email-templates/${template.id}/`, { title: 'Welcome 2' });
    expect(patched.json()).toMatchObject({ title: 'Welcome 2', subject: 'Hello {{ title }}' });
    expect((await s.api('DELETE', `email-templates/${template.id}/`)).statusCode).toBe(204);
    expect((await s.api('GET', `email-templates/${template.id}/`)).statusCode).toBe(404);
  });

  it('refuses with the spec limits and names an unknown variable when saved', async () => {
    const s = await f.createSetup();
    const post = (values: Record<string, unknown>) =>
      s.api('POST', 'email-templates/', {
        team: s.team.id,
        title: 'T',
        subject: 'S',
        html_content: '<p>B</p>',
        ...values,
      });
    expect((await post({ title: 'x'.repeat(101) })).json()).toEqual({
      title: ['Ensure this field has no more than 100 characters.'],
    });
    expect((await post({ description: 'x'.repeat(401) })).json()).toEqual({
      description: ['Ensure this field has no more than 400 characters.'],
    });
    expect((await post({ subject: 'x'.repeat(256) })).json()).toEqual({
      subject: ['Ensure this field has no more than 255 characters.'],
    });
    expect((await post({ subject: undefined, html_content: '' })).json()).toEqual({
      subject: ['This field is required.'],
      html_content: ['This field may not be blank.'],
    });
    const unknown = await post({
      subject: 'Hi {{ nmae }}',
      html_content: '<p>{{ project_name }} {{ budget }}</p>',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      subject: ['Unknown variable "nmae".'],
      html_content: ['Unknown variable "budget".'],
    });
    const broken = await post({ html_content: '<p>{{ title </p>' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().html_content[0]).toBe(
      'The template cannot be read: output "{{ title </p>" not closed, line:1, col:4',
    );
    // In French, the template engine's reason too.
    for (const [html_content, french] of [
      ['<p>{{ title </p>', 'sortie « {{ title </p> » non fermée, ligne 1, colonne 4'],
      ['<p>{% if title %}hi</p>', 'balise {% if title %} non fermée, ligne 1, colonne 4'],
      ['<p>{% endif %}</p>', 'balise « endif » inconnue, ligne 1, colonne 4'],
    ]) {
      const reply = await t.request({
        method: 'POST',
        url: '/api/v1/email-templates/',
        token: s.token,
        payload: { team: s.team.id, title: 'T', subject: 'S', html_content },
        headers: { 'accept-language': 'fr' },
      });
      expect(reply.json()).toEqual({ html_content: [`Le modèle ne peut pas être lu : ${french}`] });
    }
  });

  it('lists the variables of the team: the title, the decision ones, then each field with an e-mail variable', async () => {
    const s = await f.createSetup();
    const reply = await s.api('GET', `email-templates/variables/?team=${s.team.id}`);
    expect(reply.json()).toEqual([
      { name: 'title', label: 'Title', item_type: null },
      { name: 'rank', label: 'Rank in the selection', item_type: null },
      { name: 'round', label: 'Round', item_type: null },
      { name: 'decision', label: 'Decision', item_type: null },
      { name: 'comments', label: "Judges' shared comments (a list)", item_type: null },
      { name: 'averages', label: 'Criterion averages (a list)', item_type: null },
      { name: 'project_name', label: 'Project', item_type: 'Applications' },
      { name: 'stage', label: 'Stage', item_type: 'Applications' },
    ]);
  });

  it('previews an unsaved template on a real item, its values escaped, with the unsubscribe footer', async () => {
    const s = await f.createSetup();
    expect(
      (
        await s.api('POST', 'email-templates/preview/', { team: s.team.id, subject: 'S', html_content: 'B' })
      ).json(),
    ).toMatchObject({ code: 'NO_ITEM_WITH_EMAIL' });
    const [id] = await s.createItems([
      {
        title: 'Acme & Co',
        email: 'ann@example.org',
        project: '<img src=x onerror=alert(1)>',
        stage: 'Seed',
      },
    ]);
    const reply = await s.api('POST', 'email-templates/preview/', {
      team: s.team.id,
      subject: 'News for {{ title }}',
      html_content: '<p>{{ project_name }} — {% if stage == "Seed" %}early{% endif %}</p>',
    });
    expect(reply.statusCode).toBe(200);
    const preview = reply.json();
    expect(preview).toMatchObject({ dataset: id, to: 'ann@example.org', subject: 'News for Acme & Co' });
    expect(preview.html_message).toContain('<p>&lt;img src=x onerror=alert(1)&gt; — early</p>');
    expect(preview.html_message).toMatch(/href="http:\/\/shortlist\.test\/unsubscribe\/[\w.-]+"/);
  });

  it('answers 404 for another team, on every template endpoint', async () => {
    const s = await f.createSetup();
    const other = await f.createSetup();
    const { id } = await other.createTemplate();
    expect((await s.api('GET', `email-templates/?team=${other.team.id}`)).statusCode).toBe(404);
    expect((await s.api('GET', `email-templates/variables/?team=${other.team.id}`)).statusCode).toBe(404);
    expect((await s.api('GET', `email-templates/${id}/`)).statusCode).toBe(404);
    expect((await s.api('PATCH', `email-templates/${id}/`, { title: 'x' })).statusCode).toBe(404);
    expect((await s.api('DELETE', `email-templates/${id}/`)).statusCode).toBe(404);
    const create = await s.api('POST', 'email-templates/', {
      team: other.team.id,
      title: 'T',
      subject: 'S',
      html_content: 'B',
    });
    expect(create.statusCode).toBe(404);
    const preview = await s.api('POST', 'email-templates/preview/', {
      team: other.team.id,
      subject: 'S',
      html_content: 'B',
    });
    expect(preview.statusCode).toBe(404);
    const [otherItem] = await other.createItems([{ title: 'X', email: 'x@example.org' }]);
    const foreignItem = await s.api('POST', 'email-templates/preview/', {
      team: s.team.id,
      subject: 'S',
      html_content: 'B',
      dataset: otherItem,
    });
    expect(foreignItem.statusCode).toBe(400);
    expect(foreignItem.json()).toHaveProperty('dataset');
    expect((await t.request({ method: 'GET', url: `/api/v1/email-templates/${id}/` })).statusCode).toBe(401);
  });
});
