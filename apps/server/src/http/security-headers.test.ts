import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';worker-src 'self' blob:";

/** A page's protections, literally as helmet sent them with the app's policy (before they were written once). */
const DOCUMENT_HEADERS = {
  'content-security-policy': PAGE_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** An API reply's: those that apply to what is not a page, and a policy that loads nothing. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name in DOCUMENT_HEADERS));

describe('security headers', () => {
  it('are on every API reply: a list, a refusal, a bad request, an unknown path, a 401', async () => {
    const admin = await t.createAdmin();
    const replies = [
      await t.request({ method: 'GET', url: `/api/v1/teams/${admin.team.id}/members/`, token: admin.token }),
      await t.request({ method: 'GET', url: '/api/v1/teams/999999/members/', token: admin.token }),
      await t.request({ method: 'GET', url: '/api/v1/datasets/?team=abc', token: admin.token }),
      await t.request({ method: 'GET', url: '/api/v1/nothing-here/' }),
      await t.request({ method: 'GET', url: '/api/v1/users/me/' }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 404, 400, 404, 401]);
    for (const reply of replies) {
      expect(securityHeadersOf(reply.headers)).toEqual(API_HEADERS);
      expect(reply.headers['x-powered-by']).toBeUndefined();
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("are a page's whole set outside the API and on its docs, whose page sets its own policy", async () => {
    const page = await t.request({ method: 'GET', url: '/forms/12' });
    expect(securityHeadersOf(page.headers)).toEqual(DOCUMENT_HEADERS);
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const { 'content-security-policy': docsPolicy, ...docsHeaders } = securityHeadersOf(docs.headers);
    const { 'content-security-policy': _, ...pageHeaders } = DOCUMENT_HEADERS;
    expect(docsHeaders).toEqual(pageHeaders);
    expect(docsPolicy).toContain("default-src 'self'");
  });
});
