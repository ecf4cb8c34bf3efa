import { type Decision, type Language, toLanguage } from '@shortlist/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets, formSubmissions, intakeForms, itemDecisions } from '../../db/schema/index.ts';

/** What a mailing reads of each item itself, beyond its answers. */
export interface ItemFacts {
  title: string;
  /**
   * The language its respondent read the form in, else its form's (an item type has at most one form),
   * English without one: every mail about the item is written in it (decision 169).
   */
  language: Language;
  /** The decision to tell, and the one last sent (null: none). */
  decision: Decision | null;
  sentDecision: Decision | null;
}

/** The facts of the items, in one query: an e-mail's render reads them once per chunk of items. */
export async function itemFacts(db: Db, datasetIds: number[]): Promise<Map<number, ItemFacts>> {
  if (datasetIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: datasets.id,
      title: datasets.title,
      language: sql<string | null>`coalesce(${formSubmissions.language}, ${intakeForms.languageCode})`,
      decision: itemDecisions.decision,
      sentDecision: itemDecisions.sentDecision,
    })
    .from(datasets)
    .leftJoin(formSubmissions, eq(formSubmissions.datasetId, datasets.id))
    .leftJoin(intakeForms, eq(intakeForms.dataModelId, datasets.dataModelId))
    .leftJoin(itemDecisions, eq(itemDecisions.datasetId, datasets.id))
    .where(inArray(datasets.id, datasetIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        title: row.title,
        language: toLanguage(row.language),
        decision: row.decision as Decision | null,
        sentDecision: row.sentDecision as Decision | null,
      },
    ]),
  );
}
