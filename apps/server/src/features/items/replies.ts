import {
  DATASET_TAGS_SEPARATOR,
  type Dataset,
  type DatasetReview,
  type DatasetSubmission,
  type DatumValue,
  type EmailVerificationStatus,
} from '@shortlist/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  datasets,
  datumValues,
  formSubmissions,
  intakeForms,
  issueDatasets,
  issues,
  reviewComments,
  reviewStatuses,
  reviews,
} from '../../db/schema.ts';

export type DatasetRow = typeof datasets.$inferSelect;
export type DatumValueRow = typeof datumValues.$inferSelect;

export function toDatumValue(ctx: AppContext, row: DatumValueRow): DatumValue {
  return {
    id: row.id,
    data_set: row.datasetId,
    datum_field: row.datumFieldId,
    resourcetype: row.resourcetype as DatumValue['resourcetype'],
    response: row.response,
    json_response: row.jsonResponse,
    file: row.fileKey ? row.filename : null,
    filename: row.filename,
    file_size: row.fileSize,
    mime_type: row.mimeType,
    file_url_signed: row.fileKey ? ctx.files.signedUrl(row.fileKey) : null,
  };
}

/** The answers of several items, in one query. */
async function loadDatumValues(db: Db, datasetIds: number[]) {
  return db
    .select()
    .from(datumValues)
    .where(inArray(datumValues.datasetId, datasetIds))
    .orderBy(asc(datumValues.id));
}

/** The reviews of several items with their status and number of comments, in one query. */
async function loadReviews(db: Db, datasetIds: number[]) {
  return db
    .select({
      id: reviews.id,
      datasetId: reviews.datasetId,
      issueId: reviews.issueId,
      status: reviewStatuses,
      commentsCount: count(reviewComments.id),
    })
    .from(reviews)
    .leftJoin(reviewStatuses, eq(reviewStatuses.id, reviews.statusId))
    .leftJoin(reviewComments, eq(reviewComments.reviewId, reviews.id))
    .where(inArray(reviews.datasetId, datasetIds))
    .groupBy(reviews.id, reviewStatuses.id)
    .orderBy(asc(reviews.id));
}

/** The selections of several items, by title, in one query. */
async function loadIssues(db: Db, datasetIds: number[]) {
  return db
    .select({ datasetId: issueDatasets.datasetId, id: issues.id, title: issues.title })
    .from(issueDatasets)
    .innerJoin(issues, eq(issues.id, issueDatasets.issueId))
    .where(inArray(issueDatasets.datasetId, datasetIds))
    .orderBy(asc(issues.title), asc(issues.id));
}

/** The form submissions that created several items, in one query. */
async function loadSubmissions(db: Db, datasetIds: number[]) {
  const rows = await db
    .select({
      datasetId: formSubmissions.datasetId,
      createTime: formSubmissions.createTime,
      email: formSubmissions.email,
      status: formSubmissions.status,
      emailVerificationStatus: formSubmissions.emailVerificationStatus,
    })
    .from(formSubmissions)
    .where(inArray(formSubmissions.datasetId, datasetIds));
  return new Map(
    rows.map((row): [number, DatasetSubmission] => [
      row.datasetId,
      {
        create_time: row.createTime.toISOString(),
        email: row.email,
        is_submitted: row.status === 'submitted',
        email_verification_status: row.emailVerificationStatus as EmailVerificationStatus,
      },
    ]),
  );
}

/** The forms owning these item types, by item type. */
async function loadForms(db: Db, dataModelIds: number[]) {
  const rows = await db
    .select({ id: intakeForms.id, title: intakeForms.title, dataModelId: intakeForms.dataModelId })
    .from(intakeForms)
    .where(inArray(intakeForms.dataModelId, dataModelIds));
  return new Map(rows.map(({ dataModelId, ...form }) => [dataModelId, form]));
}

function groupBy<T>(rows: T[], keyOf: (row: T) => number) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** Replies for a page of items: their answers and reviews come in one query each, never per item. */
export async function toDatasets(ctx: AppContext, rows: DatasetRow[]): Promise<Dataset[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [values, reviewRows, issueRows, submissions, forms] = await Promise.all([
    loadDatumValues(ctx.db, ids),
    loadReviews(ctx.db, ids),
    loadIssues(ctx.db, ids),
    loadSubmissions(ctx.db, ids),
    loadForms(ctx.db, [...new Set(rows.map((row) => row.dataModelId))]),
  ]);
  const issuesByDataset = groupBy(issueRows, (issue) => issue.datasetId);
  const valuesByDataset = groupBy(values, (value) => value.datasetId);
  const reviewsByDataset = groupBy(reviewRows, (review) => review.datasetId);
  return rows.map((row) => {
    const datumValueReplies = (valuesByDataset.get(row.id) ?? []).map((value) => toDatumValue(ctx, value));
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      data_model: row.dataModelId,
      team: row.teamId,
      create_time: row.createTime.toISOString(),
      update_time: row.updateTime.toISOString(),
      tags: row.tags.join(DATASET_TAGS_SEPARATOR),
      has_datum_values: datumValueReplies.length > 0,
      datum_values: datumValueReplies,
      reviews: (reviewsByDataset.get(row.id) ?? []).map(
        (review): DatasetReview => ({
          id: review.id,
          issue: review.issueId,
          status: review.status && {
            id: review.status.id,
            label: review.status.label,
            color: review.status.color,
            bg_color: review.status.bgColor,
          },
          comments_count: Number(review.commentsCount),
        }),
      ),
      issues: (issuesByDataset.get(row.id) ?? []).map(({ id, title }) => ({ id, title })),
      submission: submissions.get(row.id) ?? null,
      form: forms.get(row.dataModelId) ?? null,
    };
  });
}

export async function toDatasetReply(ctx: AppContext, row: DatasetRow): Promise<Dataset> {
  const [reply] = await toDatasets(ctx, [row]);
  if (!reply) throw new Error('dataset reply missing');
  return reply;
}

export async function findDataset(db: Db, id: number) {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  return row;
}
