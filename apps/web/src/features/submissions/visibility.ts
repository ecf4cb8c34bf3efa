import { CHOICE_RESPONSE_SEPARATOR, type PublicQuestion, type PublicSection } from '@shortlist/contract';

const matches = (answer: string | undefined, value: string) =>
  Boolean(answer) &&
  (answer?.trim() === value.trim() ||
    (answer ?? '').split(CHOICE_RESPONSE_SEPARATOR).some((part) => part.trim() === value.trim()));

/**
 * The questions shown for these answers, as the server decides it: a question with a condition
 * shows when the referenced question is shown and its answer equals the value (or, for several
 * choices, is one of them).
 */
export function visibleQuestionIds(questions: PublicQuestion[], answers: Map<number, string | undefined>) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const memo = new Map<number, boolean>();
  const isVisible = (id: number, path: number[]): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const question = byId.get(id);
    if (!question || path.includes(id)) return false;
    const { condition } = question;
    const visible =
      !condition ||
      (isVisible(condition.datum_field, [...path, id]) &&
        matches(answers.get(condition.datum_field), condition.value));
    memo.set(id, visible);
    return visible;
  };
  return new Set(questions.filter((question) => isVisible(question.id, [])).map((question) => question.id));
}

/** The section titles to show above each question (by id), and those left for the end of the form. */
export function placeSections(questions: PublicQuestion[], sections: PublicSection[]) {
  const above = new Map<number, PublicSection[]>();
  const atEnd: PublicSection[] = [];
  for (const section of sections) {
    const linked = questions.find((question) => question.id === section.linked_to_df);
    const target = linked ?? questions[section.position];
    if (target) above.set(target.id, [...(above.get(target.id) ?? []), section]);
    else atEnd.push(section);
  }
  return { above, atEnd };
}
