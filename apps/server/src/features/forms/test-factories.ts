import type { IntakeForm } from '@shortlist/contract';
import { expect } from 'vitest';
import { formSubmissions, tags } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/harness.ts';

type Reply = Awaited<ReturnType<TestApp['request']>>;

/** Forms, questions and tags built through the API, as the admin's page does. */
export function formFactories(t: TestApp) {
  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    t.request({ method, url: `/api/v1/${path}`, token, ...(payload ? { payload } : {}) });

  async function expectStatus(reply: Reply, status: number) {
    expect(reply.statusCode, reply.body).toBe(status);
    return reply;
  }

  async function createForm(token: string, team: number, body: object = {}): Promise<IntakeForm> {
    const reply = await api(token, 'POST', 'intake-forms/', { team, title: 'Call for startups', ...body });
    return (await expectStatus(reply, 201)).json();
  }

  async function addQuestion(token: string, form: IntakeForm, body: Record<string, unknown>) {
    const reply = await api(token, 'POST', `data-models/${form.data_model_id}/datum-fields/`, body);
    return (await expectStatus(reply, 201)).json() as {
      id: number;
      resourcetype: string;
      condition: number | null;
    };
  }

  async function getForm(token: string, id: number): Promise<IntakeForm> {
    return (await expectStatus(await api(token, 'GET', `intake-forms/${id}/`), 200)).json();
  }

  async function createTag(teamId: number, name: string) {
    const [tag] = await t.db.insert(tags).values({ teamId, name }).returning();
    if (!tag) throw new Error('no tag');
    return tag;
  }

  /** A respondent's submission written straight to the table: the public endpoints belong to another feature. */
  async function createSubmission(formId: number, datasetId: number, status = 'submitted') {
    await t.db
      .insert(formSubmissions)
      .values({ formId, datasetId, email: 'ada@example.org', status, tokenHash: 'x'.repeat(64) });
  }

  return { api, expectStatus, createForm, addQuestion, getForm, createTag, createSubmission };
}

export const textQuestion = { resourcetype: 'text', label: 'Your project' };
export const choiceQuestion = {
  resourcetype: 'choice',
  label: 'Stage',
  options: [{ label: 'Idea' }, { label: 'Seed' }],
};

export type FormFactories = ReturnType<typeof formFactories>;
export type TestAdmin = Awaited<ReturnType<TestApp['createAdmin']>>;

/** A test app with the form factories and two admins of two teams: the owner and a stranger. */
export async function startFormsTest(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  return { t, f: formFactories(t), owner: await t.createAdmin(), stranger: await t.createAdmin() };
}
