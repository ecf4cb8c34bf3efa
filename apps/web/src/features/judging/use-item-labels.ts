import type { AnswerViewIssue } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import './resources';

/** The selection's own words for its items ("startup" / "startups"), in the page's language. */
export function useItemLabels(
  issue: Pick<AnswerViewIssue, 'item_label_singular_en' | 'item_label_plural_en'>,
) {
  const { t } = useTranslation('judging');
  const label = (word: string) => t(`labels.${word}` as 'labels.item', { defaultValue: word });
  return { item: label(issue.item_label_singular_en), items: label(issue.item_label_plural_en) };
}
