import { emailSchema, invalidPkMessage } from '@shortlist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dataModels, datasets, datumFields, datumValues, formSubmissions } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';

/** A pending submission (files still uploading, never committed) has given no address yet. */
export const COMMITTED_SUBMISSION_STATUSES = ['draft', 'submitted'];

/** The address, lower-cased, or null when it is missing or not an e-mail address. */
const addressOf = (text: string | null) => {
  const parsed = emailSchema.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
};

/** A text field of one of the team's item types, whose answers are addresses. */
async function requireEmailField(db: Db, teamId: number, fieldId: number) {
  const [field] = await db
    .select({ id: datumFields.id })
    .from(datumFields)
    .innerJoin(dataModels, eq(dataModels.id, datumFields.dataModelId))
    .where(
      and(eq(datumFields.id, fieldId), eq(dataModels.teamId, teamId), eq(datumFields.resourcetype, 'text')),
    );
  if (!field) throw fieldErrors({ email_field: [invalidPkMessage(fieldId)] });
}

/**
 * Each item's address (see docs/emails.md): its own contact e-mail (an Excel import's e-mail column, or
 * set in its editor), else its form submission's e-mail; or, with `emailFieldId`, its answer to that
 * text field. Items without a valid address are absent from the map.
 */
export async function recipientsOf(
  db: Db,
  teamId: number,
  datasetIds: number[],
  emailFieldId?: number | null,
) {
  const addresses = new Map<number, string>();
  if (emailFieldId) await requireEmailField(db, teamId, emailFieldId);
  for (let i = 0; i < datasetIds.length; i += 5000) {
    const chunk = datasetIds.slice(i, i + 5000);
    const rows = emailFieldId
      ? await db
          .select({ datasetId: datumValues.datasetId, email: datumValues.response })
          .from(datumValues)
          .where(and(eq(datumValues.datumFieldId, emailFieldId), inArray(datumValues.datasetId, chunk)))
      : await db
          .select({
            datasetId: datasets.id,
            email: sql<string | null>`coalesce(${datasets.contactEmail}, ${formSubmissions.email})`,
          })
          .from(datasets)
          .leftJoin(
            formSubmissions,
            and(
              eq(formSubmissions.datasetId, datasets.id),
              inArray(formSubmissions.status, COMMITTED_SUBMISSION_STATUSES),
            ),
          )
          .where(inArray(datasets.id, chunk));
    for (const row of rows) {
      const address = addressOf(row.email);
      if (address) addresses.set(row.datasetId, address);
    }
  }
  return addresses;
}
