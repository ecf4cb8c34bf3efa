import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const REQUIRED = ['This field is required.'];

/** A missing choice, or a missing type, is "required" like any other missing field. */
describe('validation messages of missing choices', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createAdmin']>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createAdmin();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/v1/${url}`, token: admin.token, payload });

  it('says a missing choice is required, and names a wrong one', async () => {
    const status = await post('review-status/', { team: admin.team.id, label: 'Go' });
    expect(status.json()).toEqual({ bg_color: REQUIRED });
    const wrong = await post('review-status/', { team: admin.team.id, label: 'Go', bg_color: 'pink' });
    expect(wrong.json()).toEqual({ bg_color: ['"pink" is not a valid choice.'] });
    const setting = await post('notification-settings/', { form: null, issue: null });
    expect(setting.json()).toMatchObject({ type: REQUIRED });
  });

  it('says a missing resourcetype or custom type is required', async () => {
    const issue = await post('issues/', { team: admin.team.id, title: 'No type' });
    expect(issue.json()).toEqual({ resourcetype: REQUIRED });
    const unknown = await post('issues/', { team: admin.team.id, title: 'Odd', resourcetype: 'PollIssue' });
    expect(unknown.json()).toEqual({ resourcetype: ['"PollIssue" is not a valid choice.'] });

    const type = await post('data-models/', { team: admin.team.id, title: 'Startups' });
    const fields = `data-models/${type.json().id}/datum-fields/`;
    expect((await post(fields, { label: 'Budget' })).json()).toEqual({ resourcetype: REQUIRED });
    const custom = await post(fields, { resourcetype: 'custom', label: 'Budget' });
    expect(custom.json()).toMatchObject({ type: REQUIRED });
  });
});
