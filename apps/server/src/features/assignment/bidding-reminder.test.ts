import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueBids, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { judgingFactories } from '../judging/test-factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof judgingFactories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = judgingFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('POST issues/{id}/bidding/remind/', () => {
  it('mails the judges who have not bid a link to their bidding page, each in their language', async () => {
    const { admin, issue, items, judge } = await f.createSetup('RatingIssue', { title: 'Grants 2027' });
    const french = await f.addJudge(issue.id, { email: 'juge@example.org' });
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
    const bidder = await f.addJudge(issue.id, { email: 'bidder@example.org' });
    await t.db
      .insert(issueBids)
      .values({ accessId: bidder.access.id, datasetId: items[0]?.id as number, bid: 'eager' });
    await t.request({
      method: 'PUT',
      url: `/api/v1/issues/${issue.id}/bidding/`,
      token: admin.token,
      payload: { deadline: '2027-03-01T12:00:00Z' },
    });

    const reply = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/bidding/remind/`,
      token: admin.token,
      payload: {},
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ sent: 2, failed: 0 });
    const to = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
    expect(to('bidder@example.org')).toEqual([]);
    const english = decodeBody(to(judge.user.email)[0]?.raw ?? '');
    expect(english).toContain('Subject: Your fields and preferences: Grants 2027');
    expect(english).toContain(`/selection/${issue.id}/bids?token=${judge.token}`);
    expect(english).toContain('Before');
    const inFrench = decodeBody(to('juge@example.org')[0]?.raw ?? '');
    expect(inFrench).toContain('va répartir les éléments de la sélection « Grants 2027 »');
    expect(inFrench).toContain(`/selection/${issue.id}/bids?token=${french.token}`);

    const named = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/bidding/remind/`,
      token: admin.token,
      payload: { users: [bidder.user.id] },
    });
    expect(named.json()).toEqual({ sent: 1, failed: 0 });
    const bad = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/bidding/remind/`,
      token: admin.token,
      payload: { users: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty(['users.0']);
    const stranger = await t.createAdmin();
    const foreign = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/bidding/remind/`,
      token: stranger.token,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});
