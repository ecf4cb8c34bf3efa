import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFactories, textQuestion } from '../features/forms/test-factories.ts';
import { judgingFactories } from '../features/judging/test-factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { FIRST_REPLY_SLOT } from './first-reply.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'shortlist-dist-'));
  // As the build writes it (apps/web/index.html): the slot after the root.
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head></head><body><div id="root"></div>${FIRST_REPLY_SLOT}</body></html>`,
  );
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The slot's request and reply as the page reads them, or null when the slot is left empty. */
async function firstReply(url: string) {
  const page = await t.request({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const match =
    /<script type="application\/json" id="first-reply"(?: data-url="([^"]*)")?>(.*?)<\/script>/s.exec(
      page.body,
    );
  if (!match) throw new Error(`no slot in ${page.body}`);
  const [, requestUrl, body] = match;
  if (requestUrl === undefined) {
    expect(body).toBe('');
    return { cache: page.headers['cache-control'], reply: null };
  }
  return {
    cache: page.headers['cache-control'],
    url: requestUrl.replace(/&amp;/g, '&'),
    reply: JSON.parse(body ?? '') as Record<string, unknown>,
  };
}

describe('a public page’s first request answered within its HTML', () => {
  it('writes the published form as anyone gets it, and nothing for a form only its admins see', async () => {
    const f = formFactories(t);
    const admin = await t.createAdmin();
    const form = await f.createForm(admin.token, admin.team.id, { published: true });
    await f.addQuestion(admin.token, form, { ...textQuestion, label: 'Your </script><b>project' });
    const api = await t.request({ method: 'GET', url: `/api/v1/intake-forms/${form.id}/public/` });
    const page = await firstReply(`/forms/${form.id}`);
    expect(page.url).toBe(`/api/v1/intake-forms/${form.id}/public/`);
    // The same reply as the API's, the question's `</script>` kept inside the element.
    expect(page.reply).toEqual(api.json());
    expect(page.cache).toBe('no-store');
    // An unpublished form answers 404 to anyone but its admins: the page asks with its token, as before.
    const draft = await f.createForm(admin.token, admin.team.id, { published: false });
    expect(await firstReply(`/forms/${draft.id}`)).toEqual({ cache: 'no-cache', reply: null });
    expect(await firstReply('/forms/999999')).toEqual({ cache: 'no-cache', reply: null });
  });

  it('writes the answer view of the personal link’s token, and nothing without a token', async () => {
    const { issue, judge } = await judgingFactories(t).createSetup();
    const url = `/api/v1/issues/${issue.id}/answer_view/?token=${judge.token}`;
    const page = await firstReply(`/selection/${issue.id}/answer?token=${judge.token}`);
    expect(page.url).toBe(url);
    expect(page.reply).toEqual((await t.request({ method: 'GET', url })).json());
    expect(page.reply?.items).toHaveLength(3);
    // Signed in, the view is the user's: only the page knows the token, so it asks for the view itself.
    expect((await firstReply(`/selection/${issue.id}/answer`)).reply).toBeNull();
    expect((await firstReply(`/selection/${issue.id}/answer?token=not-a-token`)).reply).toBeNull();
  });

  it('leaves any other page’s slot empty', async () => {
    for (const url of ['/', '/team/3/items', '/forms/12/extra', '/forms/abc']) {
      expect(await firstReply(url)).toEqual({ cache: 'no-cache', reply: null });
    }
  });
});
