import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datumValues,
  formSubmissions,
  intakeForms,
  issueDatasets,
  issues,
  reviewComments,
  reviewStatuses,
  reviews,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { itemFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof itemFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = itemFactories(t);
});
afterAll(() => t.close());

const FILE_LINK = /^\/api\/v1\/files\/key-of-report\?expires=\d+&signature=[0-9a-f]+$/;

/** The reply as text, with the signed link (which holds the time) checked and replaced. */
function withoutSignature(body: string) {
  return JSON.stringify(JSON.parse(body), (key, value) => {
    if (key !== 'file_url_signed' || value === null) return value;
    expect(value).toMatch(FILE_LINK);
    return 'signed';
  });
}

describe('an item’s reply', () => {
  it('is the same text in the list and alone: answers, reviews, selections, submission and form', async () => {
    const { token, team, user, model, fields } = await f.createItemSetup();
    const created = await f.createDataset(token, model.id, {
      title: 'Acme',
      description: 'Rockets',
      tags: 'AI;Health',
      datum_values: [
        { datum_field: fields.text.id, resourcetype: 'text', response: 'Hello "world"' },
        {
          datum_field: fields.budget.id,
          resourcetype: 'custom',
          json_response: { currency: '€', expenses: [{ label: 'Rent', value: 100 }], income: [] },
        },
      ],
    });
    const bare = await f.createDataset(token, model.id, { title: 'Bare' });
    const [file] = await t.db
      .insert(datumValues)
      .values({
        datasetId: created.id,
        datumFieldId: fields.file.id,
        resourcetype: 'file',
        fileKey: 'key-of-report',
        filename: 'report.pdf',
        fileSize: 1234,
        mimeType: 'application/pdf',
      })
      .returning();
    const [form] = await t.db
      .insert(intakeForms)
      .values({ teamId: team.id, dataModelId: model.id, title: 'Call 2026' })
      .returning();
    const [submission] = await t.db
      .insert(formSubmissions)
      .values({
        formId: form?.id ?? 0,
        datasetId: created.id,
        email: 'founder@example.com',
        status: 'submitted',
        tokenHash: 'x'.repeat(64),
        emailVerificationStatus: 'ver',
        createTime: new Date('2026-03-04T05:06:07.891Z'),
      })
      .returning();
    const rating = { teamId: team.id, resourcetype: 'RatingIssue', minRating: 0, maxRating: 5, step: 1 };
    const [zulu, alpha] = await t.db
      .insert(issues)
      .values([
        { ...rating, title: 'Zulu' },
        { ...rating, title: 'Alpha' },
      ])
      .returning();
    await t.db.insert(issueDatasets).values([
      { issueId: zulu?.id ?? 0, datasetId: created.id },
      { issueId: alpha?.id ?? 0, datasetId: created.id },
    ]);
    const [status] = await t.db
      .insert(reviewStatuses)
      .values({ teamId: team.id, label: 'Shortlisted', color: '#000', bgColor: '#d9f7be' })
      .returning();
    const [itemReview, selectionReview] = await t.db
      .insert(reviews)
      .values([
        { datasetId: created.id, statusId: status?.id },
        { datasetId: created.id, issueId: zulu?.id, statusId: null },
      ])
      .returning();
    await t.db.insert(reviewComments).values([
      { reviewId: itemReview?.id ?? 0, creatorId: user.id, content: 'Good' },
      { reviewId: itemReview?.id ?? 0, creatorId: user.id, content: 'Very good' },
    ]);

    const single = await t.request({ method: 'GET', url: `/api/v1/datasets/${created.id}/`, token });
    expect(single.statusCode).toBe(200);
    const item = single.json();
    const [text, budget] = created.datum_values;
    const formSubmission = {
      create_time: submission?.createTime.toISOString(),
      email: 'founder@example.com',
      is_submitted: true,
      email_verification_status: 'ver',
    };
    const expected = {
      id: created.id,
      title: 'Acme',
      description: 'Rockets',
      data_model: model.id,
      team: team.id,
      create_time: item.create_time,
      update_time: item.update_time,
      tags: 'AI;Health',
      has_datum_values: true,
      datum_values: [
        {
          id: text?.id,
          data_set: created.id,
          datum_field: fields.text.id,
          resourcetype: 'text',
          response: 'Hello "world"',
          json_response: null,
          file: null,
          filename: null,
          file_size: null,
          mime_type: null,
          file_url_signed: null,
        },
        {
          id: budget?.id,
          data_set: created.id,
          datum_field: fields.budget.id,
          resourcetype: 'custom',
          response: null,
          json_response: { income: [], currency: '€', expenses: [{ label: 'Rent', value: 100 }] },
          file: null,
          filename: null,
          file_size: null,
          mime_type: null,
          file_url_signed: null,
        },
        {
          id: file?.id,
          data_set: created.id,
          datum_field: fields.file.id,
          resourcetype: 'file',
          response: null,
          json_response: null,
          file: 'report.pdf',
          filename: 'report.pdf',
          file_size: 1234,
          mime_type: 'application/pdf',
          file_url_signed: 'signed',
        },
      ],
      reviews: [
        {
          id: itemReview?.id,
          issue: null,
          status: { id: status?.id, label: 'Shortlisted', color: '#000', bg_color: '#d9f7be' },
          comments_count: 2,
        },
        { id: selectionReview?.id, issue: zulu?.id, status: null, comments_count: 0 },
      ],
      issues: [
        { id: alpha?.id, title: 'Alpha' },
        { id: zulu?.id, title: 'Zulu' },
      ],
      contact_email: null,
      submission: formSubmission,
      submissions: [formSubmission],
      form: { id: form?.id, title: 'Call 2026' },
    };
    expect(item.create_time).toBe(new Date(item.create_time).toISOString());
    expect(withoutSignature(single.body)).toBe(JSON.stringify(expected));

    const list = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/?team=${team.id}&ordering=title`,
      token,
    });
    expect(list.statusCode).toBe(200);
    const bareItem = {
      ...expected,
      id: bare.id,
      title: 'Bare',
      description: '',
      create_time: list.json().results[1].create_time,
      update_time: list.json().results[1].update_time,
      tags: '',
      has_datum_values: false,
      datum_values: [],
      reviews: [],
      issues: [],
      submission: null,
      submissions: [],
    };
    expect(withoutSignature(list.body)).toBe(
      JSON.stringify({
        count: 2,
        next: null,
        previous: null,
        results: [expected, bareItem],
        count_exact: true,
      }),
    );
  });
});
