import { DATASET_TITLE_MAX_LENGTH, ERASED_ITEM_TITLE, TITLE_FIELD_EMAIL } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The form's responses titled again after the admin chose another title question (decision 190): each
 * item takes its answer to it, trimmed, else its respondent's e-mail, as a new response is titled
 * (submissions/commit.ts). One statement, whatever the number of responses; an erased item stays erased.
 */
export async function retitleResponses(db: Db, formId: number, titleField: number) {
  const answer =
    titleField === TITLE_FIELD_EMAIL
      ? sql`NULL`
      : sql`(SELECT nullif(btrim(v.response, E' \\t\\r\\n'), '') FROM datum_values v
          WHERE v.dataset_id = s.dataset_id AND v.datum_field_id = ${titleField} LIMIT 1)`;
  await db.execute(sql`
    UPDATE datasets d SET title = left(coalesce(${answer}, s.email), ${DATASET_TITLE_MAX_LENGTH}),
      update_time = now()
    FROM form_submissions s
    WHERE s.form_id = ${formId} AND d.id = s.dataset_id AND d.title <> ${ERASED_ITEM_TITLE}`);
}
