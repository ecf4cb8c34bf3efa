import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues, intakeForms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';
import { emailFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof emailFactories>;
let items: ReturnType<typeof itemFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = emailFactories(t);
  items = itemFactories(t);
});
afterAll(() => t.close());

describe('e-mail variables', () => {
  it("write each answer as a person reads it, in the language of the item's form", async () => {
    const s = await f.createSetup();
    const founded = await items.createField(s.model.id, 'text', {
      label: 'Founded',
      textFormat: 'date',
      templateVariableEmail: 'founded',
    });
    const sectors = await items.createField(s.model.id, 'choice', {
      label: 'Sectors',
      multiple: true,
      options: [{ label: 'Santé' }, { label: 'Énergie' }],
      templateVariableEmail: 'sectors',
    });
    const [id = 0] = await s.createItems([{ title: 'Acme', email: 'ann@example.org', project: 'Kites' }]);
    await t.db.insert(datumValues).values([
      { datasetId: id, datumFieldId: founded.id, resourcetype: 'text', response: '2025-03-14' },
      { datasetId: id, datumFieldId: sectors.id, resourcetype: 'choice', response: 'Santé || Énergie' },
    ]);
    const preview = async () =>
      (
        await s.api('POST', 'email-templates/preview/', {
          team: s.team.id,
          subject: 'News',
          html_content: '<p>{{ project_name }}: {{ founded }} / {{ sectors }}</p>',
        })
      ).json().html_message as string;

    expect(await preview()).toContain('<p>Kites: Mar 14, 2025 / Santé, Énergie</p>');
    await t.db.update(intakeForms).set({ languageCode: 'fr' }).where(eq(intakeForms.dataModelId, s.model.id));
    expect(await preview()).toContain('<p>Kites: 14 mars 2025 / Santé, Énergie</p>');
  });
});
