import { CHOICE_RESPONSE_SEPARATOR, type PublicQuestion } from '@shortlist/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datumFieldConditions, datumFields } from '../../db/schema/index.ts';
import { toDatumField } from '../item-types/field-replies.ts';
import type { FieldRow } from '../items/answers.ts';

export interface Question {
  field: FieldRow;
  condition: { datumFieldId: number; value: string } | null;
}

/** The form's questions (its item type's fields shown on forms) in order, with their conditions, in one query. */
export async function loadQuestions(db: Db, dataModelId: number): Promise<Question[]> {
  const rows = await db
    .select({ field: datumFields, condition: datumFieldConditions })
    .from(datumFields)
    .leftJoin(datumFieldConditions, eq(datumFieldConditions.id, datumFields.conditionId))
    .where(and(eq(datumFields.dataModelId, dataModelId), eq(datumFields.onForms, true)))
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  return rows.map(({ field, condition }) => ({
    field,
    condition: condition && { datumFieldId: condition.datumFieldId, value: condition.value },
  }));
}

/** An answer as visibility sees it: its text (choices joined by ' || '). */
export type AnswerTexts = Map<number, string | null | undefined>;

function matches(answer: string | null | undefined, value: string) {
  if (!answer) return false;
  const expected = value.trim();
  return (
    answer.trim() === expected ||
    answer.split(CHOICE_RESPONSE_SEPARATOR).some((part) => part.trim() === expected)
  );
}

/**
 * The ids of the questions shown for these answers: a question with a condition shows only when the
 * referenced question is itself shown and its answer equals the value (for several choices: is one
 * of them). A chain that loops hides its questions.
 */
export function visibleQuestionIds(questions: Question[], answers: AnswerTexts): Set<number> {
  const byId = new Map(questions.map((question) => [question.field.id, question]));
  const memo = new Map<number, boolean>();
  const isVisible = (id: number, path: Set<number>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const question = byId.get(id);
    if (!question || path.has(id)) return false;
    const { condition } = question;
    const visible =
      !condition ||
      (isVisible(condition.datumFieldId, new Set([...path, id])) &&
        matches(answers.get(condition.datumFieldId), condition.value));
    memo.set(id, visible);
    return visible;
  };
  return new Set(
    questions.filter((question) => isVisible(question.field.id, new Set())).map((q) => q.field.id),
  );
}

/** A question as the public page renders it: the field without its admin settings, with its condition. */
export function toPublicQuestion({ field, condition }: Question): PublicQuestion {
  const {
    data_model,
    order,
    on_forms,
    on_issues,
    template_variable_email,
    condition: _id,
    ...question
  } = toDatumField(field);
  return {
    ...question,
    condition: condition && { datum_field: condition.datumFieldId, value: condition.value },
  };
}
