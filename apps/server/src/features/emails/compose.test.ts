import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeForms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { emailFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof emailFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = emailFactories(t);
});
afterAll(() => t.close());

describe('an e-mail’s footer', () => {
  it('offers to unsubscribe in the language of the item, never in both', async () => {
    const s = await f.createSetup();
    await s.createItems([{ title: 'Acme', email: 'ann@example.org', project: 'Kites' }]);
    const footer = async () => {
      const reply = await s.api('POST', 'email-templates/preview/', {
        team: s.team.id,
        subject: 'News',
        html_content: '<p>{{ project_name }}</p>',
      });
      const html = reply.json().html_message as string;
      return html.slice(html.indexOf('<hr'));
    };

    const english = await footer();
    expect(english).toMatch(/>Unsubscribe<\/a><\/p>$/);
    expect(english).not.toContain('Se désabonner');
    await t.db.update(intakeForms).set({ languageCode: 'fr' }).where(eq(intakeForms.dataModelId, s.model.id));
    const french = await footer();
    expect(french).toMatch(/>Se désabonner<\/a><\/p>$/);
    expect(french).not.toContain('Unsubscribe');
  });
});
