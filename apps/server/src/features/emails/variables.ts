import {
  answerText,
  DECISION_TEMPLATE_VARIABLES,
  type TemplateVariable,
  TITLE_TEMPLATE_VARIABLE,
  templateVariableName,
} from '@shortlist/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dataModels, datumFields, datumValues } from '../../db/schema/index.ts';
import { toAnswerParts } from '../items/answer-parts.ts';
import { decisionScopes, loadMailing, type Mailing, type MailingContext } from './decision-variables.ts';
import { type ItemFacts, itemFacts } from './item-facts.ts';

/** Only text and choice answers can fill an e-mail (spec: template_variable_email). */
const VARIABLE_RESOURCETYPES = ['text', 'choice'];

/** The variables a team's templates may use: the item's title, then every field's e-mail variable. */
export async function teamVariables(db: Db, teamId: number): Promise<TemplateVariable[]> {
  const rows = await db
    .select({
      variable: datumFields.templateVariableEmail,
      label: datumFields.label,
      itemType: dataModels.title,
    })
    .from(datumFields)
    .innerJoin(dataModels, eq(dataModels.id, datumFields.dataModelId))
    .where(
      and(
        eq(dataModels.teamId, teamId),
        isNotNull(datumFields.templateVariableEmail),
        inArray(datumFields.resourcetype, VARIABLE_RESOURCETYPES),
      ),
    )
    .orderBy(asc(dataModels.title), asc(datumFields.order), asc(datumFields.id));
  const variables: TemplateVariable[] = [
    { name: TITLE_TEMPLATE_VARIABLE, label: 'Title', item_type: null },
    ...DECISION_TEMPLATE_VARIABLES.map((name) => ({
      name,
      label: DECISION_VARIABLE_LABELS[name],
      item_type: null,
    })),
  ];
  for (const row of rows) {
    if (!row.variable) continue;
    variables.push({ name: templateVariableName(row.variable), label: row.label, item_type: row.itemType });
  }
  return variables;
}

const DECISION_VARIABLE_LABELS: Record<(typeof DECISION_TEMPLATE_VARIABLES)[number], string> = {
  rank: 'Rank in the selection',
  round: 'Round',
  decision: 'Decision',
  comments: "Judges' shared comments (a list)",
  averages: 'Criterion averages (a list)',
};

/** A value is text, or a list of texts (`comments`, `averages`): the body's engine escapes each. */
export type ItemScope = Record<string, string | string[]>;

/**
 * Each item's values by variable name, for any number of items: its title and its answers to the fields
 * that have an e-mail variable (one query), each as the contract's `answerText` writes it (options joined
 * by commas, a date in words) in the item's language (`ItemFacts`), and the mailing's variables
 * (`decisionScopes`). The facts are the items' own, read once per chunk by the caller.
 */
export async function itemScopes(
  db: Db,
  datasetIds: number[],
  mailing: Mailing,
  facts: Map<number, ItemFacts>,
): Promise<Map<number, ItemScope>> {
  const scopes = new Map<number, ItemScope>();
  if (datasetIds.length === 0) return scopes;
  const [answers, decisions] = await Promise.all([
    db
      .select({
        value: datumValues,
        variable: datumFields.templateVariableEmail,
        format: datumFields.textFormat,
      })
      .from(datumValues)
      .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
      .where(and(inArray(datumValues.datasetId, datasetIds), isNotNull(datumFields.templateVariableEmail))),
    decisionScopes(db, datasetIds, mailing, facts),
  ]);
  for (const id of datasetIds) {
    const item = facts.get(id);
    if (item) scopes.set(id, { ...decisions.get(id), [TITLE_TEMPLATE_VARIABLE]: item.title });
  }
  for (const { value, variable, format } of answers) {
    const scope = scopes.get(value.datasetId);
    if (!scope || !variable || !VARIABLE_RESOURCETYPES.includes(value.resourcetype)) continue;
    const language = facts.get(value.datasetId)?.language ?? 'en';
    scope[templateVariableName(variable)] = answerText(toAnswerParts(value, format), language);
  }
  return scopes;
}

/** One item's scope and language under a mailing: a test e-mail's or a template preview's. */
export async function oneItemScope(db: Db, datasetId: number, context: MailingContext) {
  const [mailing, facts] = await Promise.all([loadMailing(db, context), itemFacts(db, [datasetId])]);
  const scopes = await itemScopes(db, [datasetId], mailing, facts);
  return { scope: scopes.get(datasetId) ?? {}, language: facts.get(datasetId)?.language ?? 'en' };
}
