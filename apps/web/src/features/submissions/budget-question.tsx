import {
  type BudgetResponse,
  emptyBudget,
  type PublicQuestion,
  readBudgetConfig,
  toLanguage,
} from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { BudgetInput } from '../answers/budget-input';

interface BudgetQuestionProps {
  question: Extract<PublicQuestion, { resourcetype: 'custom' }>;
  value: BudgetResponse | undefined;
  onChange(value: BudgetResponse): void;
}

/**
 * A budget question: its lines in its currency, the admin's or the default ones in the form's language
 * (the page speaks the form's language, form-language.tsx), until the respondent changes them.
 */
export function BudgetQuestion({ question, value, onChange }: BudgetQuestionProps) {
  const { i18n } = useTranslation();
  const budget = value ?? emptyBudget(readBudgetConfig(question.json_config), toLanguage(i18n.language));
  return <BudgetInput value={budget} onChange={onChange} />;
}
