import type { ItemType } from '@shortlist/contract';

/** What the blind review's picker reads of an item type. */
export type QuestionsOfType = Pick<ItemType, 'id' | 'label'> & {
  datum_fields: Pick<ItemType['datum_fields'][number], 'id' | 'label' | 'identifying'>[];
};

const sameLabel = (label: string) => label.trim().toLocaleLowerCase();

/**
 * The questions that several item types ask under one label ("Founder" in two calls): each can be hidden
 * in every item type at once. The label as the first item type writes it, and every field that has it.
 */
export function sharedQuestions(types: QuestionsOfType[]): { label: string; ids: number[] }[] {
  const byLabel = new Map<string, { label: string; ids: number[]; types: Set<number> }>();
  for (const type of types)
    for (const field of type.datum_fields) {
      const key = sameLabel(field.label);
      const entry = byLabel.get(key) ?? { label: field.label.trim(), ids: [], types: new Set() };
      entry.ids.push(field.id);
      entry.types.add(type.id);
      byLabel.set(key, entry);
    }
  return [...byLabel.values()]
    .filter((entry) => entry.types.size > 1)
    .map(({ label, ids }) => ({ label, ids }));
}

/** The hidden questions with these ticked, or unticked: the others keep their place. */
export function withTicked(value: readonly number[], ids: readonly number[], ticked: boolean): number[] {
  const kept = value.filter((id) => !ids.includes(id));
  return ticked ? [...kept, ...ids.filter((id) => !kept.includes(id))] : kept;
}

/** A shared question's box: ticked when it is hidden in every item type, half when in some. */
export function tickState(value: readonly number[], ids: readonly number[]) {
  const hidden = ids.filter((id) => value.includes(id)).length;
  return { checked: hidden === ids.length, indeterminate: hidden > 0 && hidden < ids.length };
}
