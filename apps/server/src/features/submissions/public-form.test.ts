import { ALREADY_SUBMITTED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cssThemes, formTitles, intakeForms, pageHeaders } from '../../db/schema/index.ts';
import { useSubmissionApp } from './test-factories.ts';

const s = useSubmissionApp();

describe('GET intake-forms/{id}/public/', () => {
  it('gives a stranger what the page needs: ordered questions on forms, conditions, sections, header, theme', async () => {
    const setup = await s.f.createForm({
      description: '<p>Tell us</p>',
      languageCode: 'fr',
      allowPartialSave: true,
    });
    const [header] = await s.t.db
      .insert(pageHeaders)
      .values({ teamId: setup.team.id, title: 'Banner', html: '<b>Hello</b>' })
      .returning();
    const [theme] = await s.t.db
      .insert(cssThemes)
      .values({ name: 'Dark', path: '/themes/dark.css' })
      .returning();
    await s.t.db
      .update(intakeForms)
      .set({ pageHeaderId: header?.id, cssThemeId: theme?.id })
      .where(eq(intakeForms.id, setup.form.id));
    await s.t.db
      .insert(formTitles)
      .values({ formId: setup.form.id, text: 'About you', body: 'A few words', position: 0 });

    const reply = await s.f.getPublic(setup.form.id);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      id: setup.form.id,
      title: 'Call for projects',
      description: '<p>Tell us</p>',
      published: true,
      language_code: 'fr',
      allow_partial_save: true,
      page_header: '<b>Hello</b>',
      css_theme: '/themes/dark.css',
      titles: [{ text: 'About you', body: 'A few words', position: 0 }],
      submission: null,
    });
    expect(body.questions.map((q: { label: string }) => q.label)).toEqual([
      'Project name',
      'Stage',
      'Why seed',
      'Deck',
      'Budget',
    ]);
    expect(body.questions[2].condition).toEqual({ datum_field: setup.fields.stage.id, value: 'Seed' });
    expect(body.questions[3]).toMatchObject({
      resourcetype: 'file',
      mime_types: ['application/pdf'],
      max_size_bytes: 4096,
    });
    expect(body.questions[0]).not.toHaveProperty('template_variable_email');
  });

  it('tells strangers and other teams an unpublished form is not published, and previews it for its admins', async () => {
    const setup = await s.f.createForm({ published: false });
    const other = await s.t.createAdmin();
    for (const token of [undefined, other.token]) {
      const refused = await s.f.getPublic(setup.form.id, '', token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_PUBLISHED', detail: 'This form is not published.' });
    }
    const preview = await s.f.getPublic(setup.form.id, '', setup.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().published).toBe(false);
    expect((await s.f.getPublic(999_999)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reopens a saved draft with its edit link, and refuses a wrong token or a submitted one', async () => {
    const setup = await s.f.createForm({ allowPartialSave: true });
    const created = await s.f.submit({
      form: setup.form.id,
      email: 'bob@example.org',
      datum_values: [{ datum_field: setup.fields.name.id, response: 'Solar boats' }],
    });
    expect((await s.f.commit(created.submission_id, created.edit_token, 'save')).statusCode).toBe(200);

    const query = `?submission=${created.submission_id}&token=${created.edit_token}`;
    const reopened = await s.f.getPublic(setup.form.id, query);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().submission).toMatchObject({
      id: created.submission_id,
      email: 'bob@example.org',
      datum_values: [{ datum_field: setup.fields.name.id, response: 'Solar boats', file: null }],
    });

    const wrong = await s.f.getPublic(setup.form.id, `?submission=${created.submission_id}&token=nope`);
    expect(wrong.statusCode).toBe(404);
    const otherForm = await s.f.createForm();
    expect((await s.f.getPublic(otherForm.form.id, query)).statusCode).toBe(404);

    await s.f.submit({
      form: setup.form.id,
      submission: created.submission_id,
      token: created.edit_token,
      email: 'bob@example.org',
      datum_values: [
        { datum_field: setup.fields.name.id, response: 'Solar boats' },
        { datum_field: setup.fields.stage.id, response: 'Series A' },
      ],
    });
    expect((await s.f.commit(created.submission_id, created.edit_token, 'submit')).statusCode).toBe(200);
    const after = await s.f.getPublic(setup.form.id, query);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({
      code: ALREADY_SUBMITTED,
      detail: 'You have already submitted your responses with this link',
    });
  });
});
