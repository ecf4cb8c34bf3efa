import type { FormSection } from '@shortlist/contract';

/**
 * Where section titles stand, by the public page's rule: above the question they are linked to,
 * else above the question at their position, else at the end of the form.
 */
export function placeSections(questions: { id: number }[], sections: FormSection[]) {
  const above = new Map<number, FormSection[]>();
  const atEnd: FormSection[] = [];
  for (const section of [...sections].sort((a, b) => a.position - b.position)) {
    const linked = questions.find((question) => question.id === section.linked_to_df);
    const target = linked ?? questions[section.position];
    if (target) above.set(target.id, [...(above.get(target.id) ?? []), section]);
    else atEnd.push(section);
  }
  return { above, atEnd };
}

/** The wanted position if no section holds it (after reorders a linked title may keep an old one), else the next free. */
export function freePosition(sections: FormSection[], wanted: number) {
  const taken = new Set(sections.map((section) => section.position));
  let position = wanted;
  while (taken.has(position)) position += 1;
  return position;
}
