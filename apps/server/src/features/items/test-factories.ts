import { dataModels, datumFields } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

type FieldValues = Partial<typeof datumFields.$inferInsert>;

/** Item types and fields written straight to the database: their endpoints belong to another feature. */
export function itemFactories(t: TestApp) {
  async function createDataModel(teamId: number, title = 'Startups') {
    const [model] = await t.db.insert(dataModels).values({ teamId, title }).returning();
    if (!model) throw new Error('no data model');
    return model;
  }

  async function createField(dataModelId: number, resourcetype: string, values: FieldValues = {}) {
    const [field] = await t.db
      .insert(datumFields)
      .values({ dataModelId, resourcetype, label: `${resourcetype} field`, ...values })
      .returning();
    if (!field) throw new Error('no field');
    return field;
  }

  /** An admin with a team, an item type, and one field of each kind. */
  async function createItemSetup() {
    const admin = await t.createAdmin();
    const model = await createDataModel(admin.team.id);
    const text = await createField(model.id, 'text', { responseMaxLength: 20 });
    const choice = await createField(model.id, 'choice', {
      options: [{ label: 'Seed' }, { label: 'Series A' }, { label: 'Series B' }],
    });
    const multiple = await createField(model.id, 'choice', {
      multiple: true,
      options: [{ label: 'Health' }, { label: 'Energy' }, { label: 'Food' }],
    });
    const file = await createField(model.id, 'file', { mimeTypes: ['application/pdf'], maxSizeBytes: 2048 });
    const budget = await createField(model.id, 'custom', { customType: 'budget' });
    return { ...admin, model, fields: { text, choice, multiple, file, budget } };
  }

  /** An item created through the API, as a client would. */
  async function createDataset(token: string, dataModelId: number, body: Record<string, unknown> = {}) {
    const reply = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/',
      token,
      payload: { data_model: dataModelId, title: 'Acme', ...body },
    });
    if (reply.statusCode !== 201) throw new Error(`dataset not created: ${reply.body}`);
    return reply.json() as { id: number; datum_values: { id: number; datum_field: number }[] };
  }

  return { createDataModel, createField, createItemSetup, createDataset };
}
