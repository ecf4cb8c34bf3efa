import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

describe('the request log', () => {
  it("logs a request's method and path, never its query (a link's token, an address searched for)", async () => {
    const path = '/api/v1/issues/1/answer_view/';
    await t.request({ method: 'GET', url: `${path}?token=link-secret-4711&search=ada.erased%40example.org` });
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } },
    );
    expect(logged.find((entry) => entry.msg === 'incoming request')?.req).toMatchObject({
      method: 'GET',
      url: path,
    });
    const everything = lines.join('\n');
    for (const secret of ['link-secret-4711', 'ada.erased']) expect(everything).not.toContain(secret);
  });
});
