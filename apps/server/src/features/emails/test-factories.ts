import { DEFAULT_TEAM_PACKAGE, type TeamPackage } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { datasets, datumValues, formSubmissions, intakeForms, teams } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { itemFactories } from '../items/test-factories.ts';

/**
 * A body that passes the check at save (the sample item's project is not "boom") and takes the render
 * of an item whose project is "boom" past the limits: a failure that only a real item finds.
 */
export const BODY_PAST_LIMITS_FOR_BOOM =
  '<p>Dear {{ project_name }}{% if project_name == "boom" %}{% for i in (1..100000000) %}x{% endfor %}{% endif %}</p>';

export interface ItemSeed {
  title: string;
  /** The item's form submission e-mail; none when absent. */
  email?: string;
  project?: string;
  stage?: string;
}

/**
 * A team allowed mass e-mail, an item type whose fields carry e-mail variables ("project name" →
 * `{{ project_name }}`, "stage" → `{{ stage }}`), a form, and items written straight to the database.
 */
export function emailFactories(t: TestApp) {
  const items = itemFactories(t);

  async function setPackage(teamId: number, values: Partial<TeamPackage>) {
    await t.db
      .update(teams)
      .set({ package: { ...DEFAULT_TEAM_PACKAGE, mass_emails: true, ...values } })
      .where(eq(teams.id, teamId));
  }

  async function createSetup(pkg: Partial<TeamPackage> = {}) {
    const admin = await t.createAdmin();
    await setPackage(admin.team.id, pkg);
    const model = await items.createDataModel(admin.team.id, 'Applications');
    const project = await items.createField(model.id, 'text', {
      label: 'Project',
      templateVariableEmail: 'project name',
      order: 1,
    });
    const stage = await items.createField(model.id, 'choice', {
      label: 'Stage',
      templateVariableEmail: 'stage',
      options: [{ label: 'Seed' }, { label: 'Series A' }],
      order: 2,
    });
    const contact = await items.createField(model.id, 'text', { label: 'Contact', order: 3 });
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: admin.team.id, dataModelId: model.id, title: 'Call', published: true })
      .returning();
    if (!form) throw new Error('no form');

    /** Items with their answers and, when they have an e-mail, a submitted form submission. */
    async function createItems(seeds: ItemSeed[]) {
      const rows = await t.db
        .insert(datasets)
        .values(seeds.map((seed) => ({ teamId: admin.team.id, dataModelId: model.id, title: seed.title })))
        .returning({ id: datasets.id });
      const values = seeds.flatMap((seed, i) => {
        const datasetId = rows[i]?.id ?? 0;
        return [
          ...(seed.project
            ? [{ datasetId, datumFieldId: project.id, resourcetype: 'text', response: seed.project }]
            : []),
          ...(seed.stage
            ? [{ datasetId, datumFieldId: stage.id, resourcetype: 'choice', response: seed.stage }]
            : []),
        ];
      });
      if (values.length > 0) await t.db.insert(datumValues).values(values);
      const submissions = seeds.flatMap((seed, i) =>
        seed.email
          ? [
              {
                formId: form?.id ?? 0,
                datasetId: rows[i]?.id ?? 0,
                email: seed.email,
                status: 'submitted',
                tokenHash: `hash-${rows[i]?.id}`,
              },
            ]
          : [],
      );
      if (submissions.length > 0) await t.db.insert(formSubmissions).values(submissions);
      return rows.map((row) => row.id);
    }

    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      t.request({
        method,
        url: `/api/v1/${url}`,
        token: admin.token,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });

    async function createTemplate(values: Record<string, unknown> = {}) {
      const reply = await api('POST', 'email-templates/', {
        team: admin.team.id,
        title: 'Invitation',
        subject: 'News for {{ title }}',
        html_content: '<p>Dear {{ project_name }} ({{ stage }}),</p><p>welcome.</p>',
        ...values,
      });
      if (reply.statusCode !== 201) throw new Error(`template not created: ${reply.body}`);
      return reply.json() as { id: number };
    }

    /** A batch with e-mails for these items, rendered with a new template unless told otherwise. */
    async function createBatch(datasetIds: number[], options: { render?: boolean; template?: number } = {}) {
      const template = options.template ?? (await createTemplate()).id;
      const created = await api('POST', 'email-batches/', {
        team: admin.team.id,
        title: 'Round 1',
        template,
      });
      if (created.statusCode !== 201) throw new Error(`batch not created: ${created.body}`);
      const batch = created.json() as { id: number };
      const emails = await api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: datasetIds });
      if (emails.statusCode !== 200) throw new Error(`e-mails not created: ${emails.body}`);
      if (options.render !== false) {
        const rendered = await api('POST', `email-batches/${batch.id}/render_emails/`, {});
        if (rendered.statusCode !== 200) throw new Error(`not rendered: ${rendered.body}`);
      }
      return { id: batch.id, template, created: emails.json() };
    }

    return {
      ...admin,
      model,
      form,
      fields: { project, stage, contact },
      createItems,
      api,
      createTemplate,
      createBatch,
    };
  }

  return { createSetup, setPackage };
}
