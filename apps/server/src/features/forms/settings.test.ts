import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issues, pageHeaders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { type FormFactories, startFormsTest, type TestAdmin } from './test-factories.ts';

let t: TestApp;
let f: FormFactories;
let owner: TestAdmin;
let stranger: TestAdmin;

beforeAll(async () => {
  ({ t, f, owner, stranger } = await startFormsTest());
});
afterAll(() => t.close());

describe('page-headers/', () => {
  it('creates, lists, changes and deletes headers with their HTML sanitized', async () => {
    const created = await f.api(owner.token, 'POST', 'page-headers/', {
      team: owner.team.id,
      title: 'Banner',
      html: '<h1 onclick="steal()">Welcome</h1><script>alert(1)</script><a href="javascript:x()">x</a>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const header = created.json();
    expect(header).toMatchObject({ team: owner.team.id, title: 'Banner', html: '<h1>Welcome</h1><a>x</a>' });
    await f.api(stranger.token, 'POST', 'page-headers/', {
      team: stranger.team.id,
      title: 'Theirs',
      html: '',
    });

    const list = (await f.api(owner.token, 'GET', `page-headers/?team=${owner.team.id}`)).json();
    expect(list.results).toEqual([header]);
    const changed = await f.api(owner.token, 'PATCH', `page-headers/${header.id}/`, {
      html: '<p>New<iframe></iframe></p>',
    });
    expect(changed.json()).toMatchObject({ title: 'Banner', html: '<p>New</p>' });

    const form = await f.createForm(owner.token, owner.team.id, { page_header: header.id });
    expect(form.page_header).toBe(header.id);
    await f.expectStatus(await f.api(owner.token, 'DELETE', `page-headers/${header.id}/`), 204);
    expect((await f.getForm(owner.token, form.id)).page_header).toBeNull();
  });

  it('refuses bad input and answers 404 for another team', async () => {
    const post = (payload: object) => f.api(owner.token, 'POST', 'page-headers/', payload);
    expect((await post({ team: owner.team.id, html: '' })).json()).toEqual({
      title: ['This field is required.'],
    });
    expect((await post({ team: owner.team.id, title: 'x'.repeat(151), html: '' })).json()).toEqual({
      title: ['Ensure this field has no more than 150 characters.'],
    });
    expect((await post({ team: stranger.team.id, title: 'x', html: '' })).statusCode).toBe(404);
    const [theirs] = await t.db
      .insert(pageHeaders)
      .values({ teamId: stranger.team.id, title: 'T', html: '' })
      .returning();
    if (!theirs) throw new Error('no header');
    expect(
      (await f.api(owner.token, 'PATCH', `page-headers/${theirs.id}/`, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await f.api(owner.token, 'DELETE', `page-headers/${theirs.id}/`)).statusCode).toBe(404);
    expect((await f.api(owner.token, 'GET', `page-headers/?team=${stranger.team.id}`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(pageHeaders).where(eq(pageHeaders.id, theirs.id));
    expect(kept?.title).toBe('T');
    const form = await f.createForm(owner.token, owner.team.id);
    const bad = await f.api(owner.token, 'PATCH', `intake-forms/${form.id}/`, { page_header: theirs.id });
    expect(bad.json()).toEqual({ page_header: [`Invalid pk "${theirs.id}" - object does not exist.`] });
  });
});

describe('css-themes/', () => {
  it('offers the built-in themes to every team, each with its stylesheet', async () => {
    const reply = await f.api(owner.token, 'GET', `css-themes/?team=${owner.team.id}&destination=form`);
    expect(reply.statusCode).toBe(200);
    const themes = reply.json().results;
    expect(themes.map((theme: { name: string }) => theme.name)).toEqual(['Classic', 'Ocean', 'Forest']);
    expect(themes[0]).toMatchObject({ team: null, path: '/themes/classic.css', destination: 'form' });
    const form = await f.createForm(owner.token, owner.team.id, { css_theme: themes[1].id });
    expect(form.css_theme).toBe(themes[1].id);
    expect((await f.api(owner.token, 'GET', `css-themes/?team=${stranger.team.id}`)).statusCode).toBe(404);
    expect(
      (await f.api(owner.token, 'GET', `css-themes/?team=${owner.team.id}&destination=page`)).statusCode,
    ).toBe(400);
  });
});

describe('notification-settings/', () => {
  it('sets up, lists, changes and removes the new-submissions notification of a form', async () => {
    const form = await f.createForm(owner.token, owner.team.id);
    const created = await f.api(owner.token, 'POST', 'notification-settings/', {
      form: form.id,
      type: 'new_form_submissions',
      frequency: 'daily',
    });
    expect(created.statusCode, created.body).toBe(201);
    const setting = created.json();
    expect(setting).toMatchObject({
      form: form.id,
      issue: null,
      type: 'new_form_submissions',
      frequency: 'daily',
      active: true,
    });
    const again = await f.api(owner.token, 'POST', 'notification-settings/', {
      form: form.id,
      type: 'new_form_submissions',
    });
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS' });

    expect(
      (await f.api(owner.token, 'GET', `notification-settings/?form=${form.id}`)).json().results,
    ).toEqual([setting]);
    const changed = await f.api(owner.token, 'PATCH', `notification-settings/${setting.id}/`, {
      active: false,
      frequency: 'immediate',
    });
    expect(changed.json()).toMatchObject({ active: false, frequency: 'immediate' });
    expect(
      (
        await f.api(owner.token, 'PATCH', `notification-settings/${setting.id}/`, { frequency: 'weekly' })
      ).json(),
    ).toEqual({
      frequency: ['"weekly" is not a valid choice.'],
    });
    await f.expectStatus(await f.api(owner.token, 'DELETE', `notification-settings/${setting.id}/`), 204);
    expect((await f.api(owner.token, 'GET', `notification-settings/?form=${form.id}`)).json().count).toBe(0);
  });

  it('also serves selections, and answers 404 for another team', async () => {
    const [issue] = await t.db
      .insert(issues)
      .values({ teamId: owner.team.id, resourcetype: 'RatingIssue', title: 'Jury' })
      .returning();
    if (!issue) throw new Error('no issue');
    const created = await f.api(owner.token, 'POST', 'notification-settings/', {
      issue: issue.id,
      type: 'new_selection_submissions',
    });
    expect(created.json()).toMatchObject({ issue: issue.id, form: null, frequency: 'immediate' });
    expect(
      (await f.api(owner.token, 'POST', 'notification-settings/', { type: 'new_form_submissions' })).json(),
    ).toEqual({
      form: ['This field is required.'],
    });
    expect((await f.api(owner.token, 'GET', 'notification-settings/')).json()).toEqual({
      form: ['This field is required.'],
    });

    const theirs = await f.createForm(stranger.token, stranger.team.id);
    const setting = (
      await f.api(stranger.token, 'POST', 'notification-settings/', {
        form: theirs.id,
        type: 'new_form_submissions',
      })
    ).json();
    expect(
      (
        await f.api(owner.token, 'POST', 'notification-settings/', {
          form: theirs.id,
          type: 'new_form_submissions',
        })
      ).statusCode,
    ).toBe(404);
    expect((await f.api(owner.token, 'GET', `notification-settings/?form=${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await f.api(owner.token, 'PATCH', `notification-settings/${setting.id}/`, { active: false }))
        .statusCode,
    ).toBe(404);
    expect((await f.api(owner.token, 'DELETE', `notification-settings/${setting.id}/`)).statusCode).toBe(404);
    expect(
      (await f.api(stranger.token, 'GET', `notification-settings/?form=${theirs.id}`)).json().results[0]
        .active,
    ).toBe(true);
  });
});
